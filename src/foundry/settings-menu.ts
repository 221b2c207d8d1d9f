/**
 * The one settings menu (core `game.settings.registerMenu`): the active ruleset's world settings,
 * which registerWorldSetting (shared/settings.ts) keeps out of core's flat list and collects here,
 * grouped in sections, each field with the book's default beside it. The GM saves the form; every
 * value is checked first (a number out of its bounds or off its step, a choice not offered, a
 * value of the wrong kind), and one bad value refuses the whole form with a localized message,
 * writing nothing. Only a GM may save: core's server refuses a player's write of a world setting
 * anyway, and the menu says so instead of failing.
 */
import { SYSTEM_ID, SYSTEM_PATH } from "./constants.ts";
import { i18n } from "./shared/env.ts";
import { menuSettings } from "./shared/settings.ts";
import { menuView, readMenuForm } from "./settings-menu-view.ts";
import type { TemplatePart } from "./sheets/base.ts";
import { activeRuleset } from "./settings.ts";

export const SETTINGS_MENU_TEMPLATE = `${SYSTEM_PATH}/templates/settings/settings-menu.hbs`;
export const SETTINGS_MENU_KEY = "rulesetOptions";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/* As in sheets/base.ts: the checker sees the plain class; the mixin is applied at run time. */
const HandlebarsApplication = HandlebarsApplicationMixin(
  ApplicationV2,
) as unknown as typeof ApplicationV2;

function currentValue(key: string): unknown {
  return game.settings.get(SYSTEM_ID, key as never);
}

/** The menu's window: a form of the active ruleset's settings. */
export class SettingsMenuApp extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    id: "fray-settings-menu",
    tag: "form",
    classes: ["fray", "fray-settings-menu"],
    window: { title: "FRAY.SettingsMenu.Title", contentClasses: ["standard-form"] },
    position: { width: 600, height: "auto" as const },
    form: { handler: SettingsMenuApp.#onSubmit, closeOnSubmit: false },
  };

  static PARTS: Record<string, TemplatePart> = {
    form: { template: SETTINGS_MENU_TEMPLATE, scrollable: [""] },
  };

  override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    const context = await super._prepareContext(options);
    const localize = (key: string) => i18n().localize(key);
    return Object.assign(
      context,
      menuView(
        menuSettings(),
        currentValue,
        localize,
        game.user?.isGM === true,
        localize(activeRuleset().label),
      ),
    );
  }

  static async #onSubmit(
    this: SettingsMenuApp,
    _event: Event,
    _form: HTMLFormElement,
    formData: { object: Record<string, unknown> },
  ): Promise<void> {
    if (await this.save(formData.object)) await this.close();
  }

  /**
   * Saves the form's values: refused (with a message, nothing written) for a player or when any
   * value is bad. Resolves to whether the settings now hold the form's values.
   */
  async save(values: Readonly<Record<string, unknown>>): Promise<boolean> {
    const loc = i18n();
    if (game.user?.isGM !== true) {
      ui.notifications?.warn(loc.localize("FRAY.SettingsMenu.Refused.NotGM"));
      return false;
    }
    const read = readMenuForm(menuSettings(), values, currentValue, (key) => loc.localize(key));
    if (!read.ok) {
      ui.notifications?.error(loc.format(read.refusal.key, read.refusal.data));
      return false;
    }
    try {
      for (const [key, value] of read.changes) {
        await game.settings.set(SYSTEM_ID, key as never, value as never);
      }
    } catch (error) {
      console.error(`${SYSTEM_ID} | a setting was not saved`, error);
      ui.notifications?.error(loc.localize("FRAY.SettingsMenu.Refused.NotSaved"));
      return false;
    }
    ui.notifications?.info(loc.localize("FRAY.SettingsMenu.Saved"));
    return true;
  }
}

/** Registers the menu (init, after every setting): one button in core's settings, GM only. */
export function registerSettingsMenu(): void {
  game.settings.registerMenu(SYSTEM_ID, SETTINGS_MENU_KEY as never, {
    name: "FRAY.SettingsMenu.Name",
    label: "FRAY.SettingsMenu.Label",
    hint: "FRAY.SettingsMenu.Hint",
    icon: "fa-solid fa-sliders",
    type: SettingsMenuApp,
    restricted: true,
  });
}

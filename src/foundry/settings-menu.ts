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
import { MENU_SECTIONS, menuSettings } from "./shared/settings.ts";
import type { MenuSetting } from "./shared/settings.ts";
import type { TemplatePart } from "./sheets/base.ts";
import { activeRuleset } from "./settings.ts";

export const SETTINGS_MENU_TEMPLATE = `${SYSTEM_PATH}/templates/settings/settings-menu.hbs`;
export const SETTINGS_MENU_KEY = "rulesetOptions";

type Value = number | boolean | string;

/** One field of the form, as the template shows it. */
export interface MenuField {
  readonly key: string;
  readonly name: string;
  readonly hint: string;
  readonly kind: MenuSetting["kind"];
  readonly value: Value;
  readonly range?: MenuSetting["range"];
  readonly options?: readonly { value: string; label: string; selected: boolean }[];
  /** The book's default, as the GM reads it ("On", "12", a choice's label). */
  readonly bookDefault: string;
}

export interface MenuView {
  readonly ruleset: string;
  readonly editable: boolean;
  readonly sections: readonly { id: string; label: string; fields: readonly MenuField[] }[];
}

type Localize = (key: string) => string;

function shown(setting: MenuSetting, value: Value, localize: Localize): string {
  if (setting.kind === "boolean") return localize(`FRAY.SettingsMenu.${value ? "On" : "Off"}`);
  if (setting.kind === "choice") {
    const label = setting.choices?.[String(value)];
    return label === undefined ? String(value) : localize(label);
  }
  if (setting.kind === "text" && value === "") return localize("FRAY.SettingsMenu.Empty");
  return String(value);
}

/** The form as it opens: the settings' current values, by section, each with its default. */
export function menuView(
  settings: readonly MenuSetting[],
  current: (key: string) => unknown,
  localize: Localize,
  editable: boolean,
  ruleset: string,
): MenuView {
  const field = (setting: MenuSetting): MenuField => {
    const stored = current(setting.key);
    const value = typeof stored === typeof setting.default ? (stored as Value) : setting.default;
    return {
      key: setting.key,
      name: localize(setting.name),
      hint: localize(setting.hint),
      kind: setting.kind,
      value,
      ...(setting.range === undefined ? {} : { range: setting.range }),
      ...(setting.choices === undefined
        ? {}
        : {
            options: Object.entries(setting.choices).map(([id, label]) => ({
              value: id,
              label: localize(label),
              selected: id === String(value),
            })),
          }),
      bookDefault: shown(setting, setting.default, localize),
    };
  };
  const sections = MENU_SECTIONS.map((id) => ({
    id,
    label: localize(`FRAY.SettingsMenu.Section.${id}`),
    fields: settings.filter((setting) => setting.section === id).map(field),
  })).filter((section) => section.fields.length > 0);
  return { ruleset, editable, sections };
}

/** Why a form value is refused: a localization key and its format data. */
export interface MenuRefusal {
  readonly key: string;
  readonly data: Record<string, string | number>;
}

type Read = { ok: true; value: Value } | { ok: false; refusal: MenuRefusal };

function onStep(value: number, range: NonNullable<MenuSetting["range"]>): boolean {
  const steps = (value - range.min) / range.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** One form value, checked against its setting (the form sends numbers as numbers or text). */
export function readMenuValue(setting: MenuSetting, raw: unknown, name: string): Read {
  const refuse = (reason: string, data: Record<string, string | number> = {}): Read => ({
    ok: false,
    refusal: { key: `FRAY.SettingsMenu.Refused.${reason}`, data: { name, ...data } },
  });
  switch (setting.kind) {
    case "boolean":
      return typeof raw === "boolean" ? { ok: true, value: raw } : refuse("NotAFlag");
    case "number": {
      const value =
        typeof raw === "number"
          ? raw
          : typeof raw === "string" && raw.trim() !== ""
            ? Number(raw)
            : NaN;
      if (!Number.isFinite(value)) return refuse("NotANumber");
      const range = setting.range;
      if (range === undefined) return { ok: true, value };
      if (value < range.min || value > range.max || !onStep(value, range)) {
        return refuse("OutOfRange", { min: range.min, max: range.max, step: range.step });
      }
      return { ok: true, value };
    }
    case "choice":
      return typeof raw === "string" && Object.hasOwn(setting.choices ?? {}, raw)
        ? { ok: true, value: raw }
        : refuse("NotAChoice");
    case "text":
      return typeof raw === "string" ? { ok: true, value: raw.trim() } : refuse("NotText");
  }
}

/**
 * The form's values checked, every one: the changes to write (only settings whose value differs),
 * or the first refusal, and then nothing is written.
 */
export function readMenuForm(
  settings: readonly MenuSetting[],
  values: Readonly<Record<string, unknown>>,
  current: (key: string) => unknown,
  localize: Localize,
): { ok: true; changes: readonly [string, Value][] } | { ok: false; refusal: MenuRefusal } {
  const changes: [string, Value][] = [];
  for (const setting of settings) {
    const read = readMenuValue(setting, values[setting.key], localize(setting.name));
    if (!read.ok) return read;
    if (read.value !== current(setting.key)) changes.push([setting.key, read.value]);
  }
  return { ok: true, changes };
}

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

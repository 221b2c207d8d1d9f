/**
 * The two-dice world settings: every number and switch of the rules' options (range scale, aim
 * bonus, wound circles, death margin, bleed intervals …; src/rules/twodice/option-settings.ts),
 * each defaulting to the book or, where it is silent, the README's decision. twodiceOptions()
 * reads them, on every client alike: the referee (the active GM) decides from the world's
 * settings, which only a GM can write, never from anything a player sends.
 *
 * A value the rules refuse (a range-scale text that does not read, an Auto bound above the die …)
 * is reported to the GMs by name when it is set and when it is first read, and the rules then play
 * with the book's numbers until a GM corrects it: no sheet or card breaks on a bad setting.
 */
import type { Checked } from "../../../rules/core/checked.ts";
import {
  BLEED_UNITS,
  TWODICE_OPTION_SETTINGS,
  twodiceOptionsFrom,
} from "../../../rules/twodice/option-settings.ts";
import type { OptionSettingValue } from "../../../rules/twodice/option-settings.ts";
import { DEFAULT_TWODICE_OPTIONS } from "../../../rules/twodice/options.ts";
import type { TwodiceOptions } from "../../../rules/twodice/options.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { labelledChoices, registerWorldSetting } from "../../shared/settings.ts";
import { refusalText } from "../../shared/refusal.ts";
import type { ShownRefusal } from "../../shared/refusal.ts";
import { i18n } from "../../shared/env.ts";

/** The setting's key under the system's namespace ("AimBonus" → "twodiceAimBonus"). */
export function twodiceSettingKey(suffix: string): string {
  return `twodice${suffix}`;
}

/** The settings' keys, as the rules name the options ("AimBonus" …). */
type OptionKey =
  | "DieSides"
  | "RangeScale"
  | "BeyondRangePerStep"
  | "BeyondRangeMaxPenalty"
  | "BeyondRangeMaxSteps"
  | "MovingTarget"
  | "AimBonus"
  | "RollWithIt"
  | "WoundCircles"
  | "UnawareDefense"
  | "AutoMin"
  | "AutoMax"
  | "BleedSlowlyEvery"
  | "BleedSlowlyUnit"
  | "BleedBadlyEvery"
  | "BleedBadlyUnit"
  | "DeathRule"
  | "DeathMargin"
  | "SneakStillPenalty"
  | "MedicineCircumstances"
  | "MedicineTime";

type TwodiceSettingConfig = Record<`fray.twodice${OptionKey}`, OptionSettingValue>;

declare module "fvtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SettingConfig extends TwodiceSettingConfig {}
}

type SettingKey = `twodice${OptionKey}`;

/** The setting's key of an option the rules list (a test holds the two lists together). */
function keyOf(suffix: string): SettingKey {
  return twodiceSettingKey(suffix) as SettingKey;
}

/** Reads one of this module's settings. */
function read(suffix: string): unknown {
  return game.settings.get(SYSTEM_ID, keyOf(suffix));
}

/** The refusal last reported to the GMs, so a bad setting is reported once, not per render. */
let reported: string | null = null;

function report(refusal: ShownRefusal): void {
  const text = i18n().format("FRAY.Twodice.Settings.Refused", {
    why: refusalText((reason) => `FRAY.Twodice.Refusal.${reason}`, refusal),
  });
  if (text === reported) return;
  reported = text;
  if (game.user?.isGM === true) ui.notifications?.warn(text);
}

/** Registers the settings (the seam's registerSettings: settings only). */
export function registerTwodiceSettings(): void {
  for (const option of TWODICE_OPTION_SETTINGS) {
    const kind =
      option.kind === "flag"
        ? { type: Boolean }
        : option.kind === "text"
          ? { type: String }
          : option.kind === "unit"
            ? {
                type: String,
                choices: labelledChoices(BLEED_UNITS, (u) => `FRAY.Twodice.Settings.Unit.${u}`),
              }
            : { type: Number, ...(option.range === undefined ? {} : { range: option.range }) };
    const label = (part: string) => `FRAY.Twodice.Settings.${option.key}.${part}`;
    registerWorldSetting(keyOf(option.key), label, {
      ...kind,
      default: option.initial,
      onChange: () => {
        reported = null;
        twodiceOptions();
      },
    });
  }
}

/** The stored values, by option key (a setting not registered yet keeps its default). */
function storedValues(): Record<string, OptionSettingValue> {
  const values: Record<string, OptionSettingValue> = {};
  for (const option of TWODICE_OPTION_SETTINGS) {
    const id = `${SYSTEM_ID}.${keyOf(option.key)}` as const;
    if (!game.settings.settings.has(id)) continue;
    values[option.key] = read(option.key) as OptionSettingValue;
  }
  return values;
}

/** The rules' options as this world sets them (the book's, while a setting is refused). */
export function twodiceOptions(): Checked<TwodiceOptions> {
  const options = twodiceOptionsFrom(storedValues());
  if (options.ok) return options.value;
  report(options);
  return DEFAULT_TWODICE_OPTIONS;
}

/**
 * A ruleset's world settings, registered one way: shown in the settings form, world scope, named
 * and hinted by the localization keys `label("Name")` and `label("Hint")` (lang/en.json; a
 * template literal, so the language test finds the keys it builds). What differs between settings is
 * only their type, default, range or choices and what a change does.
 */
import { SYSTEM_ID } from "../constants.ts";

export interface WorldSettingSpec {
  readonly type: BooleanConstructor | NumberConstructor | StringConstructor;
  readonly default: number | boolean | string;
  /** The numbers the settings form offers (a Number setting). */
  readonly range?: { readonly min: number; readonly max: number; readonly step: number };
  /** The choices the settings form offers (a String setting): value → localization key. */
  readonly choices?: Readonly<Record<string, string>>;
  readonly onChange?: () => void;
}

/** Registers `key` (under the system's namespace) as a world setting the GM sets in the form. */
export function registerWorldSetting(
  key: string,
  label: (part: "Name" | "Hint") => string,
  spec: WorldSettingSpec,
): void {
  game.settings.register(
    SYSTEM_ID,
    key as never,
    {
      name: label("Name"),
      hint: label("Hint"),
      scope: "world",
      config: true,
      ...spec,
    } as never,
  );
}

/** A setting's choices: each id with its label's localization key. */
export function labelledChoices(
  ids: readonly string[],
  label: (id: string) => string,
): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, label(id)]));
}

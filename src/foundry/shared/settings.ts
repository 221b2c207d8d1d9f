/**
 * A ruleset's world settings, registered one way: world scope, named and hinted by the
 * localization keys `label("Name")` and `label("Hint")` (lang/en.json; a template literal, so the
 * language test finds the keys it builds). What differs between settings is only their type,
 * default, range or choices, their section and what a change does.
 *
 * They are not listed in core's settings window (`config: false`): each is collected, with its
 * section and the book's default, into this session's menu list (`menuSettings()`), which the
 * one settings menu (settings-menu.ts) shows and writes. Only the active ruleset registers its
 * settings, so the list is that ruleset's.
 */
import { SYSTEM_ID } from "../constants.ts";

export interface WorldSettingSpec {
  readonly type: BooleanConstructor | NumberConstructor | StringConstructor;
  readonly default: number | boolean | string;
  /** The numbers the menu accepts (a Number setting). */
  readonly range?: { readonly min: number; readonly max: number; readonly step: number };
  /** The choices the menu offers (a String setting): value → localization key. */
  readonly choices?: Readonly<Record<string, string>>;
  /** The menu's section (a MENU_SECTIONS id); "rules" unless given. */
  readonly section?: MenuSection;
  readonly onChange?: () => void;
}

/** The menu's sections, in the order it shows them. */
export const MENU_SECTIONS = [
  "rules",
  "checks",
  "attack",
  "range",
  "life",
  "movement",
  "scene",
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/** One setting as the menu shows it: what it is, its bounds or choices, the book's default. */
export interface MenuSetting {
  readonly key: string;
  readonly name: string;
  readonly hint: string;
  readonly section: MenuSection;
  readonly kind: "boolean" | "number" | "choice" | "text";
  readonly default: number | boolean | string;
  readonly range?: { readonly min: number; readonly max: number; readonly step: number };
  readonly choices?: Readonly<Record<string, string>>;
}

/** Each session's menu list, by its `game.settings` (one per client; a fresh one per fake world). */
const menus = new WeakMap<object, MenuSetting[]>();

/** The world settings registered this session for the menu, in registration order. */
export function menuSettings(): readonly MenuSetting[] {
  return menus.get(game.settings) ?? [];
}

function kindOf(spec: WorldSettingSpec): MenuSetting["kind"] {
  if (spec.type === Boolean) return "boolean";
  if (spec.type === Number) return "number";
  return spec.choices === undefined ? "text" : "choice";
}

/** Registers `key` (under the system's namespace) as a world setting the GM sets in the menu. */
export function registerWorldSetting(
  key: string,
  label: (part: "Name" | "Hint") => string,
  spec: WorldSettingSpec,
): void {
  const { section, ...setting } = spec;
  game.settings.register(
    SYSTEM_ID,
    key as never,
    {
      name: label("Name"),
      hint: label("Hint"),
      scope: "world",
      config: false,
      ...setting,
    } as never,
  );
  const list = menus.get(game.settings) ?? [];
  menus.set(game.settings, [
    ...list.filter((entry) => entry.key !== key),
    {
      key,
      name: label("Name"),
      hint: label("Hint"),
      section: section ?? "rules",
      kind: kindOf(spec),
      default: spec.default,
      ...(spec.range === undefined ? {} : { range: spec.range }),
      ...(spec.choices === undefined ? {} : { choices: spec.choices }),
    },
  ]);
}

/** A setting's choices: each id with its label's localization key. */
export function labelledChoices(
  ids: readonly string[],
  label: (id: string) => string,
): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, label(id)]));
}

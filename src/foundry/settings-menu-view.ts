/**
 * The rules options menu's view and its reading of the form (settings-menu.ts shows and saves):
 * plain functions of the registered settings, the stored values and the words, no Foundry global,
 * so the browser test renders the same view.
 */
import { MENU_SECTIONS } from "./shared/settings.ts";
import type { MenuSetting } from "./shared/settings.ts";
import { shownSection } from "./settings-sections.ts";

export type Value = number | boolean | string;

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

export type Localize = (key: string) => string;

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
    fields: settings.filter((setting) => shownSection(setting) === id).map(field),
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

/**
 * The two-dice options as a GM's world settings: one setting per number or switch of
 * TwodiceOptions (options.ts), each defaulting to the book (or, where it is silent, the README's
 * product decision), and the one reader that turns the stored values back into checked options.
 *
 * The range scale is one text setting: its marks as "meters:step" pairs, in any order of
 * separators (commas, semicolons or spaces), e.g. "5:1, 10:2, 15:3". An empty text is a scale
 * with no mark: every success hits at any distance. Playing without the death rule is a switch
 * beside the margin (options.ts: `deathMargin: null`).
 *
 * Every value is checked by name: a stored value of the wrong kind (a string where a number
 * belongs, NaN, an infinite or huge number, a unit not in the list) is refused, never used.
 */
import type { Checked } from "../core/checked.ts";
import { checkNumber, shown } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { DEFAULT_TWODICE_OPTIONS, MAX_DIE_SIDES, MAX_METERS } from "./options.ts";
import { checkedTwodiceOptions } from "./options.ts";
import type { BleedInterval, RangeMark, TwodiceCheckReason, TwodiceOptions } from "./options.ts";

/** The most marks a range scale may have (the book's has twelve). */
export const MAX_RANGE_MARKS = 100;
/** The longest range-scale text read (a longer one is refused before it is split). */
export const MAX_RANGE_SCALE_TEXT = 2000;

export type OptionSettingRefusal = TwodiceCheckReason | "badRangeScale";

/** A stored setting's value. */
export type OptionSettingValue = number | string | boolean;

/** One option as a world setting. */
export interface TwodiceOptionSetting {
  /** The setting's name after the ruleset's prefix ("AimBonus" → "twodiceAimBonus"). */
  readonly key: string;
  /** number: a number field; text: the range scale; flag: a switch; unit: minute or hour. */
  readonly kind: "number" | "text" | "flag" | "unit";
  readonly initial: OptionSettingValue;
  /** What the settings form offers (numbers only; the reader checks the options' own bounds). */
  readonly range?: { readonly min: number; readonly max: number; readonly step: number };
}

export const BLEED_UNITS: readonly BleedInterval["unit"][] = ["minute", "hour"];

const D = DEFAULT_TWODICE_OPTIONS;
const whole = (min: number, max: number) => ({ min, max, step: 1 });

/** Writes a value into options under construction (the key's own field). */
type Put = (o: Draft, v: OptionSettingValue) => void;

interface Draft {
  dieSides: number;
  rangeScale: readonly RangeMark[];
  beyondRangePerStep: number;
  beyondRangeMaxPenalty: number;
  beyondRangeMaxSteps: number;
  movingTarget: number;
  aimBonus: number;
  rollWithIt: number;
  woundCircles: number;
  unawareDefense: number;
  autoThreshold: { min: number; max: number };
  bleedSlowly: { every: number; unit: BleedInterval["unit"] };
  bleedBadly: { every: number; unit: BleedInterval["unit"] };
  deathRule: boolean;
  deathMargin: number;
  sneakStillPenalty: number;
  medicineCircumstances: number;
  medicineTime: number;
}

/** A number, or NaN for anything else (the options' check refuses it by name). */
const num = (v: OptionSettingValue): number => (typeof v === "number" ? v : Number.NaN);

function numberSetting(
  key: string,
  initial: number,
  range: { min: number; max: number; step: number },
  put: (o: Draft, n: number) => void,
): TwodiceOptionSetting & { put: Put } {
  return {
    key,
    kind: "number",
    initial,
    range,
    put: (o, v) => {
      put(o, num(v));
    },
  };
}

function bleedSettings(
  name: "BleedSlowly" | "BleedBadly",
  field: "bleedSlowly" | "bleedBadly",
): (TwodiceOptionSetting & { put: Put })[] {
  return [
    numberSetting(`${name}Every`, D[field].every, whole(0, 1000), (o, n) => {
      o[field] = { ...o[field], every: n };
    }),
    {
      key: `${name}Unit`,
      kind: "unit",
      initial: D[field].unit,
      put: (o, v) => {
        // A unit not in the list is kept as given: the options' check refuses it by name.
        o[field] = { ...o[field], unit: v as BleedInterval["unit"] };
      },
    },
  ];
}

/** Every option as a setting, in the order the settings form lists them. */
const SETTINGS: readonly (TwodiceOptionSetting & { put: Put })[] = [
  numberSetting("DieSides", D.dieSides, whole(2, MAX_DIE_SIDES), (o, n) => (o.dieSides = n)),
  {
    key: "RangeScale",
    kind: "text",
    initial: formatRangeScale(D.rangeScale),
    put: () => undefined, // read apart: it may be refused as a whole (see twodiceOptionsFrom)
  },
  numberSetting("BeyondRangePerStep", D.beyondRangePerStep, whole(0, 100), (o, n) => {
    o.beyondRangePerStep = n;
  }),
  numberSetting("BeyondRangeMaxPenalty", D.beyondRangeMaxPenalty, whole(0, 100), (o, n) => {
    o.beyondRangeMaxPenalty = n;
  }),
  numberSetting("BeyondRangeMaxSteps", D.beyondRangeMaxSteps, whole(0, 100), (o, n) => {
    o.beyondRangeMaxSteps = n;
  }),
  numberSetting("MovingTarget", D.movingTarget, whole(-20, 20), (o, n) => (o.movingTarget = n)),
  numberSetting("AimBonus", D.aimBonus, whole(-20, 20), (o, n) => (o.aimBonus = n)),
  numberSetting("RollWithIt", D.rollWithIt, whole(0, 20), (o, n) => (o.rollWithIt = n)),
  numberSetting("WoundCircles", D.woundCircles, whole(1, 100), (o, n) => (o.woundCircles = n)),
  numberSetting("UnawareDefense", D.unawareDefense, whole(-20, 20), (o, n) => {
    o.unawareDefense = n;
  }),
  numberSetting("AutoMin", D.autoThreshold.min, whole(1, 100), (o, n) => {
    o.autoThreshold = { ...o.autoThreshold, min: n };
  }),
  numberSetting("AutoMax", D.autoThreshold.max, whole(1, 100), (o, n) => {
    o.autoThreshold = { ...o.autoThreshold, max: n };
  }),
  ...bleedSettings("BleedSlowly", "bleedSlowly"),
  ...bleedSettings("BleedBadly", "bleedBadly"),
  {
    key: "DeathRule",
    kind: "flag",
    initial: D.deathMargin !== null,
    // Anything but a plain `true` or `false` is refused (see twodiceOptionsFrom).
    put: (o, v) => (o.deathRule = v === true),
  },
  numberSetting("DeathMargin", D.deathMargin ?? 5, whole(0, 100), (o, n) => (o.deathMargin = n)),
  numberSetting("SneakStillPenalty", D.sneakStillPenalty, whole(-20, 20), (o, n) => {
    o.sneakStillPenalty = n;
  }),
  numberSetting("MedicineCircumstances", D.medicineCircumstances, whole(-20, 20), (o, n) => {
    o.medicineCircumstances = n;
  }),
  numberSetting("MedicineTime", D.medicineTime, whole(-20, 20), (o, n) => {
    o.medicineTime = n;
  }),
];

/** The settings, as the shell registers them (the reader's writers kept inside this module). */
export const TWODICE_OPTION_SETTINGS: readonly TwodiceOptionSetting[] = SETTINGS.map(
  ({ key, kind, initial, range }) => ({
    key,
    kind,
    initial,
    ...(range === undefined ? {} : { range }),
  }),
);

/** The range scale as the setting's text: "5:1, 10:2, …". */
export function formatRangeScale(scale: readonly RangeMark[]): string {
  return scale.map((m) => `${String(m.meters)}:${String(m.step)}`).join(", ");
}

const MARK = /^(\d+(?:\.\d+)?):(\d+)$/;

/**
 * Reads a range-scale text ("meters:step" pairs). Refused as a whole, naming the text, when a
 * pair does not read, when there are more than MAX_RANGE_MARKS pairs or the text is too long;
 * the marks' order and bounds are the options' check (steps never going down as meters grow).
 */
export function parseRangeScale(text: unknown): Result<RangeMark[], OptionSettingRefusal> {
  if (typeof text !== "string") return refuse("badRangeScale", { text: shown(text) });
  if (text.length > MAX_RANGE_SCALE_TEXT) {
    return refuse("badRangeScale", { text: `${text.slice(0, 40)}…` });
  }
  const pairs = text.split(/[\s,;]+/).filter((p) => p !== "");
  if (pairs.length > MAX_RANGE_MARKS) return refuse("badRangeScale", { text });
  const marks: RangeMark[] = [];
  for (const pair of pairs) {
    const match = MARK.exec(pair);
    if (match === null) return refuse("badRangeScale", { text, pair });
    const meters = Number(match[1]);
    const step = Number(match[2]);
    const bad =
      checkNumber("rangeScale.meters", meters, { min: 0, max: MAX_METERS }) ??
      checkNumber("rangeScale.step", step, { min: 0, max: 1000, whole: true });
    if (bad) return refuse("badRangeScale", { text, pair });
    marks.push({ meters, step });
  }
  return ok(marks);
}

/**
 * The options a world's stored settings give, checked (options.ts checkTwodiceOptions), or the
 * first refusal naming the option. A setting missing from `values` keeps its default.
 */
export function twodiceOptionsFrom(
  values: Readonly<Record<string, unknown>>,
): Result<Checked<TwodiceOptions>, OptionSettingRefusal> {
  const draft: Draft = {
    ...D,
    autoThreshold: { ...D.autoThreshold },
    bleedSlowly: { ...D.bleedSlowly },
    bleedBadly: { ...D.bleedBadly },
    deathRule: D.deathMargin !== null,
    deathMargin: D.deathMargin ?? 5,
  };
  for (const setting of SETTINGS) {
    if (!Object.hasOwn(values, setting.key)) continue;
    const value = values[setting.key];
    if (setting.kind === "flag" && typeof value !== "boolean") {
      return refuse("not-a-number", { field: `options.${setting.key}`, value: shown(value) });
    }
    if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
      setting.put(draft, value);
    } else {
      setting.put(draft, Number.NaN);
    }
  }
  if (Object.hasOwn(values, "RangeScale")) {
    const scale = parseRangeScale(values["RangeScale"]);
    if (!scale.ok) return scale;
    draft.rangeScale = scale.value;
  }
  const { deathRule, deathMargin, ...rest } = draft;
  return checkedTwodiceOptions({ ...rest, deathMargin: deathRule ? deathMargin : null });
}

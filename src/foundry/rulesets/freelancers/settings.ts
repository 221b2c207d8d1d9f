/**
 * Freelancers' world settings: whether the referee rolls an NPC's defense at once, and every
 * number and switch of the rules' options (src/rules/freelancers/options.ts) a GM may change,
 * each defaulting to the book (or, where it is silent, to the product decision in the README).
 * flOptions() reads them into the options every Freelancers action, card and sheet uses; a value
 * the rules cannot use (a 1-sided die, a fumble face above the die) is refused by the rules by
 * name when an action runs, and the action changes nothing.
 */
import { DEFAULT_FREELANCERS_OPTIONS, SIZE_CLASSES } from "../../../rules/freelancers/options.ts";
import type { FreelancersOptions, SizeClass } from "../../../rules/freelancers/options.ts";
import { withFreelancersOptions } from "../../../rules/freelancers/options.ts";
import type { SituationalCaps } from "../../../rules/freelancers/situational.ts";
import { parseCounterRules } from "../../../rules/freelancers/counters.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { registerWorldSetting } from "../../shared/settings.ts";

/** World setting: the referee rolls an NPC defender's defense itself. */
export const FL_AUTO_NPC_DEFENSE = "freelancersAutoNpcDefense";

/**
 * World settings: the most an attack's situational modifiers may be (the book sets no bound; Fray's
 * defaults: ±5 to the die or the attribute, 2 favorable and 2 unfavorable sources).
 */
export const FL_SITUATIONAL_SETTINGS = [
  { key: "SituationalModifierCap", initial: 5, range: { min: 0, max: 20, step: 1 } },
  { key: "SituationalEdgeCap", initial: 2, range: { min: 0, max: 5, step: 1 } },
] as const;

const D = DEFAULT_FREELANCERS_OPTIONS;

/** One option as a setting: its key suffix, its default, and how it lands in the options. */
interface OptionSetting {
  readonly key: string;
  readonly initial: number | boolean;
  /** Range shown by the settings form (numbers only). */
  readonly range?: { readonly min: number; readonly max: number; readonly step: number };
  readonly apply: (o: Mutable, value: number | boolean) => void;
}

type Mutable = {
  -readonly [K in keyof FreelancersOptions]: FreelancersOptions[K] extends object
    ? { -readonly [J in keyof FreelancersOptions[K]]: FreelancersOptions[K][J] }
    : FreelancersOptions[K];
};

const num = (value: number | boolean): number => (typeof value === "number" ? value : Number.NaN);
const bool = (value: number | boolean): boolean => value === true;
const whole = (min: number, max: number) => ({ min, max, step: 1 });

const SIZE_KEYS: Readonly<Record<SizeClass, string>> = {
  tiny: "SizeTiny",
  small: "SizeSmall",
  medium: "SizeMedium",
  large: "SizeLarge",
  huge: "SizeHuge",
};

/** Every rules option a GM may change, in the order the settings form lists them. */
export const FL_OPTION_SETTINGS: readonly OptionSetting[] = [
  { key: "Die", initial: D.die, range: whole(2, 100), apply: (o, v) => (o.die = num(v)) },
  {
    key: "FumbleFace",
    initial: D.fumbleFace,
    range: whole(1, 100),
    apply: (o, v) => (o.fumbleFace = num(v)),
  },
  { key: "EqualPasses", initial: D.equalPasses, apply: (o, v) => (o.equalPasses = bool(v)) },
  { key: "EdgeStacks", initial: D.edgeStacks, apply: (o, v) => (o.edgeStacks = bool(v)) },
  {
    key: "IntegrityPerFumble",
    initial: D.integrityPerFumble,
    range: whole(0, 10),
    apply: (o, v) => (o.integrityPerFumble = num(v)),
  },
  {
    key: "StaticDefenseBase",
    initial: D.staticDefenseBase,
    range: whole(0, 40),
    apply: (o, v) => (o.staticDefenseBase = num(v)),
  },
  ...SIZE_CLASSES.map((size): OptionSetting => ({
    key: SIZE_KEYS[size],
    initial: D.size[size],
    range: whole(-20, 20),
    apply: (o, v) => (o.size = { ...o.size, [size]: num(v) }),
  })),
  {
    key: "LightCover",
    initial: D.cover.lightDie,
    range: whole(0, 20),
    apply: (o, v) => (o.cover = { ...o.cover, lightDie: num(v) }),
  },
  {
    key: "HeavyCover",
    initial: D.cover.heavyUnfavorable,
    range: whole(0, 5),
    apply: (o, v) => (o.cover = { ...o.cover, heavyUnfavorable: num(v) }),
  },
  {
    key: "RangeStep",
    initial: D.range.stepMeters,
    range: { min: 0.5, max: 100, step: 0.5 },
    apply: (o, v) => (o.range = { ...o.range, stepMeters: num(v) }),
  },
  {
    key: "RangePenalty",
    initial: D.range.penalty,
    range: whole(0, 20),
    apply: (o, v) => (o.range = { ...o.range, penalty: num(v) }),
  },
  {
    key: "BeyondMaxUnfavorable",
    initial: D.range.beyondMaxUnfavorable,
    apply: (o, v) => (o.range = { ...o.range, beyondMaxUnfavorable: bool(v) }),
  },
  {
    key: "LineWidth",
    initial: D.shapes.lineWidth,
    range: { min: 0.5, max: 20, step: 0.5 },
    apply: (o, v) => (o.shapes = { ...o.shapes, lineWidth: num(v) }),
  },
  {
    key: "TouchReach",
    initial: D.shapes.touchReach,
    range: { min: 0.5, max: 20, step: 0.5 },
    apply: (o, v) => (o.shapes = { ...o.shapes, touchReach: num(v) }),
  },
  {
    key: "HelpFavorable",
    initial: D.helpFavorable,
    range: whole(0, 5),
    apply: (o, v) => (o.helpFavorable = num(v)),
  },
  {
    key: "AttackRevealsHidden",
    initial: D.attackRevealsHidden,
    apply: (o, v) => (o.attackRevealsHidden = bool(v)),
  },
  {
    key: "DeathFailures",
    initial: D.deathFailures,
    range: whole(1, 10),
    apply: (o, v) => (o.deathFailures = num(v)),
  },
  {
    key: "DefaultUpkeepRemoves",
    initial: D.defaultUpkeepRemoves === "all" ? 1 : D.defaultUpkeepRemoves,
    range: whole(0, 10),
    apply: (o, v) => (o.defaultUpkeepRemoves = num(v)),
  },
  {
    key: "RechargeDie",
    initial: D.rechargeDie,
    range: whole(2, 100),
    apply: (o, v) => (o.rechargeDie = num(v)),
  },
];

/**
 * World setting: counter kinds with their own Upkeep rule ("stress=0, burning=all"; rules:
 * parseCounterRules). Empty by default: every kind, the GM's own included, loses the default.
 */
export const FL_COUNTER_RULES = "CounterRules";

/** The setting's key under the system's namespace. */
export function flSettingKey(suffix: string): string {
  return `freelancers${suffix}`;
}

/** Registers the settings (the seam's registerSettings). */
export function registerFlSettings(): void {
  registerWorldSetting(
    FL_AUTO_NPC_DEFENSE,
    (part) => `FRAY.Freelancers.Settings.AutoNpcDefense.${part}`,
    {
      type: Boolean,
      default: true,
    },
  );
  registerWorldSetting(
    flSettingKey(FL_COUNTER_RULES),
    (part) => `FRAY.Freelancers.Settings.${FL_COUNTER_RULES}.${part}`,
    { type: String, default: "" },
  );
  for (const option of [...FL_OPTION_SETTINGS, ...FL_SITUATIONAL_SETTINGS]) {
    const label = (part: string) => `FRAY.Freelancers.Settings.${option.key}.${part}`;
    registerWorldSetting(flSettingKey(option.key), label, {
      type: typeof option.initial === "boolean" ? Boolean : Number,
      default: option.initial,
      ...(option.range === undefined ? {} : { range: option.range }),
    });
  }
}

/** The rules' options as this world sets them (a setting that is missing keeps its default). */
export function flOptions(): FreelancersOptions {
  const options = structuredClone(withFreelancersOptions()) as Mutable;
  for (const option of FL_OPTION_SETTINGS) {
    const value: unknown = game.settings.get(SYSTEM_ID, flSettingKey(option.key) as never);
    if (typeof value === "number" || typeof value === "boolean") option.apply(options, value);
  }
  const rules = flCounterRules();
  if (rules.ok) options.counters = { ...options.counters, ...rules.value };
  return options;
}

/** The world's counter rules, or the entry the rules refuse (the Upkeep card names it). */
export function flCounterRules(): ReturnType<typeof parseCounterRules> {
  const value: unknown = game.settings.get(SYSTEM_ID, flSettingKey(FL_COUNTER_RULES) as never);
  return parseCounterRules(typeof value === "string" ? value : "");
}

/** The caps of an attack's situational modifiers, as this world sets them. */
export function flSituationalCaps(): SituationalCaps {
  const read = (key: string, initial: number): number => {
    const value: unknown = game.settings.get(SYSTEM_ID, flSettingKey(key) as never);
    return typeof value === "number" ? value : initial;
  };
  const [modifier, edge] = FL_SITUATIONAL_SETTINGS;
  return { modifier: read(modifier.key, modifier.initial), edge: read(edge.key, edge.initial) };
}

/** Whether the referee rolls an NPC defender's defense without waiting for a press. */
export function flAutoNpcDefense(): boolean {
  return game.settings.get(SYSTEM_ID, FL_AUTO_NPC_DEFENSE as never) === true;
}

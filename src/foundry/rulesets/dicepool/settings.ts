/**
 * The dice-pool game's world settings: the book's plugins (off by default, README), the die (its
 * size and the face that hits: a d6 hitting on 4+, README), the initiative pool (Mental +
 * Awareness, or Physical too) and how an initiative tie is settled, and which defense an NPC takes
 * when the GM does not press one (the card's default).
 */
import type { DefenseKind } from "../../../rules/dicepool/attack.ts";
import { DEFAULT_DICEPOOL_OPTIONS, withDicepoolOptions } from "../../../rules/dicepool/options.ts";
import type { DicepoolOptions, InitiativeAttribute } from "../../../rules/dicepool/options.ts";
import {
  DEFAULT_DICEPOOL_TIE_RULE,
  DICEPOOL_TIE_RULES,
} from "../../../rules/dicepool/initiative.ts";
import type { DicepoolTieRule } from "../../../rules/dicepool/initiative.ts";
import type { Checked } from "../../../rules/core/checked.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { labelledChoices, registerWorldSetting } from "../../shared/settings.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fray.dicepoolStaticDefense": boolean;
    "fray.dicepoolInitiativeDamage": boolean;
    "fray.dicepoolHexSpaces": boolean;
    "fray.dicepoolDefaultDefense": "ask" | DefenseKind;
    "fray.dicepoolDieSides": number;
    "fray.dicepoolHitOn": number;
    "fray.dicepoolTieRule": DicepoolTieRule;
    "fray.dicepoolInitiativePool": DicepoolInitiativePool;
  }
}

export const DICEPOOL_DEFAULT_DEFENSES = ["ask", "dodge", "parry", "soak"] as const;

/** The initiative pool's attributes, beside the Awareness skill. */
export const DICEPOOL_INITIATIVE_POOLS = {
  mental: ["mental"],
  mentalPhysical: ["mental", "physical"],
} as const satisfies Record<string, readonly InitiativeAttribute[]>;
export type DicepoolInitiativePool = keyof typeof DICEPOOL_INITIATIVE_POOLS;

/** A die of 2 to this many faces may be set (any the rules accept; a d20 is the largest here). */
const MAX_DIE_SETTING = 20;

export function registerDicepoolSettings(): void {
  const labelOf = (label: string) => (part: string) => `FRAY.Dicepool.Settings.${label}.${part}`;
  const plugin = (key: string, label: string) => {
    registerWorldSetting(key, labelOf(label), { type: Boolean, default: false });
  };
  plugin("dicepoolStaticDefense", "StaticDefense");
  plugin("dicepoolInitiativeDamage", "InitiativeDamage");
  plugin("dicepoolHexSpaces", "HexSpaces");
  const die = (key: string, label: string, initial: number, min: number) => {
    registerWorldSetting(key, labelOf(label), {
      type: Number,
      range: { min, max: MAX_DIE_SETTING, step: 1 },
      default: initial,
    });
  };
  die("dicepoolDieSides", "DieSides", DEFAULT_DICEPOOL_OPTIONS.dieSides, 2);
  die("dicepoolHitOn", "HitOn", DEFAULT_DICEPOOL_OPTIONS.hitOn, 1);
  const choice = (key: string, label: string, ids: readonly string[], initial: string) => {
    registerWorldSetting(key, labelOf(label), {
      type: String,
      choices: labelledChoices(ids, labelOf(label)),
      default: initial,
    });
  };
  choice(
    "dicepoolInitiativePool",
    "InitiativePool",
    Object.keys(DICEPOOL_INITIATIVE_POOLS),
    "mental",
  );
  choice("dicepoolTieRule", "TieRule", DICEPOOL_TIE_RULES, DEFAULT_DICEPOOL_TIE_RULE);
  choice("dicepoolDefaultDefense", "DefaultDefense", DICEPOOL_DEFAULT_DEFENSES, "ask");
}

/**
 * The rules' options as this world sets them (built by the rules' factory: checked; a stored die
 * or hit face out of range is brought into it, a hit face above the die becomes the die's top).
 */
export function dicepoolOptions(): Checked<DicepoolOptions> {
  const pool = game.settings.get(SYSTEM_ID, "dicepoolInitiativePool");
  return withDicepoolOptions({
    staticDefense: game.settings.get(SYSTEM_ID, "dicepoolStaticDefense"),
    initiativeDamage: game.settings.get(SYSTEM_ID, "dicepoolInitiativeDamage"),
    hexSpaces: game.settings.get(SYSTEM_ID, "dicepoolHexSpaces"),
    dieSides: game.settings.get(SYSTEM_ID, "dicepoolDieSides"),
    hitOn: game.settings.get(SYSTEM_ID, "dicepoolHitOn"),
    initiativeAttributes: Object.hasOwn(DICEPOOL_INITIATIVE_POOLS, pool)
      ? DICEPOOL_INITIATIVE_POOLS[pool]
      : DICEPOOL_INITIATIVE_POOLS.mental,
  });
}

/** How this world settles a tie of initiative (a choice outside the list: the default). */
export function dicepoolTieRule(): DicepoolTieRule {
  const rule = game.settings.get(SYSTEM_ID, "dicepoolTieRule");
  return DICEPOOL_TIE_RULES.includes(rule) ? rule : DEFAULT_DICEPOOL_TIE_RULE;
}

/** The defense the card takes for an NPC without a press, or null: the GM picks. */
export function defaultDefense(): DefenseKind | null {
  const choice = game.settings.get(SYSTEM_ID, "dicepoolDefaultDefense");
  return choice === "ask" ? null : choice;
}

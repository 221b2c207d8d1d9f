/**
 * The dice-pool game's world settings: the book's plugins (off by default, README), and which
 * defense an NPC takes when the GM does not press one (the card's default).
 */
import type { DefenseKind } from "../../../rules/dicepool/attack.ts";
import { withDicepoolOptions } from "../../../rules/dicepool/options.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import type { Checked } from "../../../rules/core/checked.ts";
import { SYSTEM_ID } from "../../constants.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fray.dicepoolStaticDefense": boolean;
    "fray.dicepoolInitiativeDamage": boolean;
    "fray.dicepoolHexSpaces": boolean;
    "fray.dicepoolDefaultDefense": "ask" | DefenseKind;
  }
}

export const DICEPOOL_DEFAULT_DEFENSES = ["ask", "dodge", "parry", "soak"] as const;

export function registerDicepoolSettings(): void {
  const plugin = (
    key: "dicepoolStaticDefense" | "dicepoolInitiativeDamage" | "dicepoolHexSpaces",
    label: string,
  ) => {
    game.settings.register(SYSTEM_ID, key, {
      name: `FRAY.Dicepool.Settings.${label}.Name`,
      hint: `FRAY.Dicepool.Settings.${label}.Hint`,
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
    });
  };
  plugin("dicepoolStaticDefense", "StaticDefense");
  plugin("dicepoolInitiativeDamage", "InitiativeDamage");
  plugin("dicepoolHexSpaces", "HexSpaces");
  game.settings.register(SYSTEM_ID, "dicepoolDefaultDefense", {
    name: "FRAY.Dicepool.Settings.DefaultDefense.Name",
    hint: "FRAY.Dicepool.Settings.DefaultDefense.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(
      DICEPOOL_DEFAULT_DEFENSES.map((d) => [d, `FRAY.Dicepool.Settings.DefaultDefense.${d}`]),
    ),
    default: "ask",
  });
}

/** The rules' options as this world sets them (built by the rules' factory: checked). */
export function dicepoolOptions(): Checked<DicepoolOptions> {
  return withDicepoolOptions({
    staticDefense: game.settings.get(SYSTEM_ID, "dicepoolStaticDefense"),
    initiativeDamage: game.settings.get(SYSTEM_ID, "dicepoolInitiativeDamage"),
    hexSpaces: game.settings.get(SYSTEM_ID, "dicepoolHexSpaces"),
  });
}

/** The defense the card takes for an NPC without a press, or null: the GM picks. */
export function defaultDefense(): DefenseKind | null {
  const choice = game.settings.get(SYSTEM_ID, "dicepoolDefaultDefense");
  return choice === "ask" ? null : choice;
}

/**
 * The world settings Worldlines reads: Fray's shared ones (src/foundry/settings.ts: automatic
 * damage) and its own, registered through the seam's `registerSettings` (the README's product
 * decisions a GM may change): whether a hit the armor stopped still puts the weapon's statuses on,
 * and what one Exhaustion point takes off a trait-die roll. `worldlinesOptions()` builds the rules'
 * options from them, checked; a stored value the rules refuse falls back to the book's defaults.
 */
import type { Checked } from "../../../rules/core/checked.ts";
import {
  CHECKED_DEFAULT_OPTIONS,
  checkedOptions,
  DEFAULT_OPTIONS,
  WORLDLINES_LIMITS,
  withOptions,
} from "../../../rules/worldlines/index.ts";
import type { WorldlinesOptions } from "../../../rules/worldlines/index.ts";
import { DEFAULT_MOMENTUM_TIE_RULE } from "../../../rules/worldlines/momentum.ts";
import type { MomentumTieRule } from "../../../rules/worldlines/momentum.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { labelledChoices, registerWorldSetting } from "../../shared/settings.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fray.worldlinesStatusesWhenAbsorbed": boolean;
    "fray.worldlinesExhaustionPenalty": number;
    "fray.worldlinesMomentumTies": string;
  }
}

/** Registers Worldlines' own world settings (the seam's registerSettings). */
export function registerWorldlinesSettings(): void {
  registerWorldSetting(
    "worldlinesStatusesWhenAbsorbed",
    (part) => `FRAY.Worldlines.Settings.StatusesWhenAbsorbed.${part}`,
    { type: Boolean, default: DEFAULT_OPTIONS.statusesWhenAbsorbed },
  );
  registerWorldSetting(
    "worldlinesExhaustionPenalty",
    (part) => `FRAY.Worldlines.Settings.ExhaustionPenalty.${part}`,
    {
      type: Number,
      range: { min: 0, max: WORLDLINES_LIMITS.exhaustionPenalty, step: 1 },
      default: DEFAULT_OPTIONS.exhaustionPenalty,
    },
  );
  // The README's momentum ties: the tied teams reroll (the default), or the players' side wins.
  registerWorldSetting(
    "worldlinesMomentumTies",
    (part) => `FRAY.Settings.Worldlines.MomentumTies.${part}`,
    {
      type: String,
      choices: labelledChoices(
        MOMENTUM_TIE_RULES,
        (id) => `FRAY.Settings.Worldlines.MomentumTies.${id}`,
      ),
      default: DEFAULT_MOMENTUM_TIE_RULE,
    },
  );
}

const MOMENTUM_TIE_RULES: readonly MomentumTieRule[] = ["reroll", "players"];

/** How tied momentum is settled in this world (a stored value it does not know: the default). */
export function worldlinesMomentumTies(): MomentumTieRule {
  const rule = game.settings.get(SYSTEM_ID, "worldlinesMomentumTies");
  return MOMENTUM_TIE_RULES.find((known) => known === rule) ?? DEFAULT_MOMENTUM_TIE_RULE;
}

/** Attack cards apply their damage without the Apply button (off: a person presses it). */
export function autoApplyDamage(): boolean {
  return game.settings.get(SYSTEM_ID, "autoApplyDamage");
}

/**
 * The rules' options as this world sets them, checked. A stored value the rules refuse (a penalty
 * out of range written by a module or an old world) gives the defaults instead, never a NaN.
 */
export function worldlinesOptions(): Checked<WorldlinesOptions> {
  const checked = checkedOptions(
    withOptions({
      statusesWhenAbsorbed: game.settings.get(SYSTEM_ID, "worldlinesStatusesWhenAbsorbed"),
      exhaustionPenalty: game.settings.get(SYSTEM_ID, "worldlinesExhaustionPenalty"),
    }),
  );
  return checked.ok ? checked.value : CHECKED_DEFAULT_OPTIONS;
}

import { DEFAULT_RULESET, getRuleset, rulesetIds } from "../rules/registry.ts";
import type { RulesetModule } from "../rules/registry.ts";
import { SYSTEM_ID } from "./constants.ts";

/** Registers Fray's world settings. Called once, from the init hook. */
export function registerSettings(): void {
  game.settings.register(SYSTEM_ID, "ruleset", {
    name: "FRAY.Settings.Ruleset.Name",
    hint: "FRAY.Settings.Ruleset.Hint",
    scope: "world",
    config: true,
    requiresReload: true,
    type: String,
    choices: Object.fromEntries(rulesetIds().map((id) => [id, getRuleset(id).label])),
    default: DEFAULT_RULESET,
  });
  // Which ruleset and which data version the stored actors and items were last written for (see
  // migration.ts): when either differs at ready, the GM's client writes them in the current shape.
  game.settings.register(SYSTEM_ID, "dataRuleset", {
    scope: "world",
    config: false,
    type: String,
    default: "",
  });
  game.settings.register(SYSTEM_ID, "dataVersion", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
  // Worldlines attack cards: apply damage without the Apply button (off: a person presses it).
  game.settings.register(SYSTEM_ID, "autoApplyDamage", {
    name: "FRAY.Settings.AutoApplyDamage.Name",
    hint: "FRAY.Settings.AutoApplyDamage.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  // Attacks out of turn: "strict" refuses them during a running combat, "lenient" allows them.
  game.settings.register(SYSTEM_ID, "turnStrictness", {
    name: "FRAY.Settings.TurnStrictness.Name",
    hint: "FRAY.Settings.TurnStrictness.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      strict: "FRAY.Settings.TurnStrictness.strict",
      lenient: "FRAY.Settings.TurnStrictness.lenient",
    },
    default: "strict",
  });
}

/** The rules module this world plays with. */
export function activeRuleset(): RulesetModule {
  return getRuleset(game.settings.get(SYSTEM_ID, "ruleset"));
}

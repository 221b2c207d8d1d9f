/**
 * Fray's entry module (system.json `esmodules`). It only wires hooks; all behaviour lives in
 * src/foundry (the shell) and src/rules (the rules).
 *
 * It also exports Fray's public API (the object at `game.system.api`, docs/api.md) and its
 * types, and the GM's encounter simulator, so a macro can reach them by import as well:
 * `(await import("/systems/fray/fray.mjs")).frayApi.ruleset()`.
 */
import { init, ready } from "./foundry/init.ts";

export { openSimulator } from "./foundry/simulator/index.ts";
export { frayApi } from "./foundry/api/index.ts";
export type {
  ActorRef,
  AttackCall,
  FrayApi,
  RulesetInfo,
  SituationCall,
} from "./foundry/api/index.ts";
export type { SceneCall, SceneSituation } from "./foundry/scene/situation.ts";
export { FRAY_HOOKS } from "./foundry/api/hooks.ts";
export type {
  AttackResolvedData,
  DamageData,
  FrayHookData,
  PhaseChangedData,
  PreAttackData,
  ReadyData,
  StatusChangedData,
  TurnStartedData,
} from "./foundry/api/hooks.ts";
export type { AttackOddsData } from "./foundry/api/types.ts";

Hooks.once("init", init);
Hooks.once("ready", () => {
  void ready();
});

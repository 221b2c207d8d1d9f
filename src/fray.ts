/**
 * Fray's entry module (system.json `esmodules`). It only wires hooks; all behaviour lives in
 * src/foundry (the shell) and src/rules (the rules).
 *
 * It also exports the GM's encounter simulator, so a macro can open it before (or besides) the
 * tracker's button: `(await import("/systems/fray/fray.mjs")).openSimulator(game.combat)`.
 */
import { init, ready } from "./foundry/init.ts";

export { openSimulator } from "./foundry/simulator/index.ts";

Hooks.once("init", init);
Hooks.once("ready", () => {
  void ready();
});

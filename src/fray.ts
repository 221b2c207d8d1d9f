/**
 * Fray's entry module (system.json `esmodules`). It only wires hooks; all behaviour lives in
 * src/foundry (the shell) and src/rules (the rules).
 */
import { init, ready } from "./foundry/init.ts";

Hooks.once("init", init);
Hooks.once("ready", () => {
  void ready();
});

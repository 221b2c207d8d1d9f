/**
 * Runs the encounter simulator's bench (bench/index.ts starts it after the other benches; it runs
 * on its own too: `npx tsx bench/sim-run.ts`, or `npx tsx bench/sim-run.ts dicepool` for one
 * ruleset).
 *
 * With no argument it starts itself once per ruleset, each in a fresh process, then once for the
 * guard's overhead. In Foundry the simulator runs in a dedicated Web Worker, a fresh JavaScript
 * isolate where only one ruleset's simulator has run; measured after other code in the same
 * process, V8's inline caches already hold the shapes that code fed the same functions (the
 * runner, target picking, the dice, the public attack's outcomes) and the fights run slower than
 * they do in the worker. So the bench measures them as the worker runs them.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { SIM_BENCHES, benchRuleset, guardOverhead, simHeader } from "./sim.ts";

const which = process.argv[2];
if (which === "guard") guardOverhead();
else if (which !== undefined) benchRuleset(which);
else {
  console.log(simHeader());
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  const self = new URL(import.meta.url).pathname;
  for (const id of [...SIM_BENCHES.map((b) => b.id), "guard"]) {
    const child = spawnSync(process.execPath, [tsx, self, id], { stdio: "inherit" });
    if (child.status !== 0)
      throw new Error(`the simulator bench of ${id} failed (${String(child.status)})`);
  }
}

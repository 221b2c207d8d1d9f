/**
 * Runs the encounter simulator's bench on its own (bench/index.ts starts it in a fresh process).
 * In Foundry the simulator runs in a dedicated Web Worker, a fresh JavaScript isolate where only
 * the simulator's code has run; measured after the other benches in the same process, V8's inline
 * caches already hold the shapes those benches fed the same rule functions (the public attack's
 * outcomes, the factory's combatants) and the fights run several times slower than they do in the
 * worker. So the bench measures them as the worker runs them.
 */
import { benchSimulator } from "./sim.ts";

benchSimulator();

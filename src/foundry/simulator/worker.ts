/**
 * The simulator's Web Worker entry. Vite builds it into its own file next to the system's bundle
 * (dist/simulator-worker.mjs, see vite.config.ts), which the GM's browser loads as a module worker
 * from the system folder: the fights run off the main thread, so Foundry stays responsive.
 */
import { createWorkerHandler } from "./protocol.ts";
import type { FromWorker } from "./protocol.ts";

interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = createWorkerHandler((message) => {
  scope.postMessage(message);
});
scope.addEventListener("message", (event) => {
  handle(event.data);
});

/**
 * The GM's side of a simulation: hands the request to a Web Worker, reports its progress, and
 * settles with the report, the rules' refusal, a cancel, or the worker's failure.
 */
import type { SimReport, SimRequest } from "../../rules/sim/simulate.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

/** What the runner needs of a Worker (a fake one in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  addEventListener(type: "message", listener: (event: { data: FromWorker }) => void): void;
  addEventListener(type: "error", listener: (event: { message?: string }) => void): void;
  terminate(): void;
}

export type RunOutcome =
  | { readonly kind: "done"; readonly report: SimReport }
  | {
      readonly kind: "refused";
      readonly reason: string;
      readonly detail?: Readonly<Record<string, string | number | boolean>>;
    }
  | { readonly kind: "cancelled" }
  | { readonly kind: "failed"; readonly message: string };

export interface SimulationRun {
  readonly outcome: Promise<RunOutcome>;
  /** Asks the worker to stop after its current chunk; `outcome` then settles as cancelled. */
  cancel(): void;
}

/** The built worker, next to the bundle (vite.config.ts names it simulator-worker.mjs). */
export function spawnSimulatorWorker(): WorkerLike {
  return new Worker(new URL("./worker.ts", import.meta.url), {
    type: "module",
    name: "fray-simulator",
  });
}

let nextId = 1;

export function runSimulation(
  request: SimRequest,
  onProgress: (done: number, total: number) => void,
  createWorker: () => WorkerLike = spawnSimulatorWorker,
): SimulationRun {
  const id = nextId++;
  let worker: WorkerLike | null = null;
  let settle: (outcome: RunOutcome) => void = () => undefined;
  const outcome = new Promise<RunOutcome>((resolve) => {
    settle = (result) => {
      worker?.terminate();
      worker = null;
      resolve(result);
    };
  });
  try {
    worker = createWorker();
    worker.addEventListener("message", (event) => {
      const m = event.data;
      if (m.id !== id) return;
      if (m.type === "progress") onProgress(m.done, m.total);
      else if (m.type === "done") settle({ kind: "done", report: m.report });
      else if (m.type === "refused") {
        settle({
          kind: "refused",
          reason: m.reason,
          ...(m.detail === undefined ? {} : { detail: m.detail }),
        });
      } else settle({ kind: "cancelled" });
    });
    worker.addEventListener("error", (event) => {
      settle({ kind: "failed", message: event.message ?? "" });
    });
    worker.postMessage({ type: "run", id, request });
  } catch (error) {
    settle({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
  return {
    outcome,
    cancel() {
      worker?.postMessage({ type: "cancel", id });
    },
  };
}

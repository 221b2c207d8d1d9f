/**
 * The messages between the GM's window and the simulator's Web Worker, and the worker's side of
 * them. No Foundry global is touched here: the worker has none, and a test drives the handler in
 * Node directly.
 *
 * main → worker: `run` (a request, with an id), `cancel` (that id).
 * worker → main: `progress` after each chunk of fights, then exactly one of `done` (the report),
 * `refused` (the rules' named refusal) or `cancelled`.
 */
import { createSimulation } from "../../rules/sim/simulate.ts";
import type { SimReport, SimRequest } from "../../rules/sim/simulate.ts";

export type ToWorker =
  | { readonly type: "run"; readonly id: number; readonly request: SimRequest }
  | { readonly type: "cancel"; readonly id: number };

export type FromWorker =
  | {
      readonly type: "progress";
      readonly id: number;
      readonly done: number;
      readonly total: number;
    }
  | { readonly type: "done"; readonly id: number; readonly report: SimReport }
  | {
      readonly type: "refused";
      readonly id: number;
      readonly reason: string;
      readonly detail?: Readonly<Record<string, string | number | boolean>>;
    }
  | { readonly type: "cancelled"; readonly id: number; readonly done: number };

/** Progress is reported about this many times per run (each chunk is then about 1%). */
const PROGRESS_STEPS = 100;

function isToWorker(data: unknown): data is ToWorker {
  if (typeof data !== "object" || data === null) return false;
  const m = data as { type?: unknown; id?: unknown; request?: unknown };
  if (typeof m.id !== "number") return false;
  if (m.type === "cancel") return true;
  return m.type === "run" && typeof m.request === "object" && m.request !== null;
}

/**
 * The worker's message handler. `post` sends a message back; `later` runs a function after the
 * messages waiting have been handled (setTimeout in the worker), which is what lets a `cancel`
 * land between two chunks. Anything that is not a well-formed message is ignored.
 */
export function createWorkerHandler(
  post: (message: FromWorker) => void,
  later: (step: () => void) => void = (step) => setTimeout(step, 0),
): (data: unknown) => void {
  const cancelled = new Set<number>();
  return (data: unknown) => {
    if (!isToWorker(data)) return;
    if (data.type === "cancel") {
      cancelled.add(data.id);
      return;
    }
    const { id, request } = data;
    const created = createSimulation(request);
    if (!created.ok) {
      post({
        type: "refused",
        id,
        reason: created.reason,
        ...(created.detail === undefined ? {} : { detail: created.detail }),
      });
      return;
    }
    const sim = created.value;
    const chunk = Math.max(1, Math.ceil(sim.total / PROGRESS_STEPS));
    const step = () => {
      if (cancelled.delete(id)) {
        post({ type: "cancelled", id, done: sim.done });
        return;
      }
      sim.run(chunk);
      post({ type: "progress", id, done: sim.done, total: sim.total });
      if (sim.done >= sim.total) post({ type: "done", id, report: sim.report() });
      else later(step);
    };
    later(step);
  };
}

/**
 * What the simulator's shell tests share: a Worker whose inside is the real handler (a combat of
 * fresh actors comes from combat-order.support.ts combatOf).
 */
import { createWorkerHandler } from "../../src/foundry/simulator/protocol.ts";
import type { FromWorker, ToWorker } from "../../src/foundry/simulator/protocol.ts";
import type { WorkerLike } from "../../src/foundry/simulator/runner.ts";

/** A Worker whose inside is the real handler; messages cross both ways asynchronously. */
export class FakeWorker implements WorkerLike {
  terminated = false;
  readonly posted: ToWorker[] = [];
  #listeners: ((event: { data: FromWorker }) => void)[] = [];
  #inside = createWorkerHandler((message) => {
    setTimeout(() => {
      if (this.terminated) return;
      for (const listener of this.#listeners) listener({ data: structuredClone(message) });
    }, 0);
  });

  postMessage(message: ToWorker): void {
    this.posted.push(message);
    const copy = structuredClone(message);
    setTimeout(() => {
      if (!this.terminated) this.#inside(copy);
    }, 0);
  }

  addEventListener(type: "message" | "error", listener: (event: never) => void): void {
    if (type === "message") this.#listeners.push(listener as (event: { data: FromWorker }) => void);
  }

  terminate(): void {
    this.terminated = true;
  }
}

/**
 * What the simulator's shell tests share: a Worker whose inside is the real handler, and a combat
 * of fresh actors in the fake world.
 */
import { createWorkerHandler } from "../../src/foundry/simulator/protocol.ts";
import type { FromWorker, ToWorker } from "../../src/foundry/simulator/protocol.ts";
import type { WorkerLike } from "../../src/foundry/simulator/runner.ts";
import type * as Actions from "../../src/foundry/combat/actions.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

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

/** A combat of new actors made from `sources`, each a combatant, sorted into teams as the tracker does. */
export async function combatOfActors(
  fake: FakeFoundry,
  actions: typeof Actions,
  sources: Record<string, unknown>[],
) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const created = await Actor.createDocuments(sources);
  const combat = (await Combat.create({})) as unknown as Combat.Implementation | undefined;
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    created.map((actor) => ({ actorId: actor.id })),
  );
  await actions.whenIdle();
  return combat;
}

/**
 * `fray.statusChanged` for statuses kept as ActiveEffects (core's token HUD toggles, Worldlines'
 * statuses), and `fray.ready`: told once, on the client that wrote the change, with plain data;
 * a status another enabled effect still carries did not change. Core runs the document hooks on
 * every client: another client's copy of the same hook (another writer) tells nothing.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { bootWorld, faceOf, queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
const faces = queuedDice(faceOf(6));

beforeAll(async () => {
  fake = await bootWorld("dicepool", faces.random);
});

function listen(hook: string) {
  const calls: { client: string; data: unknown }[] = [];
  const fn = (data: unknown) => {
    calls.push({ client: fake.game.user.id, data });
  };
  fake.hooks.on(hook, fn);
  return {
    calls,
    off: () => {
      fake.hooks.off(hook, fn);
    },
  };
}

interface Doc {
  id: string;
  effects: { contents: Doc[] };
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[]>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
  update(changes: object): Promise<unknown>;
}

async function playersActor(): Promise<Doc> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () =>
    Actor?.create({ name: "Ana", type: "character", ownership: { [PLAYER.id]: 3 } }),
  );
  return created as unknown as Doc;
}

describe("fray.statusChanged", () => {
  it("tells a status set and taken off once, on the writer's client", async () => {
    const ana = await playersActor();
    const heard = listen("fray.statusChanged");
    try {
      const [prone] = await fake.as(PLAYER.id, () =>
        ana.createEmbeddedDocuments("ActiveEffect", [{ name: "Prone", statuses: ["prone"] }]),
      );
      expect(heard.calls).toEqual([
        {
          client: PLAYER.id,
          data: { actorId: ana.id, statusId: "prone", active: true, userId: PLAYER.id },
        },
      ]);
      expect(Object.isFrozen(heard.calls[0]?.data)).toBe(true);

      // A second effect carrying the same status changes nothing the actor has.
      const [again] = await fake.as(GM.id, () =>
        ana.createEmbeddedDocuments("ActiveEffect", [{ name: "Down", statuses: ["prone"] }]),
      );
      await fake.as(GM.id, () => ana.deleteEmbeddedDocuments("ActiveEffect", [prone?.id ?? ""]));
      expect(heard.calls).toHaveLength(1);

      // Disabling the last one takes it off; enabling puts it back; deleting a disabled one: nothing.
      await fake.as(GM.id, () => again?.update({ disabled: true }));
      await fake.as(PLAYER.id, () => again?.update({ disabled: false }));
      await fake.as(GM.id, () => again?.update({ disabled: true }));
      await fake.as(GM.id, () => ana.deleteEmbeddedDocuments("ActiveEffect", [again?.id ?? ""]));
      expect(heard.calls.slice(1)).toEqual([
        {
          client: GM.id,
          data: { actorId: ana.id, statusId: "prone", active: false, userId: GM.id },
        },
        {
          client: PLAYER.id,
          data: { actorId: ana.id, statusId: "prone", active: true, userId: PLAYER.id },
        },
        {
          client: GM.id,
          data: { actorId: ana.id, statusId: "prone", active: false, userId: GM.id },
        },
      ]);
    } finally {
      heard.off();
    }
  });

  it("is not told again by the other clients' copies of the document hook", async () => {
    const ana = await playersActor();
    const [effect] = await fake.as(GM.id, () =>
      ana.createEmbeddedDocuments("ActiveEffect", [{ name: "Prone", statuses: ["prone"] }]),
    );
    const heard = listen("fray.statusChanged");
    try {
      // The player's client receives the GM's creation: core names the GM as the writer.
      fake.as(PLAYER.id, () => fake.hooks.callAll("createActiveEffect", effect, {}, GM.id));
      expect(heard.calls).toEqual([]);
    } finally {
      heard.off();
    }
  });
});

describe("fray.ready", () => {
  it("is told once the world is ready, with the ruleset and Fray's version", async () => {
    const heard = listen("fray.ready");
    try {
      await fake.as(GM.id, () => fake.hooks.callAsync("ready"));
      // Told after the GM's data migration, which the ready hook starts.
      await vi.waitFor(() => {
        expect(heard.calls).toEqual([
          { client: GM.id, data: { ruleset: "dicepool", version: "0.1.0" } },
        ]);
      });
    } finally {
      heard.off();
    }
  });
});

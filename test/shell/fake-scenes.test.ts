/**
 * The fake's scenes and `game.combat` against core v13 (test/fake-foundry/scenes.ts): each client
 * views its own scene, `game.combat` is the encounter of that scene its tracker shows (the active
 * one, else the first; unlinked encounters belong to every scene), and paging the tracker or
 * viewing another scene changes it for that client only.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";

let fake: FakeFoundry;

beforeEach(() => {
  fake = installFakeFoundry({ users: [GM, PLAYER] });
});

const cls = (name: string) => {
  const found = fake.CONFIG[name]?.documentClass;
  if (!found) throw new Error(`no ${name}`);
  return found;
};

async function scene(name: string, active = false): Promise<ClientDocument> {
  const created = await cls("Scene").create({ name, active });
  if (!created) throw new Error("no scene");
  return created;
}

async function combat(source: Record<string, unknown>): Promise<ClientDocument> {
  const created = await cls("Combat").create(source);
  if (!created) throw new Error("no combat");
  return created;
}

/** `game.combat` on this user's client. */
const viewedBy = (userId: string) =>
  fake.as(userId, () => (fake.game as unknown as { combat: ClientDocument | null }).combat);

describe("game.combat follows the scene each client views", () => {
  it("is the active encounter of the viewed scene, else its first, per client", async () => {
    const keep = await scene("Keep", true);
    const road = await scene("Road");
    const first = await combat({ scene: keep.id });
    const active = await combat({ scene: keep.id, active: true });
    const ambush = await combat({ scene: road.id });
    // Everybody views the active scene until they look elsewhere.
    expect(viewedBy(GM.id)?.id).toBe(active.id);
    expect(viewedBy(PLAYER.id)?.id).toBe(active.id);
    fake.viewScene(GM.id, road.id);
    expect(viewedBy(GM.id)?.id).toBe(ambush.id);
    expect(viewedBy(PLAYER.id)?.id).toBe(active.id);
    expect(fake.as(GM.id, () => fake.game.combats.combats.map((c) => c.id))).toEqual([ambush.id]);
    // Paging the tracker shows another encounter of the scene on that client only.
    fake.viewCombat(PLAYER.id, first.id);
    expect(viewedBy(PLAYER.id)?.id).toBe(first.id);
    // Viewing a scene starts the tracker over.
    fake.viewScene(PLAYER.id, keep.id);
    expect(viewedBy(PLAYER.id)?.id).toBe(active.id);
  });

  it("is null on a scene without an encounter; an unlinked encounter shows on every scene", async () => {
    const keep = await scene("Keep", true);
    const empty = await scene("Empty");
    await combat({ scene: keep.id });
    fake.viewScene(PLAYER.id, empty.id);
    expect(viewedBy(PLAYER.id)).toBeNull();
    const everywhere = await combat({});
    expect(viewedBy(PLAYER.id)?.id).toBe(everywhere.id);
    expect(fake.as(PLAYER.id, () => fake.game.scenes.current?.id)).toBe(empty.id);
    expect(fake.game.scenes.active?.id).toBe(keep.id);
  });

  it("a combat's scene is the Scene document, null when unlinked", async () => {
    const keep = await scene("Keep", true);
    const linked = (await combat({ scene: keep.id })) as unknown as { scene: unknown };
    const unlinked = (await combat({})) as unknown as { scene: unknown };
    expect(linked.scene).toBe(keep);
    expect(unlinked.scene).toBeNull();
  });
});

describe("a scene's embedded collections", () => {
  it("exist and are empty on a new scene, as core's Scene#walls and #regions are", async () => {
    const made = (await scene("Bare")) as unknown as {
      walls: { contents: unknown[] };
      regions: { contents: unknown[] };
    };
    expect(made.walls.contents).toEqual([]);
    expect(made.regions.contents).toEqual([]);
  });
});

/**
 * A value above its maximum is refused on every ruleset's models, with a message naming the
 * field, and nothing is written. (Before validateJoint, Energy 999 of 1 and health 30 of 5 were
 * stored; these tests failed then.)
 */
import { describe, expect, it } from "vitest";
import { EMPTY_WORLD, boot } from "./world-reload.support.ts";
import type { Session } from "./world-reload.support.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { refusedByModel } from "./refused.support.ts";

async function actorIn(ruleset: string): Promise<{ session: Session; actor: ClientDocument }> {
  const session = await boot(ruleset, EMPTY_WORLD);
  const Actor = session.fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create({ name: "Pat", type: "character" });
  if (!actor) throw new Error("no actor");
  return { session, actor };
}

describe("value at most its maximum", () => {
  it("Worldlines: Energy 999 with a maximum of 1 is refused, saying so", async () => {
    const { session, actor } = await actorIn("worldlines");
    const writes = session.fake.db.count({ operation: "update" });
    expect(
      await refusedByModel(session.fake, () =>
        actor.update({ "system.energy.value": 999, "system.energy.max": 1 }),
      ),
    ).toContain("energy is 999, more than its maximum of 1.");
    expect(session.fake.db.count({ operation: "update" })).toBe(writes);
    expect(actor.system).toMatchObject({ energy: { value: 6, max: 6 } });
  });

  it("Worldlines: a magazine cannot hold more rounds than it takes", async () => {
    const session = await boot("worldlines", EMPTY_WORLD);
    const Item = session.fake.CONFIG["Item"]?.documentClass;
    const gun = await Item?.create({
      name: "Pistol",
      type: "weapon",
      system: { ammo: { value: 6, max: 6 } },
    });
    expect(
      await refusedByModel(session.fake, async () => gun?.update({ "system.ammo.value": 7 })),
    ).toMatch(/ammo is 7/);
  });

  it("WWN: health 30 with a maximum of 5 is refused", async () => {
    const { session, actor } = await actorIn("wwn");
    expect(
      await refusedByModel(session.fake, () =>
        actor.update({ "system.health.value": 30, "system.health.max": 5 }),
      ),
    ).toContain("health is 30, more than its maximum of 5.");
  });

  it("the dice-pool game: lowering Energy's maximum under its value is refused too", async () => {
    const { session, actor } = await actorIn("dicepool");
    expect(
      await refusedByModel(session.fake, () => actor.update({ "system.energy.max": 1 })),
    ).toMatch(/Energy \d+ cannot be above its maximum 1/);
    await actor.update({ "system.energy.value": 1, "system.energy.max": 1 });
    expect(actor.system).toMatchObject({ energy: { value: 1, max: 1 } });
  });
});

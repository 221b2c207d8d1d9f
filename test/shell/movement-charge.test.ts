/**
 * The WWN Charge from the sheet with the token moving (issue 24): Kara presses Charge on her
 * Spear with the Raider targeted: her token runs in a straight line to the space beside him (the
 * Charge's move, paid with her Move and Main Action, her AC lowered), and the attack dialog opens
 * set for a Charge of the feet run. The attack then spends nothing more and takes the GM's feet,
 * not the player's; a second is refused. A foe too close, or a crooked path, is refused with the
 * reason and nothing moves.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { clickSheet } from "./boot.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  attackCardsSince,
  itemNamed,
  reactionFight,
  targetRaider,
} from "./movement-reactions.support.ts";

let w: MoveWorld;
let declare: typeof import("../../src/foundry/rulesets/wwn/attack/declare.ts");
let budget: typeof import("../../src/foundry/rulesets/wwn/budget.ts");
let sheet: typeof import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");

beforeAll(async () => {
  w = await moveWorld("wwn", { size: 100, distance: 5, units: "ft" });
  declare = await import("../../src/foundry/rulesets/wwn/attack/declare.ts");
  budget = await import("../../src/foundry/rulesets/wwn/budget.ts");
  sheet = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
});

const SPEAR = {
  name: "Spear",
  type: "weapon",
  system: { damage: "1d6", skill: "stab", attributes: { str: true, dex: true } },
};

async function chargeFight(raiderAt: { col: number; row: number }) {
  const fought = await reactionFight(
    w,
    { system: { health: { value: 10, max: 10 } }, items: [SPEAR] },
    { system: { health: { value: 10, max: 10 } } },
    { kara: { col: 0, row: 0 }, foe: raiderAt },
  );
  await targetRaider(w, fought);
  return fought;
}

async function pressCharge(kara: Actor.Implementation): Promise<void> {
  const spear = itemNamed(kara, "Spear");
  await w.fake.as(PLAYER.id, () =>
    clickSheet(sheet.WwnActorSheet, kara, "charge", {}, spear.id ?? ""),
  );
  await w.idle();
}

describe("the WWN Charge from the sheet, on the map", () => {
  it("runs the token beside the foe, pays Move and Main, then one attack at the GM's feet", async () => {
    const { kara, raider, token } = await chargeFight({ col: 8, row: 0 });
    const asked = w.fake.dialogs.asked.length;
    await pressCharge(kara);
    expect([token.x, token.y]).toEqual([700, 0]);
    expect(budget.fighterOf(kara).actions).toMatchObject({
      mainUsed: true,
      movesUsed: 1,
      charged: true,
    });
    const shown = w.fake.dialogs.asked.slice(asked).at(-1);
    expect(shown?.content).toMatch(/value="charge" selected/);
    expect(shown?.content).toMatch(/name="feet"[^>]*value="35"/);

    // Her player confirms, claiming 60 ft: the GM's 35 ft stand, and nothing more is spent.
    const before = w.fake.game.messages.contents.length;
    const attack = () =>
      w.fake.as(PLAYER.id, () =>
        declare.declareWwnAttack(kara, itemNamed(kara, "Spear"), [raider], {
          kind: { kind: "charge", feet: 60 },
        }),
      );
    expect(await attack()).not.toBeNull();
    await w.idle();
    const cards = attackCardsSince(w, before);
    expect(cards).toHaveLength(1);
    expect(JSON.stringify(cards[0]?.flags)).toContain('"feet":35');
    // The Charge's move bought one attack.
    expect(await attack()).toBeNull();
    await w.idle();
    expect(attackCardsSince(w, before)).toHaveLength(1);
  });

  it("a foe too close, or a crooked path, is refused with the reason and nothing moves", async () => {
    const near = await chargeFight({ col: 2, row: 0 });
    w.fake.notifications.length = 0;
    const asked = w.fake.dialogs.asked.length;
    await pressCharge(near.kara);
    expect(near.token.x).toBe(0);
    expect(w.fake.notifications.at(-1)?.message).toMatch(/at least 10 ft/);
    expect(w.fake.dialogs.asked.length).toBe(asked);

    const far = await chargeFight({ col: 8, row: 0 });
    w.fake.notifications.length = 0;
    const crooked = await w.fake.as(PLAYER.id, () =>
      far.token.move([
        { ...w.moves.at(3, 3), action: "charge" },
        { ...w.moves.at(6, 0), action: "charge" },
      ]),
    );
    await w.idle();
    expect(crooked).toBe(false);
    expect(far.token.x).toBe(0);
    expect(w.fake.notifications.at(-1)?.message).toMatch(/one straight line/);
    expect(budget.fighterOf(far.kara).actions).toMatchObject({ mainUsed: false, movesUsed: 0 });
  });
});

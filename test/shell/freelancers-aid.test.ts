/**
 * Freelancers Help on an ally's check (issue 28): the helper presses Aid on the sheet with the
 * ally targeted; the GM records the helper's Base action and posts the card; the ally's owner
 * picks a check on it and rolls it favorable (two dice, the better kept), once; nobody else may.
 */
import { nextStepLine } from "./card-next.support.ts";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Sheet from "../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts";
import type * as Aid from "../../src/foundry/rulesets/freelancers/table/aid.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { clickSheet } from "./boot.support.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let sheet: typeof Sheet;
let protocol: typeof Protocol;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  sheet = await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
});

beforeEach(() => {
  world.reset();
});

const messages = () => fake.game.messages.contents as unknown as ChatMessage.Implementation[];
const aidOf = (message: ChatMessage.Implementation) =>
  (message.flags as { fray?: { flAid?: Aid.FlAidCard } }).fray?.flAid;

describe("Help on an ally's check", () => {
  it("spends the helper's Base; the ally's owner rolls the check favorable from the card, once", async () => {
    const k = await world.kara();
    const r = await world.rook();
    const combat = await world.startedCombat([k, r]);
    fake.setUser(PLAYER.id);
    world.table.target(r);
    await clickSheet(sheet.FlActorSheet, k, "aid");
    const card = messages().at(-1);
    if (card === undefined) throw new Error(world.warnings().join("; "));
    expect(card.content).toMatch(/Kara<\/span>[^]*Rook<\/span>[^]*Help on a check/);
    expect(nextStepLine(card.content)).toBe(
      "Waiting for Second player (Rook's player) to Roll the help check",
    );
    const { actionsIn } = await import("../../src/foundry/rulesets/freelancers/budget.ts");
    const karaId = combat.combatants.contents.find((c) => c.actorId === k.id)?.id ?? "";
    expect(actionsIn(combat as never, karaId)).toMatchObject({ base: 0 });

    // The helper's player may not roll the ally's check.
    expect(await protocol.pressCard(card, "check", { check: "agility" })).toMatchObject({
      reason: "notAllowed",
    });
    // A check that is none of the sheet's: a bad request.
    fake.setUser(PLAYER2.id);
    expect(await protocol.pressCard(card, "check", { check: "toString" })).toMatchObject({
      ok: false,
    });
    // Rook's owner rolls Agility (7): two dice, 15 and 5, the better kept: a pass.
    world.dice([20, 15], [20, 5]);
    expect(await protocol.pressCard(card, "check", { check: "agility" })).toMatchObject({
      ok: true,
    });
    expect(aidOf(card)).toMatchObject({
      check: "agility",
      roll: { faces: [15, 5], natural: 5, target: 7, passed: true },
    });
    expect(card.content).toContain("Agility");
    expect(nextStepLine(card.content)).toBe("Done: nothing left to do.");
    expect(await protocol.pressCard(card, "check", { check: "agility" })).toMatchObject({
      ok: false,
    });

    // A second Aid the same turn: no Base left, refused with a message, no card.
    fake.setUser(PLAYER.id);
    const before = messages().length;
    await clickSheet(sheet.FlActorSheet, k, "aid");
    expect(world.warnings().at(-1)).toBe("No Base action is left this turn.");
    expect(messages().length).toBe(before);
    await fake.as(GM.id, () => combat.delete());
  });
});

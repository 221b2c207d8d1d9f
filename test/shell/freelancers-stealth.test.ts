/**
 * Freelancers Hide and Search at the table (issue 28): each spends the Move action from the
 * sheet and posts a check card through the card protocol (a hider must be out of every foe's sight,
 * as the scene decides: here a curtain stands between); the GM alone rules whether the hider is
 * hidden and whom a search spots, recorded in the referee's ledger; an attack from hiding is
 * unseen (a dodging defender rolls one die) and gives the attacker away.
 */
import { nextStepLine } from "./card-next.support.ts";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Declare from "../../src/foundry/rulesets/freelancers/attack/declare.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import type * as Sheet from "../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts";
import type * as Stealth from "../../src/foundry/rulesets/freelancers/table/stealth.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { WALL_MOVEMENT_TYPES, makeWall } from "../fake-foundry/walls.ts";
import { clickSheet } from "./boot.support.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let attack: typeof Declare & typeof Dialog;
let cards: typeof Cards;
let sheet: typeof Sheet;
let stealth: typeof Stealth;
let protocol: typeof Protocol;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  attack = {
    ...(await import("../../src/foundry/rulesets/freelancers/attack/declare.ts")),
    ...(await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts")),
  };
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
  sheet = await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts");
  stealth = await import("../../src/foundry/rulesets/freelancers/table/stealth.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

beforeEach(() => {
  world.reset();
});

const CHOICES = { cover: "none", as: "base", targetEngaged: false } as const;
const messages = () => fake.game.messages.contents as unknown as ChatMessage.Implementation[];
const lastCard = () => {
  const message = messages().at(-1);
  if (message === undefined) throw new Error("no card");
  return message;
};
const stealthOf = (message: ChatMessage.Implementation) =>
  (message.flags as { fray?: { flStealth?: Stealth.FlStealthCard } }).fray?.flStealth;

async function endPhase(combat: Combat.Implementation) {
  await fake.as(GM.id, () => (combat as unknown as { endPhase(): Promise<unknown> }).endPhase());
  await whenIdle();
}

async function activate(combat: Combat.Implementation, actor: Actor.Implementation) {
  const id = combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  await fake.as(GM.id, () => combat.activateCombatant(id));
  await whenIdle();
  return id;
}

describe("Hide", () => {
  it("spends the Move and posts the check; only the GM rules Kara hidden; her attack is unseen and gives her away", async () => {
    const r = await world.rook();
    const k = await world.kara();
    world.place(k, r);
    // A curtain between them (it stops sight, not bodies): Kara may hide from Rook at his side.
    const row = fake.game.scenes.contents.find((scene) => scene.name === "Row") as unknown as {
      grid: { size: number };
      walls: Map<string, unknown>;
    };
    const size = row.grid.size;
    const curtain = makeWall([size, -size, size, 2 * size], { move: WALL_MOVEMENT_TYPES.NONE });
    row.walls.set(curtain.id, curtain);
    const combat = await world.startedCombat([r, k]);
    // Rook dodges on his turn: his defense against seen attacks is favorable.
    fake.setUser(PLAYER2.id);
    await clickSheet(sheet.FlActorSheet, r, "dodge");
    const { actionsIn } = await import("../../src/foundry/rulesets/freelancers/budget.ts");
    const rookId = combat.combatants.contents.find((c) => c.actorId === r.id)?.id ?? "";
    expect(actionsIn(combat as never, rookId)).toMatchObject({ dodging: true });
    await endPhase(combat);
    const karaId = await activate(combat, k);

    fake.setUser(PLAYER.id);
    world.dice([20, 6]); // Agility 8 + Stealth 0: 6 passes
    await clickSheet(sheet.FlActorSheet, k, "stealth", { kind: "hide" });
    const card = lastCard();
    expect((card as unknown as { author: { id: string } }).author.id).toBe(GM.id);
    expect(stealthOf(card)).toMatchObject({
      kind: "hide",
      roll: { natural: 6, target: 8, passed: true },
    });
    expect(card.content).toMatch(/Kara<\/span>[^]*Hide<\/span>/);
    expect(nextStepLine(card.content)).toBe("GM: Rule whether anyone watches: Hidden or Seen");
    expect(actionsIn(combat as never, karaId)).toMatchObject({ move: 0, base: 1 });

    // Kara's player rules herself hidden: refused, nothing recorded.
    expect(await protocol.pressCard(card, "hidden")).toMatchObject({
      ok: false,
      reason: "notAllowed",
    });
    expect(stealth.isHidden(k)).toBe(false);
    expect(await fake.as(GM.id, () => protocol.pressCard(card, "hidden"))).toMatchObject({
      ok: true,
    });
    expect(stealth.isHidden(k)).toBe(true);
    expect(card.content).toContain("Kara is hidden.");
    expect(nextStepLine(card.content)).toBe("Done: nothing left to do.");
    expect(await fake.as(GM.id, () => protocol.pressCard(card, "seen"))).toMatchObject({
      ok: false,
    });

    // From hiding: unseen, so Rook's Dodge does not help him (one defense die, not two).
    world.table.target(r);
    world.dice([20, 4]);
    const shot = await attack.flAttack(k, world.item(k, "Knife"), CHOICES);
    if (shot === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(shot)?.situation.defenderSees).toBe(false);
    fake.setUser(PLAYER2.id);
    world.dice([20, 15], [6, 1]);
    expect(await attack.requestFlStep(shot, "defend")).toEqual({ ok: true });
    expect(cards.flCardOf(shot)?.result?.defense).toMatchObject({ faces: [15] });
    expect(stealth.isHidden(k)).toBe(false);
    await fake.as(GM.id, () => combat.delete());
    row.walls.delete(curtain.id);
  });

  it("out of turn is refused with a message and posts nothing", async () => {
    const k = await world.kara();
    const r = await world.rook();
    const combat = await world.startedCombat([r, k]);
    fake.setUser(PLAYER.id);
    const before = messages().length;
    await clickSheet(sheet.FlActorSheet, k, "stealth", { kind: "hide" });
    expect(world.warnings().at(-1)).toBe("It is not Kara's turn.");
    expect(messages().length).toBe(before);
    await fake.as(GM.id, () => combat.delete());
  });
});

describe("Search", () => {
  it("spends the Move; the GM spots whom it ticks among the hidden, and nobody else", async () => {
    const k = await world.kara();
    const r = await world.rook();
    const combat = await world.startedCombat([k, r]);
    // The boxes name each hidden combatant's actor, as the rules address it.
    const karaId = k.id ?? "";
    const rookId = r.id ?? "";
    fake.setUser(PLAYER.id);
    world.dice([20, 3]);
    await clickSheet(sheet.FlActorSheet, k, "stealth", { kind: "hide" });
    await fake.as(GM.id, () => protocol.pressCard(lastCard(), "hidden"));
    expect(stealth.isHidden(k)).toBe(true);
    await endPhase(combat);
    await activate(combat, r);

    fake.setUser(PLAYER2.id);
    world.dice([20, 2]);
    await clickSheet(sheet.FlActorSheet, r, "stealth", { kind: "search" });
    const card = lastCard();
    expect(stealthOf(card)).toMatchObject({ kind: "search", roll: { natural: 2 } });
    // The card's public text never lists who is hidden.
    expect(card.content).not.toContain("Kara");
    // Rook's player presses Spot: refused.
    expect(await protocol.pressCard(card, "spot", { ids: [karaId] })).toMatchObject({
      reason: "notAllowed",
    });
    expect(stealth.isHidden(k)).toBe(true);
    // The GM ticks Kara (and Rook himself, who is not hidden): Kara alone is spotted.
    expect(
      await fake.as(GM.id, () => protocol.pressCard(card, "spot", { ids: [karaId, rookId] })),
    ).toMatchObject({ ok: true });
    expect(stealth.isHidden(k)).toBe(false);
    expect(card.content).toContain("Rook spots Kara.");
    await fake.as(GM.id, () => combat.delete());
  });
});

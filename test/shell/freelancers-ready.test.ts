/**
 * Freelancers Ready an Action (issue 28): the holder's owner readies its Base with a trigger on
 * its turn; the GM records it and posts the card with the trigger. When the trigger happens the
 * holder's owner (or the GM; nobody else) presses "Trigger happened — act now", and the holder
 * takes the readied action outside its turn, once. What unlocks it is the referee's ledger, never
 * what a player writes on its own actor.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Budget from "../../src/foundry/rulesets/freelancers/budget.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Ready from "../../src/foundry/rulesets/freelancers/table/ready.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Sheet from "../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts";
import { clickSheet } from "./boot.support.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let ready: typeof Ready;
let budget: typeof Budget;
let dialog: typeof Dialog;
let protocol: typeof Protocol;
let sheet: typeof Sheet;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  ready = await import("../../src/foundry/rulesets/freelancers/table/ready.ts");
  budget = await import("../../src/foundry/rulesets/freelancers/budget.ts");
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  sheet = await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts");
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

beforeEach(() => {
  world.reset();
});

const CHOICES = { cover: "none", as: "base", targetEngaged: false } as const;
const messages = () => fake.game.messages.contents as unknown as ChatMessage.Implementation[];
const readyOf = (message: ChatMessage.Implementation) =>
  (message.flags as { fray?: { flReady?: Ready.FlReadyCard } }).fray?.flReady;

function idOf(combat: Combat.Implementation, actor: Actor.Implementation): string {
  return combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
}

/** The GM ends Kara's team's phase and activates the actor of the next team. */
async function nextTeam(combat: Combat.Implementation, actor: Actor.Implementation) {
  await fake.as(GM.id, () => (combat as unknown as { endPhase(): Promise<unknown> }).endPhase());
  await whenIdle();
  await fake.as(GM.id, () => combat.activateCombatant(idOf(combat, actor)));
  await whenIdle();
  const turn = (combat.flags as { fray?: { turn?: { active?: string } } }).fray?.turn;
  if (turn?.active !== idOf(combat, actor)) throw new Error("not activated");
}

/** Kara and Rook side by side, Kara on her turn, Kara readying her Base (or Move) against Rook. */
async function readied(trigger: string, held: Ready.FlHeld = "base") {
  const k = await world.kara();
  const r = await world.rook();
  world.place(k, r);
  const combat = await world.startedCombat([k, r]);
  fake.setUser(PLAYER.id);
  const card = await ready.flReady(k, held, trigger);
  return { k, r, combat, card };
}

describe("Ready an Action", () => {
  it("posts the trigger on a card; only the holder's owner fires it, then one attack out of turn", async () => {
    const { k, r, combat, card } = await readied("<b>Rook</b> steps   into the doorway");
    if (card === null) throw new Error(world.warnings().join("; "));
    expect(card.content).toContain("&lt;b&gt;Rook&lt;/b&gt; steps into the doorway");
    expect(card.content).not.toContain("<b>Rook");
    expect(card.content).toContain("Trigger happened — act now");
    expect(budget.actionsIn(combat as never, idOf(combat, k))).toMatchObject({
      base: 0,
      quick: 0,
      readied: "base",
      triggered: false,
    });

    // Rook's turn: before the trigger happens, Kara may not attack.
    await nextTeam(combat, r);
    fake.setUser(PLAYER.id);
    world.table.target(r);
    expect(await dialog.flAttack(k, world.item(k, "Knife"), CHOICES)).toBeNull();
    expect(world.warnings().at(-1)).toContain("turn");

    // Rook's owner may not fire Kara's readied action.
    fake.setUser(PLAYER2.id);
    expect(await protocol.pressCard(card, "fire", {})).toMatchObject({ reason: "notAllowed" });
    expect(readyOf(card)).toMatchObject({ fired: false });

    // Kara's owner presses it: her reaction is spent, the readied Base may be taken now.
    fake.setUser(PLAYER.id);
    expect(await protocol.pressCard(card, "fire", {})).toEqual({ ok: true });
    expect(readyOf(card)).toMatchObject({ fired: true });
    expect(card.content).toContain("takes the readied Base action now");
    expect(budget.actionsIn(combat as never, idOf(combat, k))).toMatchObject({
      reaction: 0,
      triggered: true,
    });
    expect(await protocol.pressCard(card, "fire", {})).toMatchObject({ ok: false });

    // The attack out of turn goes through, once.
    world.dice([20, 4]);
    const shot = await dialog.flAttack(k, world.item(k, "Knife"), CHOICES);
    expect(shot).not.toBeNull();
    expect(budget.actionsIn(combat as never, idOf(combat, k))).toMatchObject({
      readied: null,
      triggered: false,
    });
    const before = messages().length;
    world.reset();
    fake.setUser(PLAYER.id);
    world.dice([20, 4]); // a passing attack check, were the second attack let through
    expect(await dialog.flAttack(k, world.item(k, "Knife"), CHOICES)).toBeNull();
    expect(world.warnings().at(-1)).toContain("turn");
    expect(messages().length).toBe(before);
    await fake.as(GM.id, () => combat.delete());
  });

  it("the sheet's Ready asks for the trigger; closing the dialog readies nothing", async () => {
    const k = await world.kara();
    fake.setUser(PLAYER.id);
    const before = messages().length;
    const asked = fake.dialogs.asked.length;
    await clickSheet(sheet.FlActorSheet, k, "ready", { held: "base" });
    expect(fake.dialogs.asked.slice(asked)).toEqual([
      { title: "Ready an action", content: expect.stringContaining('name="trigger"') as string },
    ]);
    expect(fake.dialogs.asked.at(-1)?.content).toContain(`maxlength="${ready.FL_TRIGGER_MAX}"`);
    expect(messages().length).toBe(before);
  });

  it("refuses an empty or overlong trigger, with a message and no card", async () => {
    const k = await world.kara();
    fake.setUser(PLAYER.id);
    const before = messages().length;
    expect(await ready.flReady(k, "base", "   ")).toBeNull();
    expect(world.warnings().at(-1)).toContain("trigger");
    expect(await ready.flReady(k, "move", "x".repeat(ready.FL_TRIGGER_MAX + 1))).toBeNull();
    expect(messages().length).toBe(before);
  });

  it("a player forging the readied state on its actor, or the ledger, cannot act out of turn", async () => {
    // Kara readies her Move: her Base is still unspent, so only the turn check stands in the way.
    const { k, r, combat, card } = await readied("Rook moves", "move");
    if (card === null) throw new Error(world.warnings().join("; "));
    await nextTeam(combat, r);
    fake.setUser(PLAYER.id);
    // The player writes "triggered" on Kara's own actor (the server lets it) and tries the
    // Combat's ledger (GM-owned: the server refuses it).
    await k.update({ "system.actions.triggered": true, "system.actions.readied": "move" } as never);
    const path = `flags.fray.ledger.${idOf(combat, k)}.flActions.triggered`;
    await Promise.resolve(combat.update({ [path]: true })).catch(() => undefined);
    expect(budget.actionsIn(combat as never, idOf(combat, k))).toMatchObject({ triggered: false });
    world.table.target(r);
    const before = messages().length;
    world.dice([20, 4]); // a passing attack check, were the attack let through
    expect(await dialog.flAttack(k, world.item(k, "Knife"), CHOICES)).toBeNull();
    expect(world.warnings().at(-1)).toContain("turn");
    expect(messages().length).toBe(before);
    await fake.as(GM.id, () => combat.delete());
  });
  it("an old Ready card fires only the readied action it was posted for; a stale one changes nothing", async () => {
    const { k, r, combat, card: first } = await readied("Rook draws", "base");
    if (first === null) throw new Error(world.warnings().join("; "));
    // Round over unfired: at Kara's next turn the readied Base lapses, and she readies her Move.
    await nextTeam(combat, r);
    await nextTeam(combat, k);
    expect(combat.round).toBe(2);
    fake.setUser(PLAYER.id);
    const second = await ready.flReady(k, "move", "Rook runs");
    if (second === null) throw new Error(world.warnings().join("; "));
    const before = budget.actionsIn(combat, idOf(combat, k));
    expect(before).toMatchObject({ readied: "move", triggered: false, reaction: 1 });
    await nextTeam(combat, r);

    // The first card was for the Base readied last round: pressing it says so and changes nothing.
    fake.setUser(PLAYER.id);
    world.reset();
    fake.setUser(PLAYER.id);
    expect(await protocol.pressCard(first, "fire", {})).toMatchObject({
      ok: false,
      reason: "staleReady",
    });
    expect(world.warnings().at(-1)).toContain("earlier");
    expect(budget.actionsIn(combat as never, idOf(combat, k))).toEqual(before);
    expect(readyOf(first)).toMatchObject({ fired: false });

    // The card posted for the Move fires it.
    expect(await protocol.pressCard(second, "fire", {})).toEqual({ ok: true });
    expect(budget.actionsIn(combat as never, idOf(combat, k))).toMatchObject({
      readied: "move",
      triggered: true,
    });
    await fake.as(GM.id, () => combat.delete());
  });
});

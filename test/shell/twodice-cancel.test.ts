/**
 * Issue 28, two dice: a player's shot whose claims wait for the GM's Confirm can be cancelled, by
 * the attacker's owner before the GM rules and by the GM, through the card protocol: the card says
 * so and what the declaration spent is given back (the ammunition, and the action while the round
 * lasts). Another player's cancel, sent as that player's own request, is refused: nothing changes.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Budget from "../../src/foundry/rulesets/twodice/budget.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let declare: typeof Declare;
let cards: typeof Cards;
let protocol: typeof Protocol;
let budget: typeof Budget;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  budget = await import("../../src/foundry/rulesets/twodice/budget.ts");
});

beforeEach(() => {
  world.reset();
});

/** A shotgun with two shells (C2): each shot spends one. */
const SHOTGUN = {
  name: "Shotgun",
  type: "weapon",
  system: { kind: "ranged", attack: 14, defense: 8, damage: 4, range: 2, type: "C2" },
};

/** Gunner (the player's) shoots at Vex (owned by the other player) in a fight with no tokens. */
async function claimedShot() {
  const gunner = await world.createActor({
    name: "Gunner",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    items: [SHOTGUN],
  });
  const vex = await world.createActor({
    name: "Vex",
    type: "character",
    ownership: { [PLAYER2.id]: 3 },
  });
  const shotgun = world.item(gunner, "Shotgun");
  await world.startedCombat([gunner, vex]);
  fake.setUser(PLAYER.id);
  world.dice(3, 2);
  const id = await declare.declareTwodiceAttack(gunner, shotgun, vex, { distance: 3 });
  fake.setUser(GM.id);
  const message = fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation & {
    content: string;
  };
  const rounds = () => (shotgun.system as unknown as { ammo: { rounds: number } }).ammo.rounds;
  return { gunner, vex, shotgun, message, rounds };
}

const cardOf = (m: ChatMessage.Implementation) => cards.twodiceCardOf(m);

describe("cancelling a shot that waits for the GM", () => {
  it("the attacker's owner cancels before the GM rules: its shell and its action come back", async () => {
    const { gunner, vex, shotgun, message, rounds } = await claimedShot();
    expect(cardOf(message)?.stage).toBe("claimed");
    expect(rounds()).toBe(1);
    expect(budget.twodiceTurnOf(gunner).acted).toBe(true);
    expect(message.content).toContain('data-fray-step="cancel"');
    const cancelled = await fake.as(PLAYER.id, () => protocol.pressCard(message, "cancel"));
    expect(cancelled).toEqual({ ok: true });
    expect(cardOf(message)).toMatchObject({ stage: "resolved", cancelled: true });
    expect(message.content).toContain("Cancelled before the GM ruled");
    expect(message.content).not.toContain('data-fray-step="confirm"');
    expect(rounds()).toBe(2);
    expect(budget.twodiceTurnOf(gunner).acted).toBe(false);
    // Nothing of it lands: the GM can no longer confirm it; the gunner may shoot again.
    const late = await fake.as(GM.id, () => protocol.pressCard(message, "confirm", {}));
    expect(late).toMatchObject({ ok: false });
    fake.setUser(PLAYER.id);
    world.dice(3, 2);
    expect(
      await declare.declareTwodiceAttack(gunner, shotgun, vex, { distance: 3 }),
    ).not.toBeNull();
  });

  it("the GM cancels a player's claimed shot", async () => {
    const { gunner, message, rounds } = await claimedShot();
    expect(await fake.as(GM.id, () => protocol.pressCard(message, "cancel"))).toEqual({ ok: true });
    expect(rounds()).toBe(2);
    expect(budget.twodiceTurnOf(gunner).acted).toBe(false);
  });

  it("refuses another player's cancel (even the target's owner): nothing is given back", async () => {
    const { gunner, message, rounds } = await claimedShot();
    const forged = await fake.as(PLAYER2.id, () => protocol.pressCard(message, "cancel"));
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(cardOf(message)?.stage).toBe("claimed");
    expect(rounds()).toBe(1);
    expect(budget.twodiceTurnOf(gunner).acted).toBe(true);
  });

  it("cannot cancel once the GM ruled", async () => {
    const { message, rounds } = await claimedShot();
    await fake.as(GM.id, () => protocol.pressCard(message, "confirm", { distance: 3 }));
    const after = await fake.as(PLAYER.id, () => protocol.pressCard(message, "cancel"));
    expect(after).toMatchObject({ ok: false, reason: "notCancellable" });
    expect(rounds()).toBe(1);
  });
});

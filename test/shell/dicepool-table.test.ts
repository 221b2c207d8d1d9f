/**
 * The dice-pool game's table actions through the referee (the one card protocol): spending the
 * Grappling Pool against a victim's next roll, escaping and resisting a grapple, restraints,
 * Multi-Grapple, breaking a grapple with an attack, Stabilize, Plot Armor, moving and sprinting,
 * falling, opportunity attacks, and the chat roll mode. A player asks; the GM's client checks
 * again and writes; grapples and budgets are the referee's record in the running combat's ledger.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { actorWriters } from "./referee.support.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, sys, cardState, fighters, playerAttacks, gmSets, fight } = t;

/**
 * Ana grapples Brute with a grappling-mod knife on her turn of a running combat: `hits` net hits
 * go into her pool.
 */
async function grappled(poolHits: number, anaSystem: Record<string, unknown> = {}) {
  const { ana, brute } = await fighters({ kind: "close", mods: { grappling: true } }, anaSystem);
  const combat = await fight(ana, brute);
  const dice5 = Array.from({ length: 5 }, (_, i) => (i < poolHits ? 6 : 1));
  dice(...dice5);
  const message = await playerAttacks(ana, brute, { intent: "grapple" });
  t.fake.setUser(GM.id);
  dice(1, 1, 1); // Dodge: no hits
  await t.defend(message, "dodge");
  await t.apply(message);
  return { ana, brute, combat };
}

const lastLine = () =>
  (t.fake.game.messages.contents.at(-1) as unknown as { content: string }).content;

describe("grappling at the table", () => {
  it("the assailant spends pool points; the victim's next attack has that many dice fewer, once", async () => {
    const { ana, brute, combat } = await grappled(4);
    expect(t.grapples(ana)).toMatchObject([{ pool: 4 }]);
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("spendGrapple", ana, brute, 3)).toBe(true);
    expect(t.grapples(ana)).toMatchObject([{ pool: 1 }]);
    expect(t.penalty(brute)).toBe(3);
    expect(lastLine()).toContain("Ana spends 3 Grappling Pool against Brute (pool 1).");
    // Brute's turn: he attacks Ana bare-handed, 4 dice less 3.
    await t.endTurn(combat);
    t.fake.setUser(GM.id);
    dice(6);
    const message = await t.attack.declareDicepoolAttack(brute, null, [ana]);
    expect(message && cardState(message).attackPool?.dice).toBe(1);
    expect(t.penalty(brute)).toBe(0);
    // Spending more than the pool holds is refused, and nothing changes.
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("spendGrapple", ana, brute, 2)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe("The Grappling Pool has only 1 points.");
    expect(t.grapples(ana)).toMatchObject([{ pool: 1 }]);
  });

  it("a player cannot spend a pool of an actor it does not own", async () => {
    const { ana, brute } = await grappled(3);
    const mark = t.fake.db.calls.length;
    const outcome = await t.fake.as(PLAYER2.id, () =>
      t.referee.sendIntent(t.protocol.CARD_DECLARE, {
        kind: "dicepool.grapple",
        payload: {
          act: "spendGrapple",
          actorId: ana.id,
          otherId: brute.id,
          amount: 1,
          medium: "ground",
        },
      }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(actorWriters(t.fake, mark)).toEqual([]);
    expect(t.grapples(ana)).toMatchObject([{ pool: 3 }]);
  });

  it("the victim escapes by paying Energy equal to the pool; without enough it is refused", async () => {
    const { ana, brute } = await grappled(4);
    t.fake.setUser(GM.id);
    // Brute has 5 Energy: a pool of 4 is within reach.
    await gmSets(brute, { "system.energy.value": 3 });
    expect(await t.acts.requestDicepoolAct("escape", brute, ana)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe("Not enough Energy: it costs 4, there is 3.");
    await gmSets(brute, { "system.energy.value": 5 });
    const mark = t.fake.db.calls.length;
    expect(await t.acts.requestDicepoolAct("escape", brute, ana)).toBe(true);
    expect(t.grapples(ana)).toEqual([]);
    expect(sys(brute).energy.value).toBe(1);
    expect(new Set(actorWriters(t.fake, mark))).toEqual(new Set([GM.id]));
  });

  it("a pool at the victim's health incapacitates it; it resists once, restraints keep it down", async () => {
    // Ana: Physical 6 + Close Combat 2 = 8 dice; 6 hits against Brute's 6 health.
    const { ana, brute } = await fighters(
      { kind: "close", mods: { grappling: true } },
      { attributes: { physical: 6 } },
    );
    await fight(ana, brute);
    dice(6, 6, 6, 6, 6, 6, 1, 1);
    const message = await playerAttacks(ana, brute, { intent: "grapple" });
    t.fake.setUser(GM.id);
    dice(1, 1, 1);
    await t.defend(message, "dodge");
    await t.apply(message);
    expect(sys(brute).incapacitated).toBe("grapple");
    // Brute resists with 1 Energy: the pool drops to 5, below its health; it is up again.
    expect(await t.acts.requestDicepoolAct("resist", brute, ana, 1)).toBe(true);
    expect(t.grapples(ana)).toMatchObject([{ pool: 5, resistOffered: true }]);
    expect(sys(brute).incapacitated).toBeNull();
    // Restraints need a victim the grapple holds down.
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("restrain", ana, brute)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "Only a victim the grapple holds incapacitated can do that.",
    );
    await gmSets(brute, { "system.incapacitated": "grapple" });
    // Restraints need restraints at hand (rope, zip ties, manacles); the one used stays on him.
    expect(await t.acts.requestDicepoolAct("restrain", ana, brute)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toMatch(/^No restraints at hand/);
    expect(sys(brute).incapacitated).toBe("grapple");
    const [rope] = (await t.fake.as(GM.id, () =>
      ana.createEmbeddedDocuments("Item", [
        { name: "Rope", type: "gear", system: { quantity: 1, restraints: true } },
      ] as never),
    )) as unknown as Item.Implementation[];
    expect(await t.acts.requestDicepoolAct("restrain", ana, brute)).toBe(true);
    expect(sys(brute).incapacitated).toBe("restraints");
    expect((rope?.system as unknown as { quantity: number }).quantity).toBe(0);
  });

  it("Multi-Grapple: a second victim needs the power", async () => {
    const { ana, brute } = await fighters({ kind: "close", mods: { grappling: true } });
    const Actor = t.fake.CONFIG["Actor"]?.documentClass;
    const [third] = (await t.fake.as(GM.id, () =>
      Actor?.createDocuments([{ name: "Third", type: "npc", system: {} }]),
    )) as unknown as Actor.Implementation[];
    if (!third) throw new Error("no third");
    t.board.place(third, { col: 0, row: 0 });
    const combat = await fight(ana, brute, third);
    const grab = async (victim: Actor.Implementation, faces: number[], dodge: number[]) => {
      dice(...faces);
      const message = await playerAttacks(ana, victim, { intent: "grapple" });
      t.fake.setUser(GM.id);
      dice(...dodge);
      expect(await t.defend(message, "dodge"), JSON.stringify(t.fake.notifications)).toBe(true);
      await t.apply(message);
      return cardState(message);
    };
    await grab(brute, [6, 6, 6, 1, 1], [1, 1, 1]);
    const refused = await grab(third, [6, 6, 1, 1, 1], [1, 1]);
    expect(refused.result?.refusedGrapple).toBe("too-many-grapples");
    expect(t.grapples(ana).map((g) => g.victimId)).toEqual([brute.id]);
    await gmSets(ana, { "system.powers.multiGrapple": 1 });
    // Ana's next turn (round 2): holding Brute costs 1; she grabs Third.
    for (let i = 0; i < 3; i++) await t.endTurn(combat);
    await grab(third, [6, 6, 1, 1, 1], [1, 1]);
    expect(t.grapples(ana).map((g) => [g.victimId, g.pool])).toEqual([
      [brute.id, 2],
      [third.id, 2],
    ]);
  });

  it("the victim breaks the grapple with an attack: its net hits drain the pool", async () => {
    const { ana, brute, combat } = await grappled(2);
    await t.endTurn(combat); // Brute's turn
    t.fake.setUser(GM.id);
    dice(6, 6, 6, 1); // Brute bare-handed: 3 hits
    const message = await t.attack.declareDicepoolAttack(brute, null, [ana], {
      ...t.DEFAULT_CHOICE,
      intent: "breakGrapple",
    });
    if (message === null) throw new Error(JSON.stringify(t.fake.notifications));
    t.fake.setUser(PLAYER.id);
    dice(1, 1, 1); // Ana dodges: no hits
    await t.defend(message, "dodge");
    await t.apply(message);
    expect(t.grapples(ana)).toEqual([]);
    expect(sys(ana).health.damage).toBe(0);
    expect((message as unknown as { content: string }).content).toContain("Grapple broken");
  });

  it("a grapple out of a running combat is refused: the referee has nowhere to record it", async () => {
    const { ana, brute } = await fighters({ kind: "close", mods: { grappling: true } });
    t.fake.setUser(PLAYER.id);
    const message = await t.attack.declareDicepoolAttack(ana, t.itemOf(ana), [brute], {
      ...t.DEFAULT_CHOICE,
      intent: "grapple",
    });
    expect(message).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "A grapple is held in a running combat: both fighters must be in it.",
    );
  });
});

describe("Stabilize and Plot Armor", () => {
  it("a medic with Medicine 1 stabilizes a dying target; without it the act is refused", async () => {
    const { ana, brute } = await fighters();
    await gmSets(brute, { "system.health.damage": 6, "system.incapacitated": "lethal" });
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("stabilize", ana, brute)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe("Stabilize needs Medicine 1 (or the power).");
    await gmSets(ana, { "system.skills.medicine": 1 });
    expect(await t.acts.requestDicepoolAct("stabilize", ana, brute)).toBe(true);
    expect(sys(brute).stabilized).toBe(true);
    // A stabilized character does not bleed at its turn start.
    const combat = await fight(ana, brute);
    await t.endTurn(combat);
    expect(sys(brute).health.damage).toBe(6);
  });

  it("Plot Armor: an incapacitated defender takes at most 1 from an attack", async () => {
    const { ana, brute } = await fighters();
    await gmSets(brute, {
      "system.health.damage": 6,
      "system.incapacitated": "lethal",
      "system.powers.plotArmor": true,
    });
    dice(6, 6, 6, 6, 6); // 5 hits
    const message = await playerAttacks(ana, brute);
    t.fake.setUser(GM.id);
    dice(1, 1, 1, 1, 1, 1); // Soak: no hits; 1 wound die
    await t.defend(message, "soak");
    expect(cardState(message).result).toMatchObject({ net: 5, damage: 1 });
    await t.apply(message);
    expect(sys(brute).health.damage).toBe(7);
  });
});

describe("moving, sprinting and falling", () => {
  it("in combat, the second move of a turn is a sprint for 1 Energy; beyond the speed is refused", async () => {
    const { ana } = await fighters();
    await fight(ana);
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("move", ana, null, 2)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe("Too far: 2 spaces at speed 1.");
    expect(await t.acts.requestDicepoolAct("move", ana, null, 1)).toBe(true);
    expect(sys(ana).energy.value).toBe(5);
    expect(await t.acts.requestDicepoolAct("move", ana, null, 1)).toBe(true);
    expect(sys(ana).energy.value).toBe(4);
    expect(lastLine()).toContain("Ana sprints 1 spaces (1 Energy).");
    const simple = t.combat.dicepoolMemberChips(ana)[0];
    expect([simple?.label, simple?.on]).toEqual(["FRAY.Dicepool.Tracker.Simple", false]);
    // Both Simple actions are spent: a third move is refused.
    expect(await t.acts.requestDicepoolAct("move", ana, null, 1)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe("No Simple action is left this turn.");
  });

  it("a grappled victim cannot move; its assailant drags it for 1 pool point a space", async () => {
    const { ana, brute } = await grappled(3);
    t.fake.setUser(GM.id);
    expect(await t.acts.requestDicepoolAct("move", brute, null, 1)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe("A grappled character cannot move.");
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("move", ana, brute, 1)).toBe(true);
    expect(t.grapples(ana)).toMatchObject([{ pool: 2 }]);
    expect(lastLine()).toContain("Ana drags Brute 1 spaces.");
  });

  it("a fall of 7 spaces drops 2 a turn and lands for 12 damage; only the GM starts it", async () => {
    const { ana, brute } = await fighters({ kind: "close" }, { attributes: { physical: 12 } });
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("fall", ana, null, 7)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toBe("Only the GM can do that.");
    t.fake.setUser(GM.id);
    // Out of a fight there are no turns to fall on: refused with the reason.
    expect(await t.acts.requestDicepoolAct("fall", ana, null, 7)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toContain("start the combat first");
    const combat = await fight(ana, brute);
    expect(await t.acts.requestDicepoolAct("fall", ana, null, 7)).toBe(true);
    const nextRound = async () => {
      await t.endTurn(combat);
      await t.endTurn(combat);
    };
    await nextRound();
    await nextRound();
    await nextRound();
    expect(t.falling(ana)).toEqual({ height: 1, fallen: 6 });
    expect(sys(ana).health.damage).toBe(0);
    dice(...Array.from({ length: 12 }, () => 1)); // 12 wound dice, no hits
    await nextRound();
    expect(t.falling(ana)).toBeNull();
    expect(sys(ana).health.damage).toBe(12);
    expect(lastLine()).toContain("Ana hits the ground: 12 damage.");
  });
});

describe("opportunity attacks", () => {
  it("a close attack on someone leaving the space is an Interrupt; a ranged weapon cannot", async () => {
    const { ana, brute } = await fighters();
    dice(6, 6, 1, 1, 1);
    const message = await playerAttacks(ana, brute, { opportunity: "leaveSpace" });
    expect(cardState(message).stage).toBe("defend");
    const { ana: archer, brute: target } = await fighters({ kind: "ranged" });
    t.fake.setUser(PLAYER.id);
    const refused = await t.attack.declareDicepoolAttack(archer, t.itemOf(archer), [target], {
      ...t.DEFAULT_CHOICE,
      opportunity: "rangedAttack",
    });
    expect(refused).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toContain("No opportunity attack");
  });
});

describe("the chat roll mode", () => {
  it("a GM roll whispers the attack dice to the GMs and the roller; the card stays public", async () => {
    const { ana, brute } = await fighters();
    await t.fake.as(PLAYER.id, () => t.fake.settings.set("core", "rollMode", "gmroll"));
    try {
      const before = t.fake.game.messages.size;
      dice(6, 6, 1, 1, 1);
      const message = await playerAttacks(ana, brute);
      const posted = t.fake.game.messages.contents.slice(before).map((m) => {
        const { _id, whisper } = m.toObject() as Record<string, unknown>;
        const rolls = (m as unknown as { rolls: unknown[] }).rolls.length;
        return { id: _id, whisper: whisper ?? [], rolls };
      });
      const card = posted.find((m) => m.id === message.id);
      const hidden = posted.find((m) => m.id !== message.id && m.rolls > 0);
      expect(card).toMatchObject({ whisper: [], rolls: 0 });
      expect((message as unknown as { content: string }).content).toContain(
        'data-fray-step="defend"',
      );
      expect(hidden).toMatchObject({ whisper: [GM.id, PLAYER.id] });
    } finally {
      await t.fake.as(PLAYER.id, () => t.fake.settings.set("core", "rollMode", "publicroll"));
    }
  });
});

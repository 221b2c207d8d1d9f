/**
 * What a player's console can do against the dice-pool table, and what the referee (the active
 * GM) does about it (issue 23). The player owns Ana and nothing else; whatever they write on Ana
 * and whatever they send, no other owner's document changes and the refusal is a localized
 * warning:
 * - a grapple written on the grappler's own actor is no grapple: the GM reads the grapples it
 *   recorded itself, in the combat's ledger, when a grapple attack succeeded;
 * - only a token in the attacker's running combat, or on its scene, can be attacked;
 * - the Simple actions left this turn are the GM's record (the ledger), not the player's actor;
 * - the distance the GM cannot measure is the GM's to confirm on the card, not the player's word;
 * - the dice pool has no referee actions of its own: its cards go through the one card protocol.
 */
import { nextStepLine } from "./card-next.support.ts";
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { actorWriters } from "./referee.support.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, sys, itemOf, cardState, fighters, playerAttacks, fight } = t;

const chips = (actor: Actor.Implementation) =>
  t.combat.dicepoolMemberChips(actor).map((c) => [c.label, c.on] as const);
const lastWarning = () => t.fake.notifications.at(-1)?.message;
const messagesNow = () => t.fake.game.messages.size;
/** The actor's stored system data, as text (to compare before and after). */
const stored = (actor: Actor.Implementation) =>
  JSON.stringify((actor as unknown as { toObject(): { system: unknown } }).toObject().system);

/** Sends what the sheet's grapple buttons declare, straight from the player's console. */
function forgeAct(payload: Record<string, unknown>) {
  return t.fake.as(PLAYER.id, () =>
    t.referee.sendIntent(t.protocol.CARD_DECLARE, { kind: "dicepool.grapple", payload }),
  );
}

/** Sends an attack declaration straight from the player's console. */
function forgeAttack(payload: Record<string, unknown>) {
  return t.fake.as(PLAYER.id, () =>
    t.referee.sendIntent(t.protocol.CARD_DECLARE, { kind: "dicepool.attack", payload }),
  );
}

async function stranger(): Promise<Actor.Implementation> {
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  const [actor] = (await t.fake.as(GM.id, () =>
    Actor?.createDocuments([{ name: "Stranger", type: "npc", system: {} }]),
  )) as unknown as Actor.Implementation[];
  if (actor === undefined) throw new Error("no stranger");
  return actor;
}

describe("a grapple the player wrote on their own actor", () => {
  it("is no grapple: Spend and Restrain are refused and the victim is untouched", async () => {
    const { ana, brute } = await fighters();
    await fight(ana, brute);
    // The player's console: a Grappling Pool of 500 on Brute, on Ana's own sheet.
    await t.fake.as(PLAYER.id, () =>
      ana.update({
        "system.grapples": [
          { victimId: brute.id, victimName: "Brute", pool: 500, resistOffered: false },
        ],
      } as never),
    );
    const mark = t.fake.db.calls.length;
    const before = stored(brute);
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("spendGrapple", ana, brute, 1)).toBe(false);
    expect(lastWarning()).toBe("There is no such grapple.");
    expect(await t.acts.requestDicepoolAct("restrain", ana, brute)).toBe(false);
    expect(lastWarning()).toBe("There is no such grapple.");
    // The same requests sent straight to the GM, past the client's own check.
    for (const act of ["spendGrapple", "restrain"]) {
      const outcome = await forgeAct({
        act,
        actorId: ana.id,
        otherId: brute.id,
        amount: 1,
        medium: "ground",
      });
      expect(outcome).toMatchObject({ ok: false, reason: "noGrapple" });
    }
    expect(stored(brute)).toBe(before);
    expect(actorWriters(t.fake, mark).filter((id) => id === GM.id)).toEqual([]);
    // Neither the tracker nor Brute's sheet shows a hold.
    expect(chips(brute).map(([label]) => label)).not.toContain("FRAY.Dicepool.Tracker.Grappled");
    expect(chips(ana).map(([label]) => label)).not.toContain("Grapple 500");
  });
});

describe("attacking an actor that is not at the table", () => {
  it("refuses a target outside the attacker's combat and scene, from the dialog and the console", async () => {
    const { ana, brute } = await fighters();
    await fight(ana, brute);
    const away = await stranger(); // in no combat, with no token
    const posted = messagesNow();
    t.fake.setUser(PLAYER.id);
    t.table.target(away);
    dice(6, 5, 4, 1, 2, 6, 5, 4, 1, 2);
    const refused = await t.attack.declareDicepoolAttack(ana, itemOf(ana), [away]);
    expect(refused).toBeNull();
    expect(lastWarning()).toBe(
      "The target must be a token in the attacker's combat or on its scene.",
    );
    const forged = await forgeAttack({
      attackerId: ana.id,
      weaponId: itemOf(ana).id,
      targetId: away.id,
      ...t.DEFAULT_CHOICE,
      rollMode: "publicroll",
    });
    expect(forged).toMatchObject({ ok: false, reason: "targetNotInReach" });
    expect(messagesNow()).toBe(posted);
    expect(sys(away).health.damage).toBe(0);
  });
});

describe("the action budget", () => {
  it("is the GM's record: resetting it on the player's own actor wins no third attack", async () => {
    const { ana, brute } = await fighters();
    const combat = await fight(ana, brute);
    dice(6, 5, 4, 1, 2);
    await playerAttacks(ana, brute);
    dice(6, 5, 4, 1, 2);
    await playerAttacks(ana, brute);
    expect(chips(ana)[0]).toEqual(["FRAY.Dicepool.Tracker.Simple", false]);
    // The player's console: both Simple actions back on Ana's own actor.
    await t.fake.as(PLAYER.id, () =>
      ana.update({
        "system.actions": { simpleUsed: 0, complexUsed: false, freeUsed: 0, moves: 0 },
      } as never),
    );
    const posted = messagesNow();
    t.fake.setUser(PLAYER.id);
    dice(6, 5, 4, 1, 2);
    expect(await t.attack.declareDicepoolAttack(ana, itemOf(ana), [brute])).toBeNull();
    expect(lastWarning()).toBe("No Simple action is left this turn.");
    expect(messagesNow()).toBe(posted);
    expect(chips(ana)[0]).toEqual(["FRAY.Dicepool.Tracker.Simple", false]);
    const sheets = await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
    expect((await sheets.dicepoolActorSheetContext(ana)).turnLeft).toMatchObject({
      simple: 0,
      free: 1,
      text: "Left this turn: 0 Simple, 1 Free",
    });
    // The next turn of Ana's hands her a fresh budget.
    await t.endTurn(combat);
    expect(chips(ana)[0]).toEqual(["FRAY.Dicepool.Tracker.Simple", false]);
    await t.endTurn(combat);
    expect(chips(ana)[0]).toEqual(["FRAY.Dicepool.Tracker.SimpleTwo", true]);
  });
});

describe("a distance the GM cannot measure", () => {
  it("waits for the GM on the card; the GM's distance sets the pool", async () => {
    const { ana, brute } = await fighters({ kind: "ranged" });
    await fight(ana, brute);
    const board = (globalThis as { canvas?: unknown }).canvas;
    delete (globalThis as { canvas?: unknown }).canvas;
    try {
      // Physical 3 + Ranged Combat 0: 3 dice, less one per space. The player says 0 spaces.
      t.fake.setUser(PLAYER.id);
      dice(6, 6, 6);
      const message = await t.attack.declareDicepoolAttack(ana, itemOf(ana), [brute]);
      if (message === null) throw new Error(JSON.stringify(t.fake.notifications));
      expect(cardState(message)).toMatchObject({ stage: "confirm", attackPool: null });
      expect(nextStepLine((message as unknown as { content: string }).content)).toBe(
        "GM: Give the distance and cover, then Confirm",
      );
      // The GM says the target stands 2 spaces away: 1 die is rolled.
      t.fake.setUser(GM.id);
      dice(6);
      const confirmed = await t.protocol.pressCard(message, "confirm", {
        distance: 2,
        cover: "none",
      });
      expect(confirmed).toEqual({ ok: true });
      expect(cardState(message)).toMatchObject({ stage: "defend", attackPool: { dice: 1 } });
      expect(nextStepLine((message as unknown as { content: string }).content)).toMatch(
        /^(Waiting for .+ \(Brute's players?\) to|GM, for Brute:) Choose a defense$/,
      );
    } finally {
      (globalThis as { canvas?: unknown }).canvas = board;
    }
  });
});

describe("the GM's confirmation of a distance", () => {
  async function unmeasured() {
    const { ana, brute } = await fighters({ kind: "ranged" });
    await fight(ana, brute);
    t.board.place(brute, { col: 0, row: 0 });
    // Brute's token is not on the GM's canvas: nothing to measure.
    t.board.canvas.ready = false;
    try {
      t.fake.setUser(PLAYER.id);
      const message = await t.attack.declareDicepoolAttack(ana, itemOf(ana), [brute]);
      if (message === null) throw new Error(JSON.stringify(t.fake.notifications));
      return { ana, brute, message };
    } finally {
      t.board.canvas.ready = true;
    }
  }

  it("is the GM's alone: a player's press, from the card or the console, is refused", async () => {
    const { message } = await unmeasured();
    const sent = t.fake.queries.length;
    const local = await t.protocol.pressCard(message, "confirm", { distance: 0, cover: "none" });
    expect(local).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(t.fake.queries.length).toBe(sent);
    const forged = await t.fake.as(PLAYER.id, () =>
      t.referee.sendIntent(t.protocol.CARD_PRESS, {
        messageId: message.id,
        step: "confirm",
        choices: { distance: 0, cover: "none" },
      }),
    );
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    // Nor can the defense be picked before the GM spoke.
    t.fake.setUser(GM.id);
    expect(await t.defend(message, "dodge")).toBe(false);
    expect(lastWarning()).toBe("The GM has not confirmed the distance yet.");
    expect(cardState(message).stage).toBe("confirm");
  });

  it("refuses a distance that is not a whole number of spaces, and the GM may call the attack off", async () => {
    const { message } = await unmeasured();
    t.fake.setUser(GM.id);
    for (const distance of [-1, 1.5, "", "2x", 1e9]) {
      const outcome = await t.protocol.pressCard(message, "confirm", { distance, cover: "none" });
      expect(outcome).toMatchObject({ ok: false, reason: "badRequest" });
    }
    expect(await t.protocol.pressCard(message, "cancel")).toEqual({ ok: true });
    expect(cardState(message).stage).toBe("cancelled");
    expect((message as unknown as { content: string }).content).toContain("Called off by the GM.");
    const late = await t.protocol.pressCard(message, "confirm", { distance: 0, cover: "none" });
    expect(late).toMatchObject({ ok: false });
    expect(cardState(message).attackPool).toBeNull();
  });
});

describe("a player's copy of a dice-pool card", () => {
  it("is never played: Apply on it is refused and the target is untouched", async () => {
    const { ana, brute } = await fighters();
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    const card = cardState(message);
    const ChatMessage = t.fake.CONFIG["ChatMessage"]?.documentClass;
    const forged = (await t.fake.as(PLAYER.id, () =>
      ChatMessage?.create({
        author: PLAYER.id,
        content: "forged",
        flags: {
          fray: {
            cardKind: "dicepool.attack",
            dicepoolAttack: { ...card, stage: "resolved", result: { defense: "soak" } },
          },
        },
      }),
    )) as unknown as ChatMessage.Implementation;
    const mark = t.fake.db.calls.length;
    const outcome = await t.fake.as(PLAYER.id, () => t.protocol.pressCard(forged, "apply"));
    expect(outcome).toMatchObject({ ok: false, reason: "notRefereeCard" });
    expect(actorWriters(t.fake, mark)).toEqual([]);
    expect(sys(brute).health.damage).toBe(0);
  });
});

describe("the dice pool's own transport", () => {
  it("is gone: its old referee actions are unknown to the GM", async () => {
    const { ana, brute } = await fighters();
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    for (const action of [
      "dicepool.declare",
      "dicepool.defend",
      "dicepool.apply",
      "dicepool.act",
    ]) {
      const outcome = await t.fake.as(PLAYER.id, () =>
        t.referee.sendIntent(action, { messageId: message.id, defense: "dodge" }),
      );
      expect(outcome).toMatchObject({ ok: false, reason: "unknownAction" });
    }
  });
});

describe("the grapple penalty", () => {
  it("is the GM's record: the victim clearing it on their own actor still rolls that many dice fewer", async () => {
    const { ana, brute } = await fighters();
    // Brute: Physical 8 + Close Combat 2, bare hands without the grappling mod: 10 − 6 = 4 dice.
    await t.gmSets(brute, { "system.attributes.physical": 8 });
    const combat = await fight(brute, ana);
    t.fake.setUser(GM.id);
    dice(6, 6, 6, 6);
    const grab = await t.attack.declareDicepoolAttack(brute, null, [ana], {
      ...t.DEFAULT_CHOICE,
      intent: "grapple",
    });
    if (grab === null) throw new Error(JSON.stringify(t.fake.notifications));
    t.fake.setUser(PLAYER.id);
    dice(1, 1, 1); // Ana dodges: no hits
    await t.defend(grab, "dodge");
    await t.apply(grab);
    // Brute spends 3 points against Ana's next roll (an Interrupt).
    t.fake.setUser(GM.id);
    expect(await t.acts.requestDicepoolAct("spendGrapple", brute, ana, 3)).toBe(true);
    // The player's console clears the penalty on Ana's own actor.
    await t.fake.as(PLAYER.id, () => ana.update({ "system.grapplePenalty": 0 } as never));
    await t.endTurn(combat); // Ana's turn
    dice(6, 6);
    const message = await playerAttacks(ana, brute);
    // Physical 3 + Close Combat 2, less the 3 points Brute spent.
    expect(cardState(message).attackPool?.dice).toBe(2);
  });
});

describe("a patient who is not at the table", () => {
  it("cannot be stabilized from anywhere", async () => {
    const { ana } = await fighters({ kind: "close" }, { skills: { closeCombat: 2, medicine: 1 } });
    const away = await stranger();
    await t.gmSets(away, { "system.health.damage": 6, "system.incapacitated": "lethal" });
    t.fake.setUser(PLAYER.id);
    expect(await t.acts.requestDicepoolAct("stabilize", ana, away)).toBe(false);
    expect(lastWarning()).toBe(
      "The target must be a token in the attacker's combat or on its scene.",
    );
    expect(sys(away).stabilized).toBe(false);
  });
});

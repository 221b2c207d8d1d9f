/**
 * The dice-pool table actions the action table names without mechanics (issue 28), played from
 * the sheet through the referee in the fake Foundry: Take Cover, Defend Other, Surrender, Use a
 * Power, and the attacks that rule out a defense and the Flawless Defense trait on the card.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { actorWriters } from "./referee.support.ts";
import { clickDicepoolSheet, useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, sys, cardState, fighters, playerAttacks, fight, gmSets } = t;

/** Clicks a table button of the actor's sheet (data-action="act"), as ApplicationV2 runs it. */
const clickAct = (actor: Actor.Implementation, dataset: Record<string, string>) =>
  clickDicepoolSheet(actor, "act", dataset);

/** The GM makes a third fighter, an NPC. */
async function third(name: string, system: Record<string, unknown>) {
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  const [actor] = (await t.fake.as(GM.id, () =>
    Actor?.createDocuments([{ name, type: "npc", system }]),
  )) as unknown as Actor.Implementation[];
  if (!actor) throw new Error(`no ${name}`);
  return actor;
}

/** The referee's ledger entry `key` of the actor's combatant. */
function ledgerOf(combat: Combat.Implementation, actor: Actor.Implementation, key: string) {
  const combatant = combat.combatants.contents.find((c) => c.actorId === actor.id);
  const flags = combat.flags as { fray?: { ledger?: Record<string, Record<string, unknown>> } };
  return flags.fray?.ledger?.[combatant?.id ?? ""]?.[key];
}

const lastLine = () =>
  (t.fake.game.messages.contents.at(-1) as unknown as { content: string }).content;
const lastWarning = () => t.fake.notifications.at(-1)?.message;
const chips = (actor: Actor.Implementation) =>
  t.combat.dicepoolMemberChips(actor).map((c) => c.label);

/** Brute (the GM's) attacks `victim` bare-handed; the card as the referee posted it. */
async function bruteAttacks(brute: Actor.Implementation, victim: Actor.Implementation) {
  t.fake.setUser(GM.id);
  dice(6, 6, 6, 6);
  const card = await t.attack.declareDicepoolAttack(brute, null, [victim]);
  if (card === null) throw new Error(`refused: ${JSON.stringify(t.fake.notifications)}`);
  return cardState(card);
}

describe("take cover", () => {
  it("a Free action from the sheet: the ledger keeps it, attacks meet it, a new turn ends it", async () => {
    const { ana, brute } = await fighters();
    const combat = await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    // "None" is no cover to take: refused, nothing written.
    await clickAct(ana, { act: "takeCover", choice: "none" });
    expect(lastWarning()).toBe("Name the cover to take: light, medium or full.");
    expect(ledgerOf(combat, ana, "cover") ?? null).toBeNull();
    await clickAct(ana, { act: "takeCover", choice: "medium" });
    expect(ledgerOf(combat, ana, "cover")).toBe("medium");
    expect(t.budget(ana).freeUsed).toBe(1);
    expect(lastLine()).toContain("Ana takes cover: Medium cover.");
    expect(chips(ana)).toContain("Medium cover");
    // Brute's turn: his close attack meets her medium cover, halved: 2 more defense dice.
    await t.endTurn(combat);
    const card = await bruteAttacks(brute, ana);
    expect(card.situation.cover).toBe("medium");
    // Ana: Physical 3, Mobility 0 → Dodge 3 dice, + 2 for the cover.
    expect(card.choices.find((c) => c.defense === "dodge")?.dice).toBe(5);
    // Her next turn starts: the cover is gone (take it again, or move on).
    await t.endTurn(combat);
    expect(ledgerOf(combat, ana, "cover")).toBeNull();
    expect(chips(ana)).not.toContain("Medium cover");
  });

  it("a move leaves the cover taken", async () => {
    const { ana, brute } = await fighters();
    const combat = await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    await clickAct(ana, { act: "takeCover", choice: "full" });
    expect(ledgerOf(combat, ana, "cover")).toBe("full");
    expect(await t.acts.requestDicepoolAct("move", ana, null, 1)).toBe(true);
    expect(ledgerOf(combat, ana, "cover")).toBeNull();
  });

  it("a player cannot record cover for an actor it does not own, nor out of combat", async () => {
    const { ana, brute } = await fighters();
    t.fake.setUser(PLAYER.id);
    await clickAct(ana, { act: "takeCover", choice: "light" });
    expect(lastWarning()).toBe("That is recorded only in a started combat.");
    const combat = await fight(ana, brute);
    const mark = t.fake.db.calls.length;
    const outcome = await t.fake.as(PLAYER.id, () =>
      t.referee.sendIntent(t.protocol.CARD_DECLARE, {
        kind: "dicepool.conduct",
        payload: {
          act: "takeCover",
          actorId: brute.id,
          otherId: "",
          amount: 0,
          medium: "ground",
          choice: "full",
        },
      }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(ledgerOf(combat, brute, "cover") ?? null).toBeNull();
    expect(actorWriters(t.fake, mark)).toEqual([]);
  });
});

describe("defend other", () => {
  it("guards the targeted ally until the guard's next turn: its defense takes the guard dice", async () => {
    const { ana, brute } = await fighters();
    const cara = await third("Cara", { attributes: { physical: 2 } });
    t.board.place(cara, { col: 0, row: 0 });
    const combat = await fight(ana, brute, cara);
    t.fake.setUser(PLAYER.id);
    // Nobody targeted: refused before anything is sent.
    t.table.target();
    await clickAct(ana, { act: "defendOther" });
    expect(lastWarning()).toBeTruthy();
    expect(ledgerOf(combat, ana, "guarding") ?? null).toBeNull();
    t.table.target(cara);
    await clickAct(ana, { act: "defendOther" });
    expect(ledgerOf(combat, ana, "guarding")).toBe(cara.id);
    expect(t.budget(ana).simpleUsed).toBe(1);
    expect(lastLine()).toContain("Ana defends Cara until its next turn.");
    // Brute's turn: Cara's Dodge is Physical 2 + the world's 2 guard dice.
    await t.endTurn(combat);
    const card = await bruteAttacks(brute, cara);
    expect(card.choices.find((c) => c.defense === "dodge")?.dice).toBe(4);
    // With Ana down, her guard counts for nothing.
    await gmSets(ana, { "system.incapacitated": "restraints" });
    const alone = await bruteAttacks(brute, cara);
    expect(alone.choices.find((c) => c.defense === "dodge")?.dice).toBe(2);
  });
});

describe("surrender", () => {
  it("an Interrupt from the sheet: only talk is left, the tracker passes it over, the GM takes it back", async () => {
    const { ana, brute } = await fighters();
    const combat = await fight(brute, ana); // Brute's turn: surrender needs no turn
    t.fake.setUser(PLAYER.id);
    await clickAct(ana, { act: "surrender" });
    expect(sys(ana)).toMatchObject({ surrendered: true });
    expect(lastLine()).toContain("Ana surrenders.");
    expect(t.combat.dicepoolOutOfFight(ana)).toEqual({
      reason: "FRAY.Dicepool.Status.surrendered",
    });
    await t.endTurn(combat);
    // Her turn (lenient turns would let her act): she cannot attack or move, only talk.
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const mark = t.fake.game.messages.contents.length;
    expect(
      await t.attack.declareDicepoolAttack(ana, t.itemOf(ana), [brute], t.DEFAULT_CHOICE),
    ).toBeNull();
    expect(lastWarning()).toBe("Surrendered: only social actions and quick words are left.");
    expect(await t.acts.requestDicepoolAct("move", ana, null, 1)).toBe(false);
    expect(t.fake.game.messages.contents.length).toBe(mark);
    // Surrendering again is refused; the GM clears it on the sheet and she fights on.
    await gmSets(ana, { "system.surrendered": false });
    expect(t.combat.dicepoolOutOfFight(ana)).toBeNull();
  });
});

describe("use a power", () => {
  it("takes the action type the power names and its Energy; not enough of either is refused", async () => {
    const { ana, brute } = await fighters();
    const [surge, storm] = (await t.fake.as(GM.id, () =>
      ana.createEmbeddedDocuments("Item", [
        { name: "Surge", type: "technique", system: { energyCost: 2, actionType: "simple" } },
        { name: "Storm", type: "technique", system: { energyCost: 1, actionType: "complex" } },
      ] as never),
    )) as unknown as Item.Implementation[];
    if (!surge || !storm) throw new Error("no powers");
    await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    await clickAct(ana, { act: "usePower", choice: surge.id ?? "" });
    expect(sys(ana).energy.value).toBe(3);
    expect(t.budget(ana).simpleUsed).toBe(1);
    expect(lastLine()).toContain("Ana uses Surge (2 Energy).");
    // A Complex power needs an untouched turn.
    await clickAct(ana, { act: "usePower", choice: storm.id ?? "" });
    expect(lastWarning()).toMatch(/Complex/);
    expect(sys(ana).energy.value).toBe(3);
    // Not enough Energy for a second Surge: refused, nothing spent.
    await gmSets(ana, { "system.energy.value": 1 });
    await clickAct(ana, { act: "usePower", choice: surge.id ?? "" });
    expect(lastWarning()).toBe("Not enough Energy: it costs 2, there is 1.");
    expect(t.budget(ana).simpleUsed).toBe(1);
    // A weapon is no power.
    await clickAct(ana, { act: "usePower", choice: t.itemOf(ana).id ?? "" });
    expect(lastWarning()).toBe("That is not a power of this character.");
  });
});

describe("attacks that rule out a defense, and Flawless Defense", () => {
  it("the card offers only the defenses the weapon leaves; a trait scores every die", async () => {
    const { ana, brute } = await fighters({
      kind: "close",
      mods: { undodgeable: true, unsoakable: true },
    });
    await fight(ana, brute);
    dice(6, 6, 6, 1, 1);
    const message = await playerAttacks(ana, brute);
    const allowed = cardState(message)
      .choices.filter((c) => c.allowed)
      .map((c) => c.defense);
    expect(allowed).toEqual(["parry"]);
    t.fake.setUser(GM.id);
    expect(await t.defend(message, "soak")).toBe(false);
    // Parry: Physical 2 + Close Combat 2, no hit; 3 net hits land, with their 3 wound dice.
    dice(1, 1, 1, 1, 1, 1, 1);
    expect(await t.defend(message, "parry"), JSON.stringify(t.fake.notifications)).toBe(true);
    // Brute is given Flawless Defense: every defense die is a hit, no roll.
    await gmSets(brute, { "system.powers.flawlessDefense": true });
    dice(6, 6, 6, 1, 1);
    const second = await playerAttacks(ana, brute);
    expect(cardState(second).choices.find((c) => c.defense === "parry")).toMatchObject({
      mode: "flawless",
      hitChance: 0,
    });
  });
});

describe("joining a fight under way", () => {
  it("Roll in from the sheet: the referee rolls the pool once and the order takes it in", async () => {
    const { ana, brute } = await fighters();
    const combat = await fight(ana, brute); // Ana 2 hits, Brute 1
    const cara = await third("Cara", { attributes: { mental: 3 } });
    await t.fake.as(GM.id, () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: cara.id }]),
    );
    const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
    await whenIdle();
    const { dicepoolActorSheetContext } =
      await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
    expect((await dicepoolActorSheetContext(cara)).rollIn).toBe(true);
    // A player cannot roll in an actor it does not own.
    const forged = await t.fake.as(PLAYER.id, () =>
      t.referee.sendIntent(t.protocol.CARD_DECLARE, {
        kind: "dicepool.join",
        payload: { actorId: cara.id },
      }),
    );
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    // The GM presses Roll in: Mental 3 + Awareness 0 = 3 dice, 3 hits: first in the order.
    t.fake.setUser(GM.id);
    dice(6, 6, 6);
    await clickDicepoolSheet(cara, "rollIn");
    await whenIdle();
    const member = combat.combatants.contents.find((c) => c.actorId === cara.id);
    expect(member?.initiative).toBe(3);
    expect(lastLine()).toContain("Cara joins the fight: 3 initiative.");
    const { currentOrder } = await import("../../src/foundry/combat/state.ts");
    const { ruleset } = await import("../../src/rules/dicepool/index.ts");
    expect(currentOrder(combat, ruleset.turnOrder).order[0]).toBe(member?.id);
    // Once only.
    expect((await dicepoolActorSheetContext(cara)).rollIn).toBe(false);
    await clickDicepoolSheet(cara, "rollIn");
    expect(lastWarning()).toBe("Already in the order: initiative is rolled once.");
  });
});

/**
 * Issue 28's dice-pool bugs, played at the table in the fake Foundry: the Initiative Damage plugin
 * reads the initiative each combatant rolled (flawless defense, attacks on initiative, Finishing
 * Move), a second card still lands when the first took its target down, a disarmed weapon is
 * picked up (Free) and readied (Simple) from the sheet, and damage healed by hand brings a
 * downed character back (the GM sets or clears an incapacitation by hand).
 */
import { afterEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { clickDicepoolSheet, useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, sys, itemOf, cardState, fighters, playerAttacks, fight, gmSets } = t;

const setting = (key: string, value: unknown) =>
  t.fake.as(GM.id, () => t.fake.game.settings.set("fray", key, value));

afterEach(async () => {
  await setting("dicepoolInitiativeDamage", false);
});

/** Clicks a table button of the actor's sheet (data-action="act"), as ApplicationV2 runs it. */
const clickAct = (actor: Actor.Implementation, act: string, other = "") =>
  clickDicepoolSheet(actor, "act", { act, ...(other === "" ? {} : { other }) });

const chipLabels = (actor: Actor.Implementation) =>
  t.combat.dicepoolMemberChips(actor).map((c) => c.label);

describe("the Initiative Damage plugin", () => {
  it("reads the rolled initiative: flawless defense, an attack on initiative, a Finishing Move", async () => {
    await setting("dicepoolInitiativeDamage", true);
    const { ana, brute } = await fighters();
    const combat = await fight(ana, brute); // Ana scores 2 hits, Brute 1
    expect(chipLabels(ana)).toContain("Initiative 2");
    expect(chipLabels(brute)).toContain("Initiative 1");
    // The player's own actor field is not the referee's record.
    await t.fake.as(PLAYER.id, () => ana.update({ "system.initiative": 999 } as never));
    expect(chipLabels(ana)).toContain("Initiative 2");

    // Brute's initiative is up: he defends flawlessly against health damage.
    dice(6, 6, 6, 1, 1);
    const blow = await playerAttacks(ana, brute);
    expect(cardState(blow).choices.map((c) => c.mode)).toEqual([
      "flawless",
      "flawless",
      "flawless",
    ]);

    // Ana attacks his initiative instead: 2 net hits move from him to her, and Apply writes it.
    dice(6, 6, 6, 1, 1);
    const push = await playerAttacks(ana, brute, { intent: "initiative" });
    t.fake.setUser(GM.id);
    dice(6, 1, 1); // Dodge: 1 hit
    expect(await t.defend(push, "dodge")).toBe(true);
    expect(cardState(push).result).toMatchObject({ hit: true, initiativeMoved: 2 });
    t.fake.setUser(PLAYER.id);
    expect(await t.apply(push)).toBe(true);
    expect(t.fake.notifications.filter((n) => n.level === "error")).toEqual([]);
    expect(chipLabels(ana)).toContain("Initiative 4");
    expect(chipLabels(brute)).toContain("Initiative -1");

    // Brute is at 0 or less. Next round (Brute's turn passes), Ana's Finishing Move adds her 4
    // initiative to her 5 dice.
    await t.endTurn(combat);
    await t.endTurn(combat);
    dice(6, 6, 6, 6, 6, 6, 6, 6, 6);
    const finisher = await playerAttacks(ana, brute, { intent: "finishingMove" });
    expect(cardState(finisher).attackPool).toMatchObject({ dice: 9, hits: 9 });
    t.fake.setUser(GM.id);
    // Brute lost his flawless defense at -1: Soak rolls (5 misses), 9 damage, 9 wound dice.
    dice(1, 1, 1, 1, 1, ...Array.from({ length: 9 }, () => 1));
    expect(await t.defend(finisher, "soak")).toBe(true);
    // He goes down: Ana rolls her initiative pool anew (Mental 2 + Awareness 0: 1 hit).
    dice(6, 1);
    expect(await t.apply(finisher)).toBe(true);
    expect(sys(brute).incapacitated).toBe("lethal");
    expect(chipLabels(ana)).toContain("Initiative 1");
  });
});

describe("two cards on one target", () => {
  it("the second hit still lands after the first took the target down, on the defense it rolled", async () => {
    const { ana, brute } = await fighters();
    await gmSets(brute, { "system.health.damage": 1 });
    dice(6, 6, 6, 6, 6);
    const first = await playerAttacks(ana, brute);
    dice(6, 6, 1, 1, 1);
    const second = await playerAttacks(ana, brute);
    t.fake.setUser(GM.id);
    dice(1, 1, 1, 1, 1, 1, 1, 1); // Dodge 0 hits; 5 wound dice, all misses
    expect(await t.defend(first, "dodge")).toBe(true);
    dice(1, 1, 1, 1, 1); // Dodge 0 hits; 2 wound dice, misses
    expect(await t.defend(second, "dodge")).toBe(true);
    expect(await t.apply(first)).toBe(true);
    expect(sys(brute).incapacitated).toBe("lethal");
    expect(sys(brute).health.damage).toBe(6);
    expect(await t.apply(second)).toBe(true);
    expect(sys(brute).health.damage).toBe(8);
    expect(cardState(second).stage).toBe("applied");
  });
});

describe("a disarmed weapon", () => {
  it("is picked up (Free) and readied (Simple) from the sheet, then attacks again", async () => {
    const { ana, brute } = await fighters();
    const knife = itemOf(ana);
    await gmSets(ana, { "system.droppedWeaponId": knife.id });
    const combat = await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    // Readying comes after picking up.
    await clickAct(ana, "readyWeapon");
    expect(t.fake.notifications.at(-1)?.message).toBe("Pick the weapon up first (a Free action).");
    await clickAct(ana, "pickUpWeapon");
    expect(t.budget(ana)).toMatchObject({ freeUsed: 1, simpleUsed: 0 });
    // Still not ready: the knife cannot attack yet.
    t.table.target(brute);
    expect(await t.attack.declareDicepoolAttack(ana, knife, [brute])).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toContain("knocked away");
    await clickAct(ana, "readyWeapon");
    expect(t.budget(ana)).toMatchObject({ freeUsed: 1, simpleUsed: 1 });
    expect(sys(ana)).toMatchObject({ droppedWeaponId: null, weaponPickedUp: false });
    dice(6, 1, 1, 1, 1);
    expect(await t.attack.declareDicepoolAttack(ana, knife, [brute])).not.toBeNull();
    expect(t.budget(ana)).toMatchObject({ simpleUsed: 2 });
    // Nothing dropped: nothing to pick up.
    await t.endTurn(combat);
    await t.endTurn(combat);
    t.fake.setUser(PLAYER.id);
    await clickAct(ana, "pickUpWeapon");
    expect(t.fake.notifications.at(-1)?.message).toBe("No weapon of theirs lies on the ground.");
  });
});

describe("healing by hand", () => {
  it("damage back under the total health brings a downed character back; it attacks again", async () => {
    const { ana, brute } = await fighters();
    await gmSets(ana, {
      "system.health.damage": 6,
      "system.incapacitated": "lethal",
    });
    t.fake.setUser(PLAYER.id);
    // What the sheet's damage field submits.
    await ana.update({ "system.health.damage": 0 } as never);
    expect(sys(ana)).toMatchObject({ incapacitated: null, stabilized: false });
    expect(t.combat.dicepoolOutOfFight(ana)).toBeNull();
    dice(6, 1, 1, 1, 1);
    expect(await playerAttacks(ana, brute)).not.toBeNull();
  });

  it("the GM sets and clears an incapacitation by hand; healing does not lift restraints", async () => {
    const { ana } = await fighters();
    const context = async () => {
      const { dicepoolActorSheetContext } =
        await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
      return dicepoolActorSheetContext(ana);
    };
    t.fake.setUser(GM.id);
    expect((await context()).incapacitationEditable).toBe(true);
    await gmSets(ana, { "system.incapacitated": "restraints", "system.health.damage": 2 });
    await gmSets(ana, { "system.health.damage": 0 });
    expect(sys(ana).incapacitated).toBe("restraints");
    await gmSets(ana, { "system.incapacitated": null });
    expect(sys(ana).incapacitated).toBeNull();
    t.fake.setUser(PLAYER.id);
    expect((await context()).incapacitationEditable).toBe(false);
  });
});

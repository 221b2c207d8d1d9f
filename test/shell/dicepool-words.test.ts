/**
 * The dice-pool table actions of issue 28 that only take an action and say something, and the
 * GM's rest, played from the sheet through the referee in the fake Foundry: Issue command
 * (Simple, to the targeted character), Quick communication and a social action (Free), any other
 * Complex action (the whole turn), and rest over weeks or 10-minute spells (non-lethal and weekly
 * healing at the table).
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { clickDicepoolSheet, useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { sys, fighters, fight, gmSets } = t;

const clickAct = (actor: Actor.Implementation, dataset: Record<string, string>) =>
  clickDicepoolSheet(actor, "act", dataset);
const lastLine = () =>
  (t.fake.game.messages.contents.at(-1) as unknown as { content: string }).content;
const lastWarning = () => t.fake.notifications.at(-1)?.message;
const messages = () => t.fake.game.messages.contents.length;

describe("issue command", () => {
  it("a Simple action to the targeted character; the words go on the card, escaped", async () => {
    const { ana, brute } = await fighters();
    await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    t.table.target();
    const before = messages();
    await clickAct(ana, { act: "issueCommand", choice: "Drop it" });
    expect(lastWarning()).toBe("Target one token to attack.");
    expect(messages()).toBe(before);
    t.table.target(ana);
    await clickAct(ana, { act: "issueCommand", choice: "Drop it" });
    expect(lastWarning()).toBe("A command is given to someone else: target the one you command.");
    expect(t.budget(ana).simpleUsed).toBe(0);
    t.table.target(brute);
    await clickAct(ana, { act: "issueCommand", choice: " Drop <b>it</b> " });
    expect(t.budget(ana).simpleUsed).toBe(1);
    expect(lastLine()).toContain("Ana commands Brute: “Drop &lt;b&gt;it&lt;/b&gt;”");
    expect(lastLine()).not.toContain("<b>");
  });
});

describe("quick communication and social actions", () => {
  it("Free actions: one a turn; words stay open after surrendering", async () => {
    const { ana, brute } = await fighters();
    await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    await clickAct(ana, { act: "quickCommunication", choice: "" });
    expect(lastLine()).toContain("Ana passes a quick word.");
    expect(t.budget(ana).freeUsed).toBe(1);
    await clickAct(ana, { act: "socialAction", choice: "bluffs" });
    expect(lastWarning()).toBe("The turn's Free action is already used.");
    await clickAct(ana, { act: "surrender", choice: "" });
    expect(sys(ana)).toMatchObject({ surrendered: true });
    // Surrendered: a command is refused, the words are not (a fresh Free action next turn).
    t.table.target(brute);
    await clickAct(ana, { act: "issueCommand", choice: "Charge" });
    expect(lastWarning()).toBe("Surrendered: only social actions and quick words are left.");
  });

  it("an incapacitated character may still take a social action, not a quick word", async () => {
    const { ana, brute } = await fighters();
    await fight(ana, brute);
    await gmSets(ana, { "system.incapacitated": "restraints" });
    t.fake.setUser(PLAYER.id);
    await clickAct(ana, { act: "quickCommunication", choice: "Help" });
    expect(lastWarning()).toBe("An incapacitated character can only take social actions.");
    await clickAct(ana, { act: "socialAction", choice: "pleads for mercy" });
    expect(lastLine()).toContain("Ana takes a social action: pleads for mercy");
  });

  it("words longer than the card's line are refused and nothing is posted", async () => {
    const { ana, brute } = await fighters();
    await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    const before = messages();
    await clickAct(ana, { act: "quickCommunication", choice: "x".repeat(65) });
    expect(messages()).toBe(before);
    expect(t.budget(ana).freeUsed).toBe(0);
  });
});

describe("a Complex action", () => {
  it("takes the whole turn, only from a fresh turn", async () => {
    const first = await fighters();
    await fight(first.ana, first.brute);
    t.fake.setUser(PLAYER.id);
    await clickAct(first.ana, { act: "complexAction", choice: "hot-wires the truck" });
    expect(lastLine()).toContain("Ana takes a Complex action: hot-wires the truck");
    expect(t.budget(first.ana).complexUsed).toBe(true);
    await clickAct(first.ana, { act: "complexAction", choice: "" });
    expect(lastWarning()).toBe("No Simple action is left this turn.");

    const { ana, brute } = await fighters();
    await fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    await clickAct(ana, { act: "issueCommand", choice: "" });
    await clickAct(ana, { act: "complexAction", choice: "" });
    expect(lastWarning()).toBe("A Complex action needs a fresh turn.");
    expect(t.budget(ana).complexUsed).toBe(false);
  });
});

describe("rest: weekly and non-lethal healing", () => {
  it("the GM's button; weeks heal 1 a week (non-lethal first), 10-minute spells non-lethal only", async () => {
    const { ana } = await fighters();
    await gmSets(ana, {
      "system.health.damage": 5,
      "system.health.nonLethal": 2,
      "system.woundPenalty": 3,
    });
    // A player cannot make time pass.
    t.fake.setUser(PLAYER.id);
    await restFor(ana, "weeks", 2);
    expect(lastWarning()).toBe("Only the GM can do that.");
    expect(sys(ana).health.damage).toBe(5);

    t.fake.setUser(GM.id);
    // Three 10-minute spells: the 2 non-lethal damage heal, the lethal stays.
    await clickDicepoolSheet(ana, "act", { act: "rest", choice: "tenMinutes" });
    expect(lastWarning()).toBe("Rest at least one spell of time.");
    await restFor(ana, "tenMinutes", 3);
    expect(sys(ana).health).toMatchObject({ damage: 3, nonLethal: 0 });
    expect(lastLine()).toContain("Ana rests 3 × 10 minutes and heals 2 non-lethal damage.");
    // Two weeks: 2 more damage and 2 wound penalty.
    await restFor(ana, "weeks", 2);
    expect(sys(ana).health.damage).toBe(1);
    expect(sys(ana).woundPenalty).toBe(0);
    expect(lastLine()).toContain("Ana rests 2 weeks and heals 2 damage.");
  });

  it("a week of rest brings a character incapacitated by wounds back up", async () => {
    const { ana } = await fighters();
    // Ana: Physical 3, Size 1 → health 7; 7 damage put her down.
    await gmSets(ana, { "system.health.damage": 7, "system.incapacitated": "lethal" });
    t.fake.setUser(GM.id);
    await restFor(ana, "weeks", 1);
    expect(sys(ana)).toMatchObject({ incapacitated: null, health: { damage: 6 } });
  });
});

/** The GM presses Rest on the actor's sheet with `count` in the row's box. */
async function restFor(actor: Actor.Implementation, spell: string, count: number) {
  const { DicepoolActorSheet } =
    await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
  const Sheet = DicepoolActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, (e: unknown, target: unknown) => Promise<void>> };
  };
  const row = {
    querySelector: (sel: string) =>
      sel === "[data-act-amount]"
        ? { value: String(count) }
        : sel === "[data-act-choice]"
          ? { value: spell }
          : null,
  };
  const target = { dataset: { act: "rest" }, closest: () => row };
  await Sheet.DEFAULT_OPTIONS.actions["act"]?.call(new Sheet({ document: actor }), {}, target);
}

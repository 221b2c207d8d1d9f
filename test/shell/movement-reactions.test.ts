/**
 * Reactions raised by movement (issue 24), in Worldlines: Kara walks into the reach of the
 * Raider's melee weapon; the GM posts the one reaction card (public, as every card of the
 * protocol), whose button stays only for the Raider's owner. Pressing it targets Kara and opens
 * the Raider's attack dialog set up as an Opportunity Attack; the attack it declares is made out
 * of turn only with that open card, costs the book's 1 Energy and the round's interruption, and
 * closes the card. A fighter without a melee weapon threatens nobody; a Retreat provokes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  oneReactionCard,
  pressReaction,
  reactionButton,
  reactionCards,
  targetsOf,
} from "./movement-reactions.support.ts";

let w: MoveWorld;
let declare: typeof import("../../src/foundry/rulesets/worldlines/attack/declare.ts");
let budget: typeof import("../../src/foundry/rulesets/worldlines/budget.ts");

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
  declare = await import("../../src/foundry/rulesets/worldlines/attack/declare.ts");
  budget = await import("../../src/foundry/rulesets/worldlines/budget.ts");
});

const MACHETE = {
  name: "Machete",
  type: "weapon",
  system: { damage: "1d6", skill: "melee", kind: "melee" },
};
/** A long melee weapon: its point-blank band reaches 10 ft, two spaces. */
const PIKE = {
  name: "Pike",
  type: "weapon",
  system: { damage: "1d8", skill: "melee", kind: "melee", range: { pointBlank: { feet: 10 } } },
};
const PISTOL = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
};

async function setting(raiderItems: readonly object[] = [MACHETE], raiderAt = 4) {
  const [kara, raider] = await w.actors([
    {
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: 10, max: 10 } },
    },
    {
      name: "Raider",
      type: "npc",
      prototypeToken: { disposition: -1 },
      ownership: { [PLAYER2.id]: 3 },
      system: { energy: { value: 10, max: 10 }, traits: { combat: 8 } },
      items: [...raiderItems],
    },
  ]);
  if (kara === undefined || raider === undefined) throw new Error("no actors");
  const { tokens } = await w.fight(
    [kara, raider],
    [
      { col: 0, row: 0 },
      { col: raiderAt, row: 0 },
    ],
  );
  const token = tokens[0];
  if (token === undefined) throw new Error("no token");
  return { token, kara, raider };
}

const itemOf = (actor: Actor.Implementation, name: string) => {
  const item = actor.items.contents.find((i) => i.name === name);
  if (item === undefined) throw new Error(`no ${name}`);
  return item;
};
const energyOf = (actor: Actor.Implementation) =>
  (actor.system as unknown as { energy: { value: number } }).energy.value;
const attackCards = (from: number) =>
  w.fake.game.messages.contents
    .slice(from)
    .filter((m) => (m.flags as Record<string, Record<string, unknown>>)["fray"]?.["attack"]);

describe("reactions raised by movement", () => {
  it("entering a melee weapon's reach posts the reaction card; only its owner keeps the button", async () => {
    const { token } = await setting();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(token, { col: 3, row: 0 })).toBe(true);
    const card = oneReactionCard(w, before);
    expect(card.content).toContain("Raider may make an opportunity attack");
    expect(reactionButton(w, card, PLAYER.id).removed).toBe(true);
    const owners = reactionButton(w, card, PLAYER2.id);
    expect(owners.removed).toBe(false);
    expect(typeof owners.click).toBe("function");
  });

  it("reach comes from the weapon: a pike reaches two spaces, a gun or bare hands none", async () => {
    const pike = await setting([PIKE]);
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(pike.token, { col: 2, row: 0 })).toBe(true);
    expect(reactionCards(w, before)).toHaveLength(1);
    const gun = await setting([PISTOL]);
    const bare = await setting([]);
    const later = w.fake.game.messages.contents.length;
    expect(await w.drag(gun.token, { col: 3, row: 0 })).toBe(true);
    expect(await w.drag(bare.token, { col: 3, row: 0 })).toBe(true);
    expect(reactionCards(w, later)).toHaveLength(0);
  });

  it("a Retreat and a path out of reach provoke nothing", async () => {
    const retreat = await setting();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(retreat.token, { col: 3, row: 0 }, "retreat")).toBe(true);
    const far = await setting();
    expect(await w.drag(far.token, { col: 2, row: 0 })).toBe(true);
    expect(reactionCards(w, before)).toHaveLength(0);
  });

  it("the button targets the mover and opens the Raider's attack dialog as an Opportunity Attack", async () => {
    const { token } = await setting();
    const before = w.fake.game.messages.contents.length;
    await w.drag(token, { col: 3, row: 0 });
    const card = oneReactionCard(w, before);
    const shown = await pressReaction(w, card, PLAYER2.id);
    expect(shown.title).toContain("Machete");
    expect(shown.content).toContain("An Opportunity Attack: 1 Energy");
    expect(targetsOf(w, PLAYER2.id)).toEqual(["Kara"]);
    // Closing the dialog attacks nothing.
    expect(attackCards(before)).toHaveLength(0);
  });

  it("the opportunity attack is made out of turn with the card, costs 1 Energy and the interruption, once", async () => {
    const { token, raider } = await setting();
    const before = w.fake.game.messages.contents.length;
    await w.drag(token, { col: 3, row: 0 });
    const card = oneReactionCard(w, before);
    await pressReaction(w, card, PLAYER2.id);
    const machete = itemOf(raider, "Machete");
    const made = await w.fake.as(PLAYER2.id, () =>
      declare.attack(raider, machete, { reaction: card.id }),
    );
    await w.idle();
    expect(made).not.toBeNull();
    expect(energyOf(raider)).toBe(9);
    expect(budget.budgetOf(raider).interruptUsed).toBe(true);
    // The card is used: its button is gone, and a second attack with it is out of turn.
    expect(reactionButton(w, card, PLAYER2.id).removed).toBe(true);
    const again = await w.fake.as(PLAYER2.id, () =>
      declare.attack(raider, machete, { reaction: card.id }),
    );
    await w.idle();
    expect(again).toBeNull();
    expect(attackCards(before)).toHaveLength(1);
  });

  it("out of turn, an attack without an open GM card is refused: none, or one a player forged", async () => {
    const { token, raider, kara } = await setting();
    const before = w.fake.game.messages.contents.length;
    await w.drag(token, { col: 3, row: 0 });
    const real = oneReactionCard(w, before);
    const forged = (await w.fake.as(PLAYER2.id, () =>
      ChatMessage.create({
        content: "<div class='fray-movement-reaction'></div>",
        flags: { fray: { ...real.flags["fray"] } },
      } as never),
    )) as unknown as { id: string };
    w.fake.as(PLAYER2.id, () => {
      const user = game.user as unknown as { updateTokenTargets(ids: string[]): void };
      user.updateTokenTargets([token.id]);
    });
    const machete = itemOf(raider, "Machete");
    const outcomes = [];
    for (const situation of [{}, { reaction: forged.id }, { reaction: "nothing" }]) {
      outcomes.push(await w.fake.as(PLAYER2.id, () => declare.attack(raider, machete, situation)));
    }
    await w.idle();
    expect(outcomes).toEqual([null, null, null]);
    expect(attackCards(before)).toHaveLength(0);
    expect(energyOf(raider)).toBe(10);
    expect(kara.name).toBe("Kara");
  });
});

describe("the ruler counts the reactions a planned path would provoke", () => {
  type Label = { context: { fray?: { text: string; reactions?: number } } };
  const rulerFor = (token: unknown) => {
    const Ruler = (
      w.fake.CONFIG["Token"] as unknown as {
        rulerClass: new (token: unknown) => { labels(w: object[]): Label[] };
      }
    ).rulerClass;
    return new Ruler({ document: token });
  };
  const at = (col: number, stage = "planned", action = "walk") => ({
    x: col * 100,
    y: 0,
    stage,
    action,
    measurement: { distance: col * 5 },
  });

  it("a waypoint in the Raider's reach says it provokes one; a Retreat or a stop short, none", async () => {
    const { token } = await setting();
    const ruler = rulerFor(token);
    const [, short, into] = ruler.labels([at(0, "passed"), at(2), at(3)]);
    expect(short?.context.fray?.text).toBe("8 of 10 Energy left");
    expect(into?.context.fray).toMatchObject({
      reactions: 1,
      text: "7 of 10 Energy left · provokes 1",
    });
    const [, retreat] = ruler.labels([at(0, "passed"), at(3, "planned", "retreat")]);
    expect(retreat?.context.fray?.reactions).toBeUndefined();
  });
});

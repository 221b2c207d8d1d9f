/**
 * Restraints at the Worldlines table (issue 27), driven through the sheets: Restrain on a gear row
 * puts them on a downed enemy within reach (a GM may restrain anyone), recorded in the referee's
 * ledger; the restrained fighter may neither attack nor move, and presses Break free or Escape on
 * its sheet for a check the referee rolls, pays and applies.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as SheetModule from "../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts";
import type * as StatusCard from "../../src/foundry/rulesets/worldlines/cards/status-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Ledger from "../../src/foundry/combat/ledger.ts";
import { clickSheet, combatOnTurn, gmCreatesActor, itemOf } from "./worldlines.support.ts";
import { gameWrites } from "./referee.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let sheets: typeof SheetModule;
let status: typeof StatusCard;
let protocol: typeof Protocol;
let ledger: typeof Ledger;
let table: ReturnType<typeof installTableFakes>;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], random: dice.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts");
  status = await import("../../src/foundry/rulesets/worldlines/cards/status-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  ledger = await import("../../src/foundry/combat/ledger.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(async () => {
  clearScenes(fake);
  const ids = fake.game.combats.contents.map((c) => c.id);
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (Combat && ids.length > 0) await Combat.deleteDocuments(ids);
});

/** `userId` clicks a sheet button (of the row of item `itemId`). */
const click = (userId: string, actor: Actor.Implementation, action: string, itemId?: string) =>
  clickSheet(fake, userId, actor, action, itemId === undefined ? {} : { itemId });

const ROPE = { name: "Zip-ties", type: "gear", system: { kind: "restraints", quantity: 2 } };
const PISTOL = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged", drawn: true },
};

const kara = (skills: Record<string, number> = {}) =>
  gmCreatesActor(fake, {
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: {
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      skills: { athletics: 2, ...skills },
    },
    items: [ROPE, PISTOL],
  });

const rex = (life = "active") =>
  gmCreatesActor(fake, {
    name: "Rex",
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { energy: { value: 6, max: 6 }, traits: { combat: 6 }, life },
    items: [ROPE, PISTOL],
  });

/** Kara and Rex side by side in a fight, Kara taking her turn; `by` targets the other. */
async function sideBySide(k: Actor.Implementation, r: Actor.Implementation) {
  const board = boardOf(fake);
  board.place(k, { col: 0, row: 0 });
  board.place(r, { col: 1, row: 0 });
  return combatOnTurn(fake, [k, r], k, (faces) => {
    dice.set(...faces);
  });
}

const restrained = (actor: Actor.Implementation) =>
  ledger.actorLedgerEntry(actor, "restrained") === true;
const quantity = (actor: Actor.Implementation) =>
  (itemOf(actor, "Zip-ties").system as unknown as { quantity: number }).quantity;
const energy = (actor: Actor.Implementation) =>
  (actor.system as unknown as { energy: { value: number } }).energy.value;
const lastLines = () =>
  status.statusCardOf(fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation)
    ?.lines ?? [];
const warnings = () => fake.notifications.map((n) => n.message);

describe("Restrain", () => {
  it("puts a player's restraints on a downed enemy in reach; an awake one is refused", async () => {
    const k = await kara();
    const r = await rex();
    await sideBySide(k, r);
    const context = await sheets.worldlinesActorSheetContext(k, "gear");
    expect(context.gear.find((g) => g.name === "Zip-ties")).toMatchObject({ restraints: true });
    fake.as(PLAYER.id, () => {
      table.target(r);
    });
    const mark = fake.db.calls.length;
    await click(PLAYER.id, k, "restrain", itemOf(k, "Zip-ties").id ?? "");
    expect(warnings()).toEqual([
      "Rex is awake: only a fighter who is down can be restrained (a GM may restrain anyone).",
    ]);
    expect(gameWrites(fake, mark)).toEqual([]);
    await r.update({ "system.life": "unconscious" } as never);
    fake.notifications.length = 0;
    await click(PLAYER.id, k, "restrain", itemOf(k, "Zip-ties").id ?? "");
    expect(warnings()).toEqual([]);
    expect(restrained(r)).toBe(true);
    expect(quantity(k)).toBe(1);
    expect(lastLines()).toEqual([
      "Rex is restrained: no moving or attacking until it breaks free or escapes.",
    ]);
    await click(PLAYER.id, k, "restrain", itemOf(k, "Zip-ties").id ?? "");
    expect(warnings()).toEqual(["Rex is already restrained."]);
    expect(quantity(k)).toBe(1);
  });
});

describe("a restrained fighter", () => {
  /** The GM puts Rex's restraints on Kara, awake, from Rex's sheet. */
  async function karaBound(skills: Record<string, number> = {}) {
    const k = await kara(skills);
    const r = await rex();
    await sideBySide(k, r);
    table.target(k);
    await click(GM.id, r, "restrain", itemOf(r, "Zip-ties").id ?? "");
    expect(restrained(k)).toBe(true);
    fake.notifications.length = 0;
    return { k, r };
  }

  it("cannot attack, and her sheet offers Break free and Escape", async () => {
    const { k, r } = await karaBound();
    const context = await sheets.worldlinesActorSheetContext(k, "combat");
    expect(context.restrained).toBe(true);
    const before = energy(k);
    const outcome = await fake.as(PLAYER.id, () =>
      protocol.declareCard("worldlines.attack", {
        attackerId: k.id ?? "",
        weaponId: itemOf(k, "Pistol").id ?? "",
        targetId: r.id ?? "",
        situation: {},
        rollMode: "publicroll",
      }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "restrained" });
    expect(warnings()).toEqual(["Kara is restrained: break free or escape first."]);
    expect(energy(k)).toBe(before);
  });

  it("breaks free on Athletics 10: 9 leaves her bound for 1 Energy, 10 frees her", async () => {
    const { k } = await karaBound();
    dice.set([8, 7]);
    await click(PLAYER.id, k, "breakFree");
    expect(warnings()).toEqual([]);
    expect(energy(k)).toBe(5);
    expect(restrained(k)).toBe(true);
    expect(lastLines()).toEqual([
      "1 Energy spent. Rolled 7: total 9 against TD 10.",
      "Kara is still restrained.",
    ]);
    dice.set([8, 8]);
    await click(PLAYER.id, k, "breakFree");
    expect(restrained(k)).toBe(false);
    expect(lastLines()).toEqual([
      "1 Energy spent. Rolled 8: total 10 against TD 10.",
      "Kara is free of the restraints.",
    ]);
    expect((await sheets.worldlinesActorSheetContext(k, "combat")).restrained).toBe(false);
    // Free, she has nothing left to escape from.
    await click(PLAYER.id, k, "breakFree");
    expect(warnings()).toEqual(["Kara is not restrained."]);
    expect(energy(k)).toBe(4);
  });

  it("escapes on Escape Artist 6 only with the skill", async () => {
    const { k } = await karaBound();
    await click(PLAYER.id, k, "escape");
    expect(warnings()).toEqual(["Kara has no Escape Artist skill: break free instead."]);
    expect(energy(k)).toBe(6);
    const { k: adept } = await karaBound({ escapeArtist: 1 });
    dice.set([8, 5]);
    await click(PLAYER.id, adept, "escape");
    expect(restrained(adept)).toBe(false);
    expect(energy(adept)).toBe(5);
  });
});

/**
 * The rest of the two-dice table in the fake Foundry: Recovery and Medicine from the sheet
 * (refereed by the active GM, the book's Recovery example), the clickable wound track, the
 * tracker's one-action chip and the new round, the dice dressed black and white for Dice So
 * Nice, and the DataModels (a bad Type refused with its message, a Cn weapon holding at most n,
 * data written by another ruleset read without loss of the document). Also checks the fake's
 * ArrayField against core's behaviour.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { ArrayField, NumberField } from "../fake-foundry/fields.ts";
import type * as Checks from "../../src/foundry/rulesets/twodice/table/checks.ts";
import type * as TurnActions from "../../src/foundry/rulesets/twodice/table/self.ts";
import type * as Combat from "../../src/foundry/rulesets/twodice/combat.ts";
import type * as Data from "../../src/foundry/rulesets/twodice/data.ts";
import type * as Workflow from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import { clickSheet } from "./boot.support.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";
import { refusedByModel } from "./refused.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let actions: typeof Checks & typeof TurnActions;
let combat: typeof Combat;
let data: typeof Data;
let workflow: typeof Workflow;

function dice(...faces: number[]): void {
  world.dice(...faces);
}

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  actions = {
    ...(await import("../../src/foundry/rulesets/twodice/table/checks.ts")),
    ...(await import("../../src/foundry/rulesets/twodice/table/self.ts")),
  };
  combat = await import("../../src/foundry/rulesets/twodice/combat.ts");
  data = await import("../../src/foundry/rulesets/twodice/data.ts");
  workflow = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
});

beforeEach(() => {
  world.reset();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
interface System {
  wounds: { marked: number[]; bleedingStopped: boolean; medicalBonus: number };
  turn: Record<string, unknown>;
}

const createActor = (source: Record<string, unknown>) => world.createActor(source);
const system = (actor: Actor.Implementation) =>
  (actor as unknown as Doc).system as unknown as System;
const lastMessage = () =>
  fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;

describe("Recovery from the sheet", () => {
  it("the book's example: Toughness 8, wounds 6 and 7, black 11 white 4 leave a 3", async () => {
    const hurt = await createActor({
      name: "Hurt",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { toughness: 8 }, wounds: { marked: [6, 7] } },
    });
    dice(11, 4);
    const outcome = await fake.as(PLAYER.id, () => actions.twodiceRecovery(hurt));
    expect(outcome).toMatchObject({ ok: true });
    expect(system(hurt).wounds.marked).toEqual([3]);
    expect(lastMessage().content).toContain("Heals");
    expect(lastMessage().author.id).toBe(GM.id);
  });

  it("a white 6 shows a marked wound: a complication marks 8", async () => {
    const hurt = await createActor({
      name: "Hurt",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { toughness: 8 }, wounds: { marked: [6, 7] } },
    });
    dice(11, 6);
    await fake.as(PLAYER.id, () => actions.twodiceRecovery(hurt));
    expect(system(hurt).wounds.marked).toEqual([6, 7, 8]);
    expect(lastMessage().content).toContain("Complication");
  });

  it("is refused for someone else's character, and nothing is rolled or written", async () => {
    const other = await createActor({
      name: "Other",
      type: "npc",
      system: { wounds: { marked: [4] } },
    });
    const before = fake.db.calls.length;
    const outcome = await fake.as(PLAYER.id, () => actions.twodiceRecovery(other));
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.db.since(before, { documentName: "Actor" })).toEqual([]);
    expect(fake.notifications.map((n) => n.message)).toContain(
      "You cannot do that for this character.",
    );
  });
});

describe("Medicine from the sheet", () => {
  it("a success stops the bleeding and its result helps the next Recovery", async () => {
    const medic = await createActor({
      name: "Medic",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { medicine: 12 } },
    });
    const patient = await createActor({
      name: "Patient",
      type: "character",
      ownership: { [PLAYER2.id]: 3 },
      system: { traits: { toughness: 8 }, wounds: { marked: [9] } },
    });
    world.place(medic, patient);
    dice(15, 7);
    const outcome = await fake.as(PLAYER.id, () => actions.twodiceMedicine(medic, patient, 10));
    expect(outcome).toMatchObject({ ok: true });
    // A player's bonus is the GM's call: ignored, so 7 (white) is the best success at 12.
    expect(system(patient).wounds).toMatchObject({ bleedingStopped: true, medicalBonus: 7 });
  });
});

describe("the wound track", () => {
  it("a click marks a circle, a second click clears it", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
    });
    await fake.as(PLAYER.id, () => actions.toggleWoundCircle(kara, 12));
    await fake.as(PLAYER.id, () => actions.toggleWoundCircle(kara, 4));
    expect(system(kara).wounds.marked).toEqual([4, 12]);
    await fake.as(PLAYER.id, () => actions.toggleWoundCircle(kara, 12));
    expect(system(kara).wounds.marked).toEqual([4]);
  });
});

describe("the tracker and the round", () => {
  it("shows the one action lit until the referee records it taken, and a new round gives it back", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
    });
    const fight = await world.startedCombat([kara]);
    expect(combat.twodiceMemberChips(kara)[0]).toMatchObject({
      label: "FRAY.Twodice.Tracker.Action",
      on: true,
    });
    // The sheet's Aim button: the turn's action, which the GM records in the ledger, not on the actor.
    const mark = fake.db.calls.length;
    const { TwodiceActorSheet } =
      await import("../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts");
    await fake.as(PLAYER.id, () => clickSheet(TwodiceActorSheet, kara, "declare", { kind: "aim" }));
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
    const chips = combat.twodiceMemberChips(kara);
    expect(chips[0]?.on).toBe(false);
    expect(chips.map((c) => c.label)).toContain("FRAY.Twodice.Tracker.Aiming");
    const [next] = combat.twodiceRoundStart(fight, [
      { combatantId: fight.combatants.contents[0]?.id ?? "", defeated: false, system: {} },
    ]);
    expect(next?.ledger).toMatchObject({ twodiceTurn: { acted: false, aimed: true } });
  });
});

describe("the dice", () => {
  it("are two core Rolls, the black one and the white one dressed for Dice So Nice", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [{ name: "Knife", type: "weapon", system: { kind: "melee", attack: 10 } }],
    });
    const foe = await createActor({ name: "Foe", type: "npc" });
    dice(20, 20);
    const knife = (kara as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
    await fake.as(PLAYER.id, () => workflow.declareTwodiceAttack(kara, knife, foe));
    const rolls = (
      lastMessage() as unknown as { rolls: { dice: { options: Record<string, unknown> }[] }[] }
    ).rolls;
    expect(rolls).toHaveLength(2);
    // The shape Dice So Nice v5 reads from a die term: options.appearance with a "custom"
    // colorset and its colours (body, numbers, outline, edge), no texture over them.
    expect(rolls.map((r) => r.dice[0]?.options)).toEqual([
      {
        flavor: "black",
        appearance: {
          colorset: "custom",
          background: "#111111",
          foreground: "#ffffff",
          outline: "#000000",
          edge: "#111111",
          texture: "none",
        },
      },
      {
        flavor: "white",
        appearance: {
          colorset: "custom",
          background: "#f5f5f0",
          foreground: "#111111",
          outline: "#ffffff",
          edge: "#f5f5f0",
          texture: "none",
        },
      },
    ]);
  });
});

describe("the DataModels", () => {
  it("refuse a bad Type with its message, and more rounds than a Cn weapon holds", async () => {
    const kara = await createActor({ name: "Kara", type: "character" });
    const Item = fake.CONFIG["Item"]?.documentClass;
    // Core migrates the source of every new document (migrateData), which drops another
    // ruleset's shape; a Type typed on the sheet is an update, which is validated and refused.
    const odd = (await Item?.create({ name: "Odd", type: "weapon", system: { type: "C" } }, {
      parent: kara,
    } as never)) as unknown as { update(changes: object): Promise<unknown> };
    expect(await refusedByModel(fake, () => odd.update({ "system.type": "A30" }))).toContain(
      '"A30" is not a weapon Type',
    );
    expect(() => {
      data.checkTwodiceWeaponJoint({ type: "C2", ammo: { rounds: 3 } });
    }).toThrow("3 rounds do not fit a weapon that holds 2.");
    expect(() => {
      data.checkTwodiceWeaponJoint({ type: "C2", ammo: { rounds: 2 } });
    }).not.toThrow();
  });

  it("read data another ruleset wrote: what does not fit gives way to the default", () => {
    // A WWN actor counts its wounds; a Worldlines weapon has a damage formula.
    expect(data.migrateTwodiceActor({ wounds: 3, traits: { toughness: "x", agility: 7 } })).toEqual(
      {
        traits: { agility: 7 },
      },
    );
    // A Type no world can set (An beyond any die) gives way; one the world's Auto bounds refuse
    // now (A99 on a d20) is kept, so a weapon stored under other settings still loads.
    expect(data.migrateTwodiceWeapon({ damage: "1d6+1", type: "A99", attack: 12 })).toEqual({
      type: "A99",
      attack: 12,
    });
    expect(data.migrateTwodiceWeapon({ damage: "1d6+1", type: "A0", attack: 12 })).toEqual({
      attack: 12,
    });
  });
});

describe("the fake's ArrayField (core v13's behaviour)", () => {
  it("defaults to an empty list, cleans each element and names the first bad one", () => {
    const field = new ArrayField(new NumberField({ required: true, integer: true, min: 1 }));
    expect(field.clean(undefined)).toEqual([]);
    expect(field.clean(["3", 4])).toEqual([3, 4]);
    expect(field.validate([1, 0])).toBe("element 1 must be at least 1");
    expect(field.validate("no")).toBe("must be an array");
  });
});

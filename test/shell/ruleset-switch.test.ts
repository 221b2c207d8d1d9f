/**
 * Switching a world's ruleset never makes a document invalid, and a ruleset's data survives a
 * round trip through the other four. Each step is a reload: the world is saved as the server
 * holds it, a new client starts with the next ruleset, loads the stored documents strictly (as
 * core does), and the GM's migration runs at `ready`.
 */
import { describe, expect, it } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import {
  EMPTY_WORLD,
  actorsOf as Actors,
  boot,
  itemsOf,
  playedData,
  switchTo,
  systemOf,
} from "./world-reload.support.ts";

const ORDER = ["worldlines", "wwn", "freelancers", "dicepool", "twodice"] as const;

/** Every actor's and owned item's system data (without bookkeeping), by name. */
function snapshot(fake: FakeFoundry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const actor of Actors(fake)) {
    out[actor.name] = playedData(actor);
    for (const item of itemsOf(actor)) {
      out[`${actor.name}/${item.name}`] = playedData(item);
    }
  }
  for (const item of fake.game.items.contents) out[item.name] = playedData(item);
  return out;
}

async function populateWorldlines(fake: FakeFoundry): Promise<void> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Item = fake.CONFIG["Item"]?.documentClass;
  if (!Actor || !Item) throw new Error("no classes");
  const [maya] = await Actor.createDocuments([
    {
      name: "Maya",
      type: "character",
      system: {
        health: { value: 12, max: 22 },
        energy: { value: 2, max: 7 },
        traits: { combat: 10, spirit: 8, mind: 4 },
        skills: { evasion: 3, firearms: 4, medicine: 1 },
        stance: "crouched",
        life: "dying",
        exhaustion: 2,
        biography: "<p>Ex-courier.</p>",
      },
    },
    { name: "Grunt", type: "npc", system: { rank: "elite", health: { value: 5, max: 15 } } },
  ]);
  await maya?.createEmbeddedDocuments("Item", [
    {
      name: "Carbine",
      type: "weapon",
      system: {
        damage: "1d8+1",
        skill: "firearms",
        kind: "ranged",
        ammo: { value: 7, max: 20 },
        range: { long: { accuracy: -3, feet: 150 } },
        onHit: { bleeding: true },
      },
    },
    { name: "Vest", type: "armor", system: { zones: { torso: 8 }, quality: 1 } },
    { name: "Medkit", type: "gear", system: { kind: "firstAidKit", quantity: 3 } },
    { name: "Dash", type: "technique", system: { energyCost: 2, effect: "Move 3 spaces" } },
  ]);
  await Item.createDocuments([
    { name: "Frag", type: "gear", system: { kind: "grenade", damage: "2d6", quantity: 2 } },
  ]);
}

async function populateWwn(fake: FakeFoundry): Promise<void> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  if (!Actor) throw new Error("no classes");
  const [brin] = await Actor.createDocuments([
    {
      name: "Brin",
      type: "character",
      system: {
        health: { value: 3, max: 11 },
        attributes: { str: 16, dex: 7 },
        skills: { stab: 2, shoot: -1, notice: 1 },
        life: "helpless",
        wounds: 1,
        downMinutes: 30,
        biography: "<p>Warrior.</p>",
      },
    },
  ]);
  await brin?.createEmbeddedDocuments("Item", [
    {
      name: "Spear",
      type: "weapon",
      system: { damage: "1d6+1", skill: "stab", shock: { enabled: true, damage: 2, ac: 13 } },
    },
    { name: "Shield", type: "armor", system: { kind: "shield", ac: 13, bonus: 1 } },
  ]);
}

// Each step builds a world from scratch (six reloads in the first test): give it time on a busy
// machine. This is not a speed check; `npm run bench` measures speed.
describe("switching a world's ruleset", { timeout: 60_000 }, () => {
  it("never makes a document invalid, and Worldlines data comes back whole after all five", async () => {
    let session = await boot("worldlines", EMPTY_WORLD);
    await populateWorldlines(session.fake);
    const before = snapshot(session.fake);
    for (const next of [...ORDER.slice(1), "worldlines" as const]) {
      session = await switchTo(session, next);
      expect(session.invalid, `loading as ${next}`).toEqual(EMPTY_WORLD);
      expect(
        Actors(session.fake)
          .map((a) => a.name)
          .sort(),
      ).toEqual(["Grunt", "Maya"]);
    }
    expect(snapshot(session.fake)).toEqual(before);
  });

  it("reads a helpless WWN actor in Worldlines (as active), and it is helpless again in WWN", async () => {
    let session = await boot("wwn", EMPTY_WORLD);
    await populateWwn(session.fake);
    const before = snapshot(session.fake);
    session = await switchTo(session, "worldlines");
    expect(session.invalid).toEqual(EMPTY_WORLD);
    const brin = Actors(session.fake)[0];
    expect(brin && systemOf(brin)).toMatchObject({ life: "active", health: { value: 3, max: 11 } });
    // The GM's migration stored WWN's copy with the actor, so it survives the reload.
    const stored = session.save().Actor[0]?.system as { kept?: { wwn?: { life?: string } } };
    expect(stored.kept?.wwn?.life).toBe("helpless");
    for (const next of ["freelancers", "dicepool", "twodice", "wwn"] as const) {
      session = await switchTo(session, next);
      expect(session.invalid, `loading as ${next}`).toEqual(EMPTY_WORLD);
    }
    expect(snapshot(session.fake)).toEqual(before);
  });

  it("a kept copy someone wrote bad values into comes back with defaults, not invalid", async () => {
    let session = await boot("worldlines", EMPTY_WORLD);
    await populateWorldlines(session.fake);
    session = await switchTo(session, "wwn");
    const maya = Actors(session.fake).find((actor) => actor.name === "Maya");
    // An owner can write anything into the kept copy: nothing validates it while it is kept.
    await maya?.update({
      "system.kept.worldlines.traits.combat": 7,
      "system.kept.worldlines.energy": { value: 50, max: 3 },
      "system.kept.worldlines.stance": "flying",
    });
    session = await switchTo(session, "worldlines");
    expect(session.invalid).toEqual(EMPTY_WORLD);
    const back = Actors(session.fake).find((actor) => actor.name === "Maya");
    expect(back && systemOf(back)).toMatchObject({
      traits: { combat: 8, spirit: 8, mind: 4 },
      energy: { value: 3, max: 3 },
      stance: "standing",
      skills: { evasion: 3, firearms: 4 },
    });
  });

  it("writes the migration in batches and says so, and a second reload writes nothing", async () => {
    let session = await boot("worldlines", EMPTY_WORLD);
    await populateWorldlines(session.fake);
    session = await switchTo(session, "wwn");
    const updates = session.fake.db.calls.filter((call) => call.operation === "update");
    // One call for the world's actors, one for Maya's items, one for the world's items.
    expect(updates.map((call) => [call.documentName, call.count])).toEqual([
      ["Actor", 2],
      ["Item", 4],
      ["Item", 1],
    ]);
    expect(session.fake.notifications.map((note) => note.message)).toEqual([
      "Fray is updating stored actors and items: 0 of 7.",
      "Fray updated 7 stored actors and items for Worlds Without Number.",
    ]);
    session = await switchTo(session, "wwn");
    expect(session.fake.db.calls).toEqual([]);
  });
});

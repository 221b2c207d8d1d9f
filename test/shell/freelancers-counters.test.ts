/**
 * Freelancers counters from the sheet (issue 28): the GM or the owner adds a counter of a new
 * kind by name; the Upkeep takes one of each kind away, or what the world's counter rules say;
 * a stun counter blocks Base and Long actions, and a player cannot clear their own stun to act,
 * neither from the sheet (in a fight only the GM takes counters off) nor by writing their actor
 * from the console (in a fight the rules read the counters the GM recorded).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as FlCombat from "../../src/foundry/rulesets/freelancers/combat.ts";
import type * as Sheet from "../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts";
import { clickSheet } from "./boot.support.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let combatHooks: typeof FlCombat;
let sheet: typeof Sheet;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  combatHooks = await import("../../src/foundry/rulesets/freelancers/combat.ts");
  sheet = await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts");
});

beforeEach(() => {
  world.reset();
});

const counters = (actor: Actor.Implementation) =>
  (actor.system as unknown as { counters: Record<string, number> }).counters;

/**
 * Presses the sheet's Add counter with `name` typed in the field beside it, as ApplicationV2
 * runs a `data-action` handler: the button, whose section holds the field.
 */
async function addCounterFromSheet(actor: Actor.Implementation, name: string) {
  const field = { value: name };
  const section = {
    querySelector: (selector: string) => (selector.includes("new-counter") ? field : null),
  };
  const button = {
    dataset: {},
    closest: (selector: string) => (selector === ".fl-counters" ? section : null),
  };
  const handler = (
    sheet.FlActorSheet as unknown as {
      DEFAULT_OPTIONS: {
        actions: Record<string, (this: unknown, e: unknown, t: unknown) => Promise<void>>;
      };
    }
  ).DEFAULT_OPTIONS.actions["addCounter"];
  if (handler === undefined) throw new Error("no addCounter action");
  await handler.call(
    new (sheet.FlActorSheet as unknown as new (o: object) => unknown)({ document: actor }),
    {},
    button,
  );
}

/** The GM ends phases until the round's Upkeep has run (the tracker's End phase). */
async function throughUpkeep(combat: Combat.Implementation) {
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const round = combat.round;
  while (combat.round === round) {
    await fake.as(GM.id, () => (combat as unknown as { endPhase(): Promise<unknown> }).endPhase());
    await whenIdle();
  }
}

describe("a counter of a new kind from the sheet", () => {
  it("is added by the GM or the owner by name, shows on the sheet, and the Upkeep takes one off", async () => {
    const k = await world.kara();
    fake.setUser(GM.id);
    await addCounterFromSheet(k, "burning");
    await addCounterFromSheet(k, "burning");
    fake.setUser(PLAYER.id);
    await addCounterFromSheet(k, " stress ");
    expect(counters(k)).toMatchObject({ burning: 2, stress: 1 });
    const context = await sheet.flActorSheetContext(k);
    expect(context.counters).toEqual(
      expect.arrayContaining([
        { kind: "burning", label: null, count: 2 },
        { kind: "stress", label: "FRAY.Freelancers.Counter.stress", count: 1 },
      ]),
    );
    // An empty name is refused with a message, and nothing is written.
    const before = fake.db.calls.length;
    await addCounterFromSheet(k, "  ");
    expect(world.warnings().at(-1)).toBe("A counter needs a name.");
    expect(fake.db.since(before, { documentName: "Actor" })).toEqual([]);

    const combat = await world.startedCombat([k], true);
    await throughUpkeep(combat);
    expect(counters(k)).toMatchObject({ burning: 1, stress: 0 });
    expect(world.lastMessage()).toContain("burning");
    await fake.as(GM.id, () => combat.delete());
  });
});

describe("the world's counter rules", () => {
  it("let a GM's kind leave at once or stay, and a rule of another shape changes nothing and says why", async () => {
    const k = await world.kara();
    await fake.as(GM.id, () =>
      k.update({ "system.counters": { burning: 3, stress: 2, webbed: 2 } } as never),
    );
    const setRules = (text: string) =>
      fake.as(GM.id, () =>
        game.settings.set("fray", "freelancersCounterRules" as never, text as never),
      );
    await setRules("burning=all; stress=0");
    const combat = await world.startedCombat([k], true);
    await throughUpkeep(combat);
    expect(counters(k)).toMatchObject({ burning: 0, stress: 2, webbed: 1 });

    await setRules("stress=some");
    await throughUpkeep(combat);
    expect(counters(k)).toMatchObject({ stress: 2, webbed: 1 });
    expect(world.lastMessage()).toContain(
      "The Upkeep changed nothing: a counter rule is not of the form kind&#x3D;N or kind&#x3D;all (stress&#x3D;some)",
    );
    await setRules("");
    await fake.as(GM.id, () => combat.delete());
  });
});

describe("a stun counter in a fight", () => {
  it("blocks the player's Long action; the player can neither take it off from the sheet nor by writing the actor", async () => {
    const k = await world.kara();
    const r = await world.rook();
    const combat = await world.startedCombat([k, r], true);
    // The GM stuns Kara from her sheet.
    fake.setUser(GM.id);
    await clickSheet(sheet.FlActorSheet, k, "counter", { kind: "stun", amount: "1" });
    expect(counters(k)["stun"]).toBe(1);

    fake.setUser(PLAYER.id);
    await clickSheet(sheet.FlActorSheet, k, "dodge");
    expect(world.warnings().at(-1)).toBe(
      "Kara is stunned: no Base or Long action while a stun counter remains.",
    );
    // The − on the sheet: in a fight only the GM takes counters off.
    await clickSheet(sheet.FlActorSheet, k, "counter", { kind: "stun", amount: "-1" });
    expect(world.warnings().at(-1)).toBe("In a fight only the GM takes counters off Kara.");
    expect(counters(k)["stun"]).toBe(1);
    // The console: the server lets the owner write their own actor; the rules do not read it.
    await fake.as(PLAYER.id, () => k.update({ "system.counters.stun": 0 } as never));
    expect(counters(k)["stun"]).toBe(0);
    await clickSheet(sheet.FlActorSheet, k, "dodge");
    expect(world.warnings().at(-1)).toBe(
      "Kara is stunned: no Base or Long action while a stun counter remains.",
    );
    expect(combatHooks.flMemberChips(k).map((chip) => chip.label)).toContain(
      "FRAY.Freelancers.Counter.stun",
    );

    // The Upkeep takes the stun off (the GM's record, written back to the actor): Kara acts.
    await throughUpkeep(combat);
    const memberId = combat.combatants.contents.find((c) => c.actorId === k.id)?.id ?? "";
    await fake.as(GM.id, () => combat.activateCombatant(memberId));
    fake.setUser(PLAYER.id);
    fake.notifications.length = 0;
    await clickSheet(sheet.FlActorSheet, k, "dodge");
    expect(world.warnings()).toEqual([]);
    await fake.as(GM.id, () => combat.delete());
  });

  it("taken at the start of a fight from the actor is recorded by the GM, so clearing it on the actor does nothing", async () => {
    const k = await world.kara();
    const r = await world.rook();
    await fake.as(GM.id, () => k.update({ "system.counters.stun": 1 } as never));
    const combat = await world.startedCombat([k, r], true);
    await fake.as(PLAYER.id, () => k.update({ "system.counters.stun": 0 } as never));
    fake.setUser(PLAYER.id);
    await clickSheet(sheet.FlActorSheet, k, "disengage");
    expect(world.warnings().at(-1)).toBe(
      "Kara is stunned: no Base or Long action while a stun counter remains.",
    );
    await fake.as(GM.id, () => combat.delete());
  });
});

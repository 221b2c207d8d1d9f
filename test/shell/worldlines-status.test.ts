/**
 * Worldlines statuses at the table: the token HUD's list, Bleeding at the start of a turn with its
 * chat card, First Aid stopping it, and the round events as data for the combat code.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Events from "../../src/foundry/rulesets/worldlines/statuses/round-events.ts";
import type * as Adapter from "../../src/foundry/rulesets/worldlines/adapter.ts";
import type * as Buttons from "../../src/foundry/rulesets/worldlines/cards/recover.ts";
import { worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let events: typeof Events;
let adapter: typeof Adapter;
let buttons: typeof Buttons;
const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    random: dice.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
  events = await import("../../src/foundry/rulesets/worldlines/statuses/round-events.ts");
  adapter = await import("../../src/foundry/rulesets/worldlines/adapter.ts");
  buttons = await import("../../src/foundry/rulesets/worldlines/cards/recover.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

type Doc = ClientDocument & {
  effects: { contents: (ClientDocument & { statuses: Set<string> })[] };
};

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create(source);
  if (!actor) throw new Error("actor not created");
  return spots.place(actor as unknown as Actor.Implementation);
}
const health = (actor: Actor.Implementation) =>
  ((actor as unknown as Doc).system as unknown as { health: { value: number } }).health.value;
const statuses = (actor: Actor.Implementation) =>
  (actor as unknown as Doc).effects.contents.flatMap((e) => [...e.statuses]);
const lastCard = () =>
  String(
    (fake.game.messages.contents.at(-1) as unknown as { content: string } | undefined)?.content,
  );

function bleeder() {
  return createActor({
    name: "Rook",
    type: "character",
    system: {
      health: { value: 20, max: 20 },
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
    },
    effects: [
      {
        name: "Bleeding",
        statuses: ["bleeding"],
        flags: { fray: { hpPerTurn: 5 } },
      },
    ],
  });
}

describe("the token HUD", () => {
  it("lists every Worldlines status with a core icon and an English name, plus dead/unconscious", () => {
    const list = fake.CONFIG["statusEffects"] as unknown as {
      id: string;
      name: string;
      img: string;
    }[];
    const ids = list.map((s) => s.id);
    expect(ids.slice(0, 8)).toEqual([
      "bleeding",
      "poisoned",
      "staggered",
      "blinded",
      "vulnerable",
      "stressed",
      "exhausted",
      "charmed",
    ]);
    for (const entry of list.slice(0, 8)) {
      expect(entry.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      expect(fake.i18n.has(entry.name), entry.name).toBe(true);
    }
    expect(fake.i18n.localize(list[0]?.name ?? "")).toBe("Bleeding");
  });
});

describe("Bleeding", () => {
  it("takes 5 health at the start of the bleeder's turn, says so, and First Aid stops it", async () => {
    const rook = await bleeder();
    await actions.runTurnStart(rook);
    expect(health(rook)).toBe(15);
    expect(lastCard()).toContain("Bleeding: Rook loses 5 health (20 → 15 / 20).");

    // First Aid on oneself: Medicine is Mind d6 + skill 0 against TD 5; a 5 passes, 2 Energy.
    table.target();
    dice.set([6, 5]);
    expect(await actions.firstAid(rook)).toBe(true);
    expect(statuses(rook)).not.toContain("bleeding");
    expect(lastCard()).toContain("Bleeding ends for Rook.");

    await actions.runTurnStart(rook);
    expect(health(rook)).toBe(15);
  });

  it("keeps bleeding when the First Aid check fails", async () => {
    const rook = await bleeder();
    dice.set([6, 3]);
    table.target();
    expect(await actions.firstAid(rook)).toBe(false);
    expect(statuses(rook)).toContain("bleeding");
    expect(lastCard()).toContain("the treatment fails");
  });
});

describe("round events as data", () => {
  it("refreshes Energy and bites with poison in one batch of updates", async () => {
    const a = await createActor({
      name: "A",
      type: "character",
      system: { energy: { value: 1, max: 6 }, health: { value: 10, max: 20 } },
      effects: [{ name: "Poisoned", statuses: ["poisoned"], flags: { fray: { hpPerTurn: 2 } } }],
    });
    const combatants = [adapter.toCombatant(a)];
    expect(events.worldlinesRoundEvents.energyRefresh(combatants).updates).toEqual([
      {
        actorId: a.id,
        changes: { "system.energy.value": 6 },
        setStatuses: {},
        removeStatuses: [],
      },
    ]);
    const resolution = events.worldlinesRoundEvents.statusResolution(combatants);
    expect(resolution.updates[0]?.changes).toEqual({ "system.health.value": 8 });
    expect(resolution.ticks[0]).toMatchObject({ status: "poisoned", lost: 2 });
  });

  it("a Staggered recovery check that passes removes the status", async () => {
    const s = await createActor({
      name: "S",
      type: "character",
      system: { energy: { value: 6, max: 6 }, traits: { combat: 8, spirit: 6, mind: 6 } },
      effects: [{ name: "Staggered", statuses: ["staggered"], flags: { fray: { turnsLeft: 1 } } }],
    });
    dice.set([6, 4]); // Spirit d6: 4 against TD 4
    expect(await actions.recoveryCheck(s, "staggered")).toBe(true);
    expect(statuses(s)).not.toContain("staggered");
  });
});

describe("Recover on a status card", () => {
  /** Rook, the player's character: Bleeding and Staggered for two more turns. */
  function staggeredBleeder(owner: string | null) {
    return createActor({
      name: "Rook",
      type: "character",
      ownership: owner === null ? {} : { [owner]: 3 },
      system: {
        health: { value: 20, max: 20 },
        energy: { value: 6, max: 6 },
        traits: { combat: 8, spirit: 6, mind: 6 },
      },
      effects: [
        { name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } },
        { name: "Staggered", statuses: ["staggered"], flags: { fray: { turnsLeft: 2 } } },
      ],
    });
  }
  const lastMessage = () => {
    const message = fake.game.messages.contents.at(-1);
    if (message === undefined) throw new Error("no card");
    return message as unknown as ChatMessage.Implementation;
  };

  it("offers the owner a Recover per status with a check; a passing Spirit roll removes Staggered", async () => {
    const rook = await staggeredBleeder(PLAYER.id);
    await actions.runTurnStart(rook);
    const card = lastMessage();
    expect(lastCard()).toContain("Rook: recover from Bleeding");
    expect(lastCard()).toContain("Rook: recover from Staggered");
    expect(buttons.recoverOffers(card)).toEqual([
      { actorId: rook.id, statusId: "bleeding" },
      { actorId: rook.id, statusId: "staggered" },
    ]);

    fake.setUser(PLAYER.id);
    dice.set([6, 4]); // Spirit d6: 4 against TD 4
    expect(await buttons.pressRecover(card, rook.id ?? "", "staggered")).toBe(true);
    expect(statuses(rook)).not.toContain("staggered");
    expect(statuses(rook)).toContain("bleeding");
    expect(lastCard()).toContain("Staggered");
  });

  it("refuses a user who does not own the actor: a warning, nothing written", async () => {
    const rook = await staggeredBleeder(null);
    await actions.runTurnStart(rook);
    const card = lastMessage();
    fake.setUser(PLAYER.id);
    const calls = fake.db.count();
    expect(await buttons.pressRecover(card, rook.id ?? "", "staggered")).toBe(false);
    expect(fake.notifications).toEqual([
      { level: "warn", message: "You may not do that on this card." },
    ]);
    expect(fake.db.count()).toBe(calls);
    expect(statuses(rook)).toContain("staggered");
  });
});

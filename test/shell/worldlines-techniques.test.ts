/**
 * Worldlines techniques at the table (issue 18): a technique used on its own (an interruption,
 * one granting an extra interruption), one announced with an attack through the referee
 * (Marksman's Shot's wider headshot range, a status on hit, an Energy refund), techniques stored
 * before their effect fields existed, and the item's joint rule.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Workflow from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Budget from "../../src/foundry/rulesets/worldlines/budget.ts";
import type * as Ledger from "../../src/foundry/combat/ledger.ts";
import type * as Dialog from "../../src/foundry/rulesets/worldlines/attack/dialog.ts";
import type * as Adapter from "../../src/foundry/rulesets/worldlines/adapter.ts";
import { combatOnTurn, worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";
import { refusedByModel } from "./refused.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let workflow: typeof Workflow;
let protocol: typeof Protocol;
let budget: typeof Budget;
let ledger: typeof Ledger;
let dialog: typeof Dialog;
let adapter: typeof Adapter;
const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER],
    random: dice.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
  workflow = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  budget = await import("../../src/foundry/rulesets/worldlines/budget.ts");
  ledger = await import("../../src/foundry/combat/ledger.ts");
  dialog = await import("../../src/foundry/rulesets/worldlines/attack/dialog.ts");
  adapter = await import("../../src/foundry/rulesets/worldlines/adapter.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
type Sys = {
  health: { value: number };
  energy: { value: number };
  life: string;
};
const sys = (a: Actor.Implementation) => (a as unknown as Doc).system as unknown as Sys;
const item = (a: Actor.Implementation, name: string) =>
  (a as unknown as Doc).items.contents.find(
    (i) => i.name === name,
  ) as unknown as Item.Implementation;

async function create(data: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () => Actor?.create(data));
  if (!created) throw new Error("actor not created");
  return spots.place(created as unknown as Actor.Implementation);
}

/** Maya: d8 Combat, Firearms 2, a rifle (1d8+1) and the given techniques. */
function maya(techniques: Record<string, unknown>[]) {
  return create({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { skills: { firearms: 2 }, energy: { value: 6, max: 6 } },
    items: [
      {
        name: "Rifle",
        type: "weapon",
        system: { damage: "1d8+1", skill: "firearms", kind: "ranged" },
      },
      ...techniques.map((t) => ({ type: "technique", ...t })),
    ],
  });
}

/** A running combat of the actor and a grunt, on the actor's turn. */
async function inCombat(actor: Actor.Implementation) {
  return combatOnTurn(fake, [actor, await grunt()], actor, (faces) => {
    dice.set(...faces);
  });
}

const grunt = () => create({ name: "Grunt", type: "npc", system: { rank: "minor" } });

describe("a technique used on its own", () => {
  it("an interruption pays its Energy and uses the round's interruption", async () => {
    const m = await maya([
      { name: "Snap Shot", system: { use: "action", energyCost: 2, interrupt: true } },
    ]);
    await inCombat(m);
    fake.setUser(PLAYER.id);
    expect(await actions.useTechnique(m, item(m, "Snap Shot"))).toBe(true);
    expect(sys(m).energy.value).toBe(4);
    // The round's interruption is the referee's record (budget.ts), not Maya's to reset.
    expect(budget.budgetOf(m).interruptUsed).toBe(true);
    // Once a round: a second use is refused with a message, nothing changes.
    expect(await actions.useTechnique(m, item(m, "Snap Shot"))).toBe(false);
    expect(fake.notifications.at(-1)).toEqual({
      level: "warn",
      message: "Maya has already interrupted this round.",
    });
    expect(sys(m).energy.value).toBe(4);
  });

  it("one granting an extra interruption gives it back", async () => {
    const m = await maya([
      { name: "Second Wind", system: { use: "action", energyCost: 1, extraInterruption: true } },
    ]);
    const combat = await inCombat(m);
    const id = combat.combatants.contents.find((c) => c.actorId === m.id)?.id ?? "";
    await combat.update(
      ledger.ledgerChanges([{ combatantId: id, key: "interruptUsed", value: true }]),
    );
    fake.setUser(PLAYER.id);
    expect(await actions.useTechnique(m, item(m, "Second Wind"))).toBe(true);
    expect(sys(m).energy.value).toBe(5);
    expect(budget.budgetOf(m).interruptUsed).toBe(false);
  });

  it("a technique stored before the effect fields loads as it was: used on its own", async () => {
    const m = await maya([{ name: "Old Trick", system: { energyCost: 3, effect: "old" } }]);
    expect((item(m, "Old Trick").system as unknown as { use: string }).use).toBe("action");
    fake.setUser(PLAYER.id);
    expect(await actions.useTechnique(m, item(m, "Old Trick"))).toBe(true);
    expect(sys(m).energy.value).toBe(3);
  });

  it("an attack technique is refused from the sheet: it goes with an attack", async () => {
    const m = await maya([{ name: "Marksman's Shot", system: { use: "attack", energyCost: 1 } }]);
    fake.setUser(PLAYER.id);
    expect(await actions.useTechnique(m, item(m, "Marksman's Shot"))).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe(
      "This technique goes with an attack: choose it in the attack dialog.",
    );
  });
});

describe("a technique announced with an attack, through the referee", () => {
  it("Marksman's Shot: a headshot d20 of 18 kills a minor enemy; both costs are paid", async () => {
    const m = await maya([
      { name: "Marksman's Shot", system: { use: "attack", energyCost: 1, headshotWiden: 2 } },
    ]);
    const g = await grunt();
    const technique = item(m, "Marksman's Shot").id ?? "";
    fake.setUser(PLAYER.id);
    table.target(g);
    dice.set([8, 6]);
    const message = await actions.attack(m, item(m, "Rifle"), { zone: "head", technique });
    if (message === null) throw new Error("refused");
    expect(sys(m).energy.value).toBe(3); // attack 2 + technique 1
    dice.set([20, 18]);
    await fake.as(GM.id, () => protocol.pressCard(message, "take"));
    await fake.as(GM.id, () => protocol.pressCard(message, "apply"));
    expect(sys(g).life).toBe("dead");
    expect(workflow.attackCardOf(message)?.weaponName).toBe("Rifle · Marksman's Shot");
  });

  it("a status on hit and an Energy refund when it hits", async () => {
    const m = await maya([
      {
        name: "Bleeding Edge",
        system: { use: "attack", energyCost: 1, energyRefund: 2, onHit: { bleeding: true } },
      },
    ]);
    const g = await grunt();
    fake.setUser(PLAYER.id);
    table.target(g);
    dice.set([8, 6]);
    const message = await actions.attack(m, item(m, "Rifle"), {
      technique: item(m, "Bleeding Edge").id ?? "",
    });
    if (message === null) throw new Error("refused");
    dice.set([8, 3]);
    await fake.as(GM.id, () => protocol.pressCard(message, "take"));
    await fake.as(GM.id, () => protocol.pressCard(message, "apply"));
    expect(g.effects.contents.flatMap((e) => [...e.statuses])).toContain("bleeding");
    expect(sys(m).energy.value).toBe(5); // 6 − 3 + 2
  });

  it("is refused when the attacker cannot pay both costs", async () => {
    const m = await maya([{ name: "Marksman's Shot", system: { use: "attack", energyCost: 5 } }]);
    const g = await grunt();
    fake.setUser(PLAYER.id);
    table.target(g);
    const technique = item(m, "Marksman's Shot").id ?? "";
    expect(await actions.attack(m, item(m, "Rifle"), { technique })).toBeNull();
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(sys(m).energy.value).toBe(6);
  });
});

describe("Emergency Stabilization: a technique that stops Bleeding", () => {
  const stabilization = {
    name: "Emergency Stabilization",
    system: { use: "action", energyCost: 2, stopsBleeding: true },
  };
  const bleedingRook = async () =>
    (await create({
      name: "Rook",
      type: "npc",
      system: { health: { value: 15, max: 20 } },
      effects: [{ name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } }],
    })) as Actor.Implementation & { effects: { contents: { statuses: Set<string> }[] } };
  const statusesOf = (a: { effects: { contents: { statuses: Set<string> }[] } }) =>
    a.effects.contents.flatMap((e) => [...e.statuses]);

  it("ends the targeted ally's Bleeding, no roll, written by the GM for another's actor", async () => {
    const m = await maya([stabilization]);
    const rook = await bleedingRook();
    const mark = fake.db.calls.length;
    fake.setUser(PLAYER.id);
    table.target(rook);
    expect(await actions.useTechnique(m, item(m, "Emergency Stabilization"))).toBe(true);
    expect(statusesOf(rook)).not.toContain("bleeding");
    expect(sys(m).energy.value).toBe(4);
    const writers = fake.db
      .since(mark)
      .filter((c) => c.documentName !== "ChatMessage")
      .map((c) => c.userId);
    expect(new Set(writers)).toEqual(new Set([GM.id]));
  });

  it("is refused, and costs nothing, when the patient is not bleeding", async () => {
    const m = await maya([stabilization]);
    fake.setUser(PLAYER.id);
    table.target(m);
    expect(await actions.useTechnique(m, item(m, "Emergency Stabilization"))).toBe(false);
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(sys(m).energy.value).toBe(6);
  });
});

describe("the attack dialog's odds with a technique chosen", () => {
  it("show the technique's wider critical range, and its refusal", async () => {
    const m = await maya([
      { name: "Deadeye", system: { use: "attack", energyCost: 1, critWiden: 2 } },
      { name: "Overdraw", system: { use: "attack", energyCost: 9 } },
    ]);
    const g = await grunt();
    const odds = (technique?: string) =>
      dialog.attackDialogContext({
        attacker: adapter.toCombatant(m),
        defender: adapter.toCombatant(g),
        weapon: adapter.toWeapon(item(m, "Rifle")),
        situation: technique === undefined ? {} : { technique },
        distance: null,
        shape: actions.techniqueShaper(m),
      }).odds;
    const plain = odds();
    const deadeye = odds(item(m, "Deadeye").id ?? "");
    // d8 crits on 8 alone; two more faces make it 6-8: the shown chance must rise.
    expect(parseFloat(deadeye.critical)).toBeGreaterThan(parseFloat(plain.critical));
    expect(deadeye.refused).toBeNull();
    // A technique the attacker cannot pay for shows the referee's refusal, not odds.
    expect(odds(item(m, "Overdraw").id ?? "").refused?.reason).toBe("notEnoughEnergy");
  });
});

describe("the technique's joint rule", () => {
  it("refuses an interruption that is not used on its own, and keeps the stored value", async () => {
    const m = await maya([{ name: "Focus", system: { use: "passive", energyCost: 0 } }]);
    const focus = item(m, "Focus");
    expect(
      await refusedByModel(fake, () =>
        fake.as(GM.id, () => focus.update({ "system.interrupt": true } as never)),
      ),
    ).toContain("Only a technique used on its own can be an interruption.");
    expect((focus.system as unknown as { interrupt: boolean }).interrupt).toBe(false);
  });
});

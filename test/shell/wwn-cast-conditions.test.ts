/**
 * Cast a Spell's conditions at the table (issue 27), in the fake Foundry: hit points lost this
 * round stop a spell however they were lost (the GM's edit on the sheet or a token bar, the
 * player's own edit, the grapple at the round's end), and the GM's "Jostled" button stops it too.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as SheetModule from "../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let sheets: typeof SheetModule;
let scene: ReturnType<typeof wwnScene>;
let whenIdle: () => Promise<void>;
let refereeIdle: () => Promise<void>;
const faces = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER],
    settings: { "fray.ruleset": "wwn" },
    random: faces.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  sheets = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
  scene = wwnScene(fake);
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
  refereeIdle = (await import("../../src/foundry/shared/referee.ts")).refereeIdle;
});

beforeEach(() => {
  fake.notifications.length = 0;
  faces.set();
  table.target();
});

type FrayCombat = Combat.Implementation & { activateCombatant(id: string): Promise<unknown> };
const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const lastWarning = () => fake.notifications.at(-1)?.message;
const slots = (a: Actor.Implementation) =>
  (a.system as unknown as { spellSlots: { value: number } }).spellSlots.value;
const hp = (a: Actor.Implementation) =>
  (a.system as unknown as { health: { value: number } }).health.value;
const spellOf = (a: Actor.Implementation) =>
  a.items.contents.find((i) => i.type === "technique") as Item.Implementation;
/** Lets a request sent without waiting (a player's own mark) reach the referee and settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  await refereeIdle();
};

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** Clicks a sheet button of `actor` (on an item's row when `itemId` is given). */
async function click(actor: Actor.Implementation, action: string, itemId?: string) {
  const Sheet = sheets.WwnActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no ${action} action`);
  const target = {
    dataset: {},
    closest: () => (itemId === undefined ? null : { dataset: { itemId } }),
  };
  await handler.call(new Sheet({ document: actor }), {}, target);
}

/** Mira, her player's caster (2 of 3 slots, one spell), and an orc, in a fight on her turn. */
async function fight(hitPoints = 10) {
  fake.setUser(GM.id);
  const [mira, orc] = (await docClass("Actor").createDocuments([
    {
      name: "Mira",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: hitPoints, max: 10 }, spellSlots: { value: 2, max: 3 } },
      items: [
        {
          name: "Mote of Light",
          type: "technique",
          system: { spell: true, spellLevel: 1, description: "<p>A light glows.</p>" },
        },
      ],
    },
    { name: "Orc", type: "npc", system: {} },
  ])) as unknown as Actor.Implementation[];
  if (mira === undefined || orc === undefined) throw new Error("no actors");
  scene.place(mira, orc);
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    [mira, orc].map((a) => ({ actorId: a.id })),
  );
  await whenIdle();
  await fightOffScreen(fake, combat);
  faces.set([8, 8], [8, 1]);
  await combat.startCombat();
  const idOf = (a: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === a.id)?.id ?? "";
  fake.setUser(PLAYER.id);
  await combat.activateCombatant(idOf(mira));
  await whenIdle();
  fake.notifications.length = 0;
  return { mira, orc, combat, idOf };
}

/** Mira's player presses Cast on her spell's row. */
async function cast(mira: Actor.Implementation) {
  fake.setUser(PLAYER.id);
  fake.notifications.length = 0;
  await click(mira, "cast", spellOf(mira).id ?? "");
}

describe("hit points lost this round stop a spell, however they were lost", () => {
  it("the GM lowering them on the sheet (or a token bar) stops it; healing does not", async () => {
    const { mira } = await fight();
    fake.setUser(GM.id);
    // As the sheet's form submits it (nested); a token bar writes the same field.
    await mira.update({ system: { health: { value: 7 } } });
    expect(hp(mira)).toBe(7);
    await cast(mira);
    expect(lastWarning()).toBe("Mira lost hit points this round and cannot cast a spell.");
    expect(slots(mira)).toBe(2);
    expect(actions.round(mira).mainUsed).toBe(false);
  });

  it("a heal leaves the caster free to cast", async () => {
    const { mira } = await fight(6);
    fake.setUser(GM.id);
    await mira.update({ "system.health.value": 10 } as never);
    await cast(mira);
    expect(lastWarning()).toBeUndefined();
    expect(slots(mira)).toBe(1);
  });

  it("the player lowering their own caster's hit points stops it too", async () => {
    const { mira } = await fight();
    fake.setUser(PLAYER.id);
    await mira.update({ "system.health.value": 8 } as never);
    await settle();
    await cast(mira);
    expect(lastWarning()).toBe("Mira lost hit points this round and cannot cast a spell.");
    expect(slots(mira)).toBe(2);
  });

  it("the grapple's damage at a round's end belongs to the round that ended", async () => {
    const { mira, orc, combat, idOf } = await fight();
    fake.setUser(GM.id);
    const { ledgerChanges, ledgerEntry } = await import("../../src/foundry/combat/ledger.ts");
    await combat.update(
      ledgerChanges([{ combatantId: idOf(orc), key: "wwn_grappling", value: mira.id ?? "" }]),
    );
    const round = combat.round;
    faces.set([2, 2]);
    await combat.nextRound();
    await whenIdle();
    expect(hp(mira)).toBe(8);
    expect(ledgerEntry(combat as never, idOf(mira), "wwn_hurtRound")).toBe(round);
    // Released before her turn: a new round, no new damage, so she casts.
    await combat.update(
      ledgerChanges([{ combatantId: idOf(orc), key: "wwn_grappling", value: null }]),
    );
    fake.setUser(PLAYER.id);
    await combat.activateCombatant(idOf(mira));
    await whenIdle();
    await cast(mira);
    expect(lastWarning()).toBeUndefined();
    expect(slots(mira)).toBe(1);
  });
});

describe("the GM's Jostled button", () => {
  it("stops the caster's spell this round", async () => {
    const { mira } = await fight();
    fake.setUser(GM.id);
    await click(mira, "jostle");
    expect(lastWarning()).toBeUndefined();
    await cast(mira);
    expect(lastWarning()).toBe("Mira was jostled this round and cannot cast a spell.");
    expect(slots(mira)).toBe(2);
  });

  it("is the GM's alone: a player's press warns, a forged request is refused", async () => {
    const { mira } = await fight();
    fake.setUser(PLAYER.id);
    await click(mira, "jostle");
    expect(lastWarning()).toBe("Only the GM calls a caster jostled.");
    const { sendIntent } = await import("../../src/foundry/shared/referee.ts");
    const forged = await sendIntent("wwn.mark", { actorId: mira.id, mark: "jostled" });
    expect(forged.ok).toBe(false);
    await cast(mira);
    expect(lastWarning()).toBeUndefined();
    expect(slots(mira)).toBe(1);
  });
});

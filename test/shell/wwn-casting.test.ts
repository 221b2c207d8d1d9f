/**
 * Cast a Spell's conditions and Hold an Action that interrupts (issue 27), in the fake Foundry:
 * hit points lost this round stop a spell however they were lost (the GM's edit on the sheet or a
 * token bar, the player's own edit, the grapple at the round's end), and so does the GM's
 * "Jostled" button; the holder's card offers "Act now", and while the holder acts the one whose
 * turn it is waits (the tracker says so); a spell begun while someone holds waits for "Complete"
 * and fizzles when its caster lost hit points meanwhile. And Run with its choice of ground.
 */
import { nextStepLine } from "./card-next.support.ts";
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
const spellOf = (a: Actor.Implementation) =>
  a.items.contents.find((i) => i.type === "technique") as Item.Implementation;

const hp = (a: Actor.Implementation) =>
  (a.system as unknown as { health: { value: number } }).health.value;
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

type Message = ChatMessage.Implementation & { content: string };
const lastCard = () => fake.game.messages.contents.at(-1) as unknown as Message;
const cardsOf = (kind: string) =>
  fake.game.messages.contents.filter(
    (m) => (m as { flags?: { fray?: { cardKind?: string } } }).flags?.fray?.cardKind === kind,
  ) as unknown as Message[];

/**
 * Mira, her player's caster (`hitPoints` of 10, 2 of 3 slots, one spell), and an orc, in a started
 * fight: the orc's side goes first, or hers.
 */
async function fight(herSideFirst = false, hitPoints = 10) {
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
  if (herSideFirst) faces.set([8, 8], [8, 1]);
  else faces.set([8, 1], [8, 8]);
  await combat.startCombat();
  const idOf = (a: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === a.id)?.id ?? "";
  fake.notifications.length = 0;
  return { mira, orc, combat, idOf };
}

/** The fight with her side first, on her turn. */
async function fightOnHerTurn(hitPoints = 10) {
  const started = await fight(true, hitPoints);
  fake.setUser(PLAYER.id);
  await started.combat.activateCombatant(started.idOf(started.mira));
  await whenIdle();
  fake.notifications.length = 0;
  return started;
}

/** The orc holds an action on its turn (the GM's sheet), then Mira's turn begins. */
async function orcHolds() {
  const started = await fight();
  const { orc, mira, combat, idOf } = started;
  fake.setUser(GM.id);
  await combat.activateCombatant(idOf(orc));
  await whenIdle();
  await click(orc, "hold");
  expect(lastWarning()).toBeUndefined();
  const held = lastCard();
  expect(held.content).toContain("Orc holds an action");
  expect(held.content).toContain('data-fray-step="actNow"');
  await combat.activateCombatant(idOf(mira));
  await whenIdle();
  fake.notifications.length = 0;
  return { ...started, held };
}

async function cast(mira: Actor.Implementation) {
  fake.setUser(PLAYER.id);
  fake.notifications.length = 0;
  await click(mira, "cast", spellOf(mira).id ?? "");
}

/** Presses Run on the sheet with the round row's distance (blank: the full move) and ground. */
async function clickRun(actor: Actor.Implementation, feet: string, ground: "normal" | "hard") {
  const Sheet = sheets.WwnActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const row = {
    querySelector: (selector: string) =>
      selector.includes("terrain") ? { value: ground } : { value: feet },
  };
  const target = {
    dataset: {},
    closest: (selector: string) => (selector === ".wwn-round" ? row : null),
  };
  fake.notifications.length = 0;
  await Sheet.DEFAULT_OPTIONS.actions["run"]?.call(new Sheet({ document: actor }), {}, target);
}

describe("Hold an Action that interrupts", () => {
  it("Act now: the holder acts first while the one whose turn it is waits; Done, it goes on", async () => {
    const { mira, orc, held } = await orcHolds();
    const { wwnMemberChips } = await import("../../src/foundry/rulesets/wwn/combat.ts");
    // Mira's player may not press the orc's button.
    fake.setUser(PLAYER.id);
    expect((await actions.press(held, "actNow")).ok).toBe(false);
    expect(actions.round(orc).holding).toBe(true);

    fake.setUser(GM.id);
    expect(await actions.press(held, "actNow")).toMatchObject({ ok: true });
    expect(held.content).toContain("Orc acts now on the held action; Mira waits");
    const labels = (a: Actor.Implementation, active: boolean) =>
      wwnMemberChips(a, active).map((c) => c.label);
    expect(labels(orc, false)).toContain("FRAY.Wwn.Tracker.ActingNow");
    expect(labels(mira, true)).toContain("FRAY.Wwn.Tracker.Waiting");

    // Mira waits: her Run is refused, her Main untouched.
    fake.setUser(PLAYER.id);
    await click(mira, "run");
    expect(lastWarning()).toBe("Mira waits: someone is acting first on a held action.");
    expect(actions.round(mira).movesUsed).toBe(0);

    // The orc acts out of turn (a Move: it runs), then the GM presses Done.
    fake.setUser(GM.id);
    fake.notifications.length = 0;
    await click(orc, "run");
    expect(lastWarning()).toBeUndefined();
    expect(actions.round(orc).moveFeet).toBe(30);
    expect(await actions.press(held, "done")).toMatchObject({ ok: true });
    expect(nextStepLine(held.content)).toBe("Done: nothing left to do.");
    expect(held.content).toContain("Orc has acted on the held action; Mira goes on.");
    expect(actions.round(orc).holding).toBe(false);
    expect(labels(mira, true)).not.toContain("FRAY.Wwn.Tracker.Waiting");
    // The hold is spent: the orc may not act out of turn again; Mira runs.
    fake.notifications.length = 0;
    await click(orc, "prone");
    expect(lastWarning()).toBe(
      "It is not this combatant's turn (hold an action to act out of turn).",
    );
    fake.setUser(PLAYER.id);
    fake.notifications.length = 0;
    await click(mira, "run");
    expect(lastWarning()).toBeUndefined();
    expect(actions.round(mira).moveFeet).toBe(30);
    // A pressed button does not come back.
    fake.setUser(GM.id);
    expect((await actions.press(held, "actNow")).ok).toBe(false);
  });
});

describe("a spell begun while someone holds an action", () => {
  it("fizzles when the held action hurts the caster before Complete: slot and Main spent", async () => {
    const { mira, held } = await orcHolds();
    await cast(mira);
    expect(lastWarning()).toBeUndefined();
    const casting = lastCard();
    expect(casting.content).toContain("Mira begins casting Mote of Light");
    expect(casting.content).toContain('data-fray-step="complete"');
    // Who must act on each card (issue 29): the orc's GM on the held action, Mira's player here.
    expect(nextStepLine(held.content)).toBe("GM, for Orc: Act now when the moment comes");
    expect(nextStepLine(casting.content)).toBe(
      "Waiting for Player (Mira's player) to Complete the spell",
    );
    expect(slots(mira)).toBe(1);
    expect(actions.round(mira).mainUsed).toBe(true);

    fake.setUser(GM.id);
    expect(await actions.press(held, "actNow")).toMatchObject({ ok: true });
    // The orc's blow lands (the GM writes the damage): hit points lost mid-cast.
    await mira.update({ "system.health.value": 6 } as never);
    expect(await actions.press(held, "done")).toMatchObject({ ok: true });

    fake.setUser(PLAYER.id);
    expect(await actions.press(casting, "complete")).toMatchObject({ ok: true });
    expect(casting.content).toContain(
      "Mira lost hit points while casting Mote of Light: the spell fizzles and its slot is wasted.",
    );
    expect(casting.content).not.toContain("A light glows.");
    expect(slots(mira)).toBe(1);
    expect(cardsOf("wwn.cast")).toContain(casting);
  });

  it("goes off on Complete when nothing hurt the caster meanwhile", async () => {
    const { mira } = await orcHolds();
    await cast(mira);
    const casting = lastCard();
    fake.setUser(PLAYER.id);
    expect(await actions.press(casting, "complete")).toMatchObject({ ok: true });
    expect(casting.content).toContain("Mira casts Mote of Light (level 1); 1 spell slots left.");
    expect(casting.content).toContain("A light glows.");
    expect((await actions.press(casting, "complete")).ok).toBe(false);
  });

  it("shows the spell at once when nobody holds an action", async () => {
    const { mira, combat, idOf } = await fight();
    fake.setUser(PLAYER.id);
    await combat.activateCombatant(idOf(mira));
    await whenIdle();
    await cast(mira);
    expect(lastCard().content).toContain("A light glows.");
    expect(lastCard().content).not.toContain("data-fray-step");
  });
});

describe("Run with a choice of ground", () => {
  it("hard ground halves the move; a second run spends the Main Action as a Move", async () => {
    const { mira, combat, idOf } = await fight();
    fake.setUser(PLAYER.id);
    await combat.activateCombatant(idOf(mira));
    await whenIdle();
    await clickRun(mira, "20", "hard");
    expect(lastWarning()).toContain("15");
    expect(actions.round(mira).movesUsed).toBe(0);
    await clickRun(mira, "", "hard");
    expect(lastWarning()).toBeUndefined();
    expect(actions.round(mira)).toMatchObject({ moveFeet: 15, moveLimit: 15, mainUsed: false });
    await clickRun(mira, "30", "normal");
    expect(lastWarning()).toBeUndefined();
    expect(actions.round(mira)).toMatchObject({ moveFeet: 30, mainUsed: true, mainAsMove: true });
    await clickRun(mira, "5", "normal");
    expect(lastWarning()).toBeDefined();
  });
});

describe("hit points lost this round stop a spell, however they were lost", () => {
  it("the GM lowering them on the sheet (or a token bar) stops it; healing does not", async () => {
    const { mira } = await fightOnHerTurn();
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
    const { mira } = await fightOnHerTurn(6);
    fake.setUser(GM.id);
    await mira.update({ "system.health.value": 10 } as never);
    await cast(mira);
    expect(lastWarning()).toBeUndefined();
    expect(slots(mira)).toBe(1);
  });

  it("the player lowering their own caster's hit points stops it too", async () => {
    const { mira } = await fightOnHerTurn();
    fake.setUser(PLAYER.id);
    await mira.update({ "system.health.value": 8 } as never);
    await settle();
    await cast(mira);
    expect(lastWarning()).toBe("Mira lost hit points this round and cannot cast a spell.");
    expect(slots(mira)).toBe(2);
  });

  it("the grapple's damage at a round's end belongs to the round that ended", async () => {
    const { mira, orc, combat, idOf } = await fightOnHerTurn();
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
    const { mira } = await fightOnHerTurn();
    fake.setUser(GM.id);
    await click(mira, "jostle");
    expect(lastWarning()).toBeUndefined();
    await cast(mira);
    expect(lastWarning()).toBe("Mira was jostled this round and cannot cast a spell.");
    expect(slots(mira)).toBe(2);
  });

  it("is the GM's alone: a player's press warns, a forged request is refused", async () => {
    const { mira } = await fightOnHerTurn();
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

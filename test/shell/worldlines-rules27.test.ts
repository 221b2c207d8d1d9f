/**
 * Issue 27's last Worldlines rows at the table, driven through the sheet's buttons and the cards:
 * a skill check (the stance's Stealth advantage, a disabled leg's Athletics disadvantage); Use
 * Item and First Aid in full; Covering Fire (the card, the answer, the aborted attack).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as SheetModule from "../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts";
import type * as StatusCard from "../../src/foundry/rulesets/worldlines/cards/status-card.ts";
import { combatOnTurn, gmCreatesActor, itemOf } from "./worldlines.support.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Ledger from "../../src/foundry/combat/ledger.ts";
import { queuedDice } from "./boot.support.ts";
import { installDiceSoNice } from "../fake-foundry/dice-so-nice.ts";

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

afterEach(() => {
  clearScenes(fake);
});

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** `userId` clicks a sheet button: the handler its `data-action` names, as ApplicationV2 runs it. */
async function click(
  userId: string,
  actor: Actor.Implementation,
  action: string,
  dataset: Record<string, string> = {},
  itemId?: string,
) {
  const Sheet = sheets.WorldlinesActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no action ${action}`);
  const target = {
    dataset,
    closest: () => (itemId === undefined ? null : { dataset: { itemId } }),
  };
  await fake.as(userId, () => handler.call(new Sheet({ document: actor }), {}, target));
}

/** The lines of the last status card in the chat log. */
function lastLines(): readonly string[] {
  const message = fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
  return status.statusCardOf(message)?.lines ?? [];
}

function kara(system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []) {
  return gmCreatesActor(fake, {
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: {
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      skills: { stealth: 2, athletics: 1, medicine: 1 },
      ...system,
    },
    items,
  });
}

describe("a skill check from the sheet", () => {
  it("rolls Stealth with advantage while crouched, and the sheet says so", async () => {
    const k = await kara({ stance: "crouched" });
    const context = await sheets.worldlinesActorSheetContext(k, "combat");
    expect(context.skills.find((s) => s.key === "stealth")?.edge).toBe(
      "FRAY.Worldlines.Sheet.Advantage",
    );
    dice.set([8, 3], [8, 7]);
    await click(PLAYER.id, k, "skillCheck", { skill: "stealth" });
    expect(lastLines()).toEqual([
      "Rolled 3, 7: 7 + 2 = 9.",
      "Advantage from the stance: two dice, the higher kept.",
    ]);
  });

  it("rolls Athletics with disadvantage on a disabled leg, one die when standing whole", async () => {
    const k = await kara({ disabledLimbs: { arms: false, legs: true } });
    dice.set([8, 6], [8, 2]);
    await click(PLAYER.id, k, "skillCheck", { skill: "athletics" });
    expect(lastLines()).toEqual([
      "Rolled 6, 2: 2 + 1 = 3.",
      "Disadvantage from a disabled leg: two dice, the lower kept.",
    ]);
    const whole = await kara();
    dice.set([8, 6]);
    await click(PLAYER.id, whole, "skillCheck", { skill: "athletics" });
    expect(lastLines()).toEqual(["Rolled 6: 6 + 1 = 7."]);
  });

  it("refuses a skill the rules do not know, posting nothing", async () => {
    const k = await kara();
    const before = fake.game.messages.contents.length;
    await click(PLAYER.id, k, "skillCheck", { skill: "constructor" });
    expect(fake.game.messages.contents.length).toBe(before);
    expect(fake.notifications.at(-1)).toEqual({
      level: "warn",
      message: "skill cannot be named “constructor”. Nothing was changed.",
    });
  });
});

const sys = (a: Actor.Implementation) =>
  a.system as unknown as { health: { value: number }; energy: { value: number } };
const quantity = (a: Actor.Implementation, name: string) =>
  (itemOf(a, name).system as unknown as { quantity: number }).quantity;
const statusIds = (a: Actor.Implementation) =>
  (a as unknown as { effects: { contents: { statuses: Set<string> }[] } }).effects.contents
    .flatMap((e) => [...e.statuses])
    .sort();

/** Rook, the GM's wounded ally (not the player's): bleeding and blinded, at 6 of 20 health. */
function rook() {
  return gmCreatesActor(fake, {
    name: "Rook",
    type: "npc",
    prototypeToken: { disposition: 1 },
    system: { health: { value: 6, max: 20 }, energy: { value: 6, max: 6 }, traits: { combat: 8 } },
    effects: [
      { name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } },
      { name: "Blinded", statuses: ["blinded"], flags: { fray: { turnsLeft: null } } },
    ],
  });
}

/** Kara and Rook side by side on one scene, Rook targeted by the player. */
function nextTo(k: Actor.Implementation, r: Actor.Implementation) {
  const board = boardOf(fake);
  board.place(k, { col: 0, row: 0 });
  board.place(r, { col: 1, row: 0 });
  fake.as(PLAYER.id, () => {
    table.target(r);
  });
}

const gear = (name: string, system: Record<string, unknown>) => ({ name, type: "gear", system });

describe("Use Item from the sheet", () => {
  it("applies a stim to the targeted ally through the referee: 1 Energy, its healing, one used", async () => {
    const k = await kara({}, [gear("Stim", { kind: "stim", quantity: 2, heals: 5 })]);
    const r = await rook();
    nextTo(k, r);
    const context = await sheets.worldlinesActorSheetContext(k, "gear");
    expect(context.gear).toMatchObject([{ name: "Stim", usable: true }]);
    await click(PLAYER.id, k, "useItem", {}, itemOf(k, "Stim").id ?? "");
    expect(sys(r).health.value).toBe(11);
    expect(sys(k).energy.value).toBe(5);
    expect(quantity(k, "Stim")).toBe(1);
    expect(lastLines()).toEqual(["1 Energy spent.", "Rook regains 5 health."]);
  });

  it("activates a device on oneself only; on an ally it is refused and nothing changes", async () => {
    const k = await kara({}, [gear("Scanner", { kind: "device", quantity: 1, effect: "Pings" })]);
    const r = await rook();
    nextTo(k, r);
    await click(PLAYER.id, k, "useItem", {}, itemOf(k, "Scanner").id ?? "");
    expect(fake.notifications.at(-1)).toEqual({
      level: "warn",
      message: "Kara can only use that on themselves.",
    });
    expect(sys(k).energy.value).toBe(6);
    fake.as(PLAYER.id, () => {
      table.target();
    });
    await click(PLAYER.id, k, "useItem", {}, itemOf(k, "Scanner").id ?? "");
    expect(sys(k).energy.value).toBe(5);
    expect(quantity(k, "Scanner")).toBe(1);
    expect(lastLines()).toEqual(["1 Energy spent.", "Pings"]);
  });
});

describe("First Aid in full", () => {
  it("reads one Medicine check against each TD, stops Bleeding and Blindness, and the kit heals", async () => {
    const k = await kara({}, [gear("Medkit", { kind: "firstAidKit", quantity: 3, heals: 4 })]);
    const r = await rook();
    nextTo(k, r);
    dice.set([6, 5]); // Mind d6 shows 5, + Medicine 1 = 6: Bleeding (5) and Blinded (6).
    await click(PLAYER.id, k, "firstAid");
    expect(statusIds(r)).toEqual([]);
    expect(sys(r).health.value).toBe(10);
    expect(sys(k).energy.value).toBe(4);
    expect(quantity(k, "Medkit")).toBe(2);
    expect(lastLines()).toEqual([
      "Medicine 5 → 6.",
      "Bleeding ends for Rook.",
      "Blinded ends for Rook.",
      "Rook regains 4 health.",
    ]);
  });

  it("cures only what the total meets: 5 stops the Bleeding, the Blindness stays", async () => {
    const k = await kara();
    const r = await rook();
    nextTo(k, r);
    dice.set([6, 4]);
    await click(PLAYER.id, k, "firstAid");
    expect(statusIds(r)).toEqual(["blinded"]);
    expect(sys(r).health.value).toBe(6);
  });
});

/** Vex, the GM's raider, armed with a pistol. */
function vex() {
  return gmCreatesActor(fake, {
    name: "Vex",
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { energy: { value: 6, max: 6 }, traits: { combat: 8 }, skills: { firearms: 1 } },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: { damage: "1d6", skill: "firearms", kind: "ranged", drawn: true },
      },
    ],
  });
}

const pistol = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged", drawn: true },
};
const lastMessage = () =>
  fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
    content: string;
  };

describe("Covering Fire", () => {
  /** Kara covers Vex during Vex's turn: her roll 6 + Firearms 2 = 8. */
  async function covered() {
    const k = await kara({ skills: { firearms: 2 } }, [pistol]);
    const v = await vex();
    const board = boardOf(fake);
    board.place(k, { col: 0, row: 0 });
    board.place(v, { col: 3, row: 0 });
    await combatOnTurn(fake, [k, v], v, (faces) => {
      dice.set(...faces);
    });
    fake.as(PLAYER.id, () => {
      table.target(v);
    });
    dice.set([8, 6]);
    await click(PLAYER.id, k, "coveringFire", {}, itemOf(k, "Pistol").id ?? "");
    return { k, v, card: lastMessage() };
  }

  it("costs Kara 2 Energy and the round's interruption, and asks Vex's owner to answer", async () => {
    const { k, card } = await covered();
    expect(sys(k).energy.value).toBe(4);
    expect(ledger.actorLedgerEntry(k, "interruptUsed")).toBe(true);
    expect(card.content).toContain("Pistol: 6 → 8 (2 Energy, the interruption of the round).");
    expect(await fake.as(PLAYER.id, () => protocol.pressCard(card, "evade"))).toMatchObject({
      ok: false,
      reason: "notAllowed",
    });
    // A second interruption this round is refused, and costs nothing.
    fake.notifications.length = 0;
    await click(PLAYER.id, k, "coveringFire", {}, itemOf(k, "Pistol").id ?? "");
    expect(fake.notifications.at(-1)?.message).toMatch(/interrupt/i);
    expect(sys(k).energy.value).toBe(4);
  });

  it("makes Vex abort his attack when his forced Evasion falls short; the next one goes", async () => {
    const { k, v, card } = await covered();
    dice.set([8, 3]); // Evasion 3 < 8
    expect(await protocol.pressCard(card, "evade")).toMatchObject({ ok: true });
    expect(lastMessage().content).toContain("Vex aborts the action");
    const attack = () =>
      protocol.declareCard("worldlines.attack", {
        attackerId: v.id ?? "",
        weaponId: itemOf(v, "Pistol").id ?? "",
        targetId: k.id ?? "",
        situation: {},
        rollMode: "publicroll",
      });
    expect(await attack()).toMatchObject({ ok: false, reason: "abortedByCover" });
    expect(fake.notifications.at(-1)?.message).toBe("Vex gave up this action under Covering Fire.");
    expect(sys(v).energy.value).toBe(6);
    dice.set([8, 5]);
    expect(await attack()).toMatchObject({ ok: true });
  });

  it("throws Vex's Evasion die with Dice So Nice, to whom the card's roll mode shows dice", async () => {
    const { card } = await covered();
    const dsn = installDiceSoNice();
    try {
      dice.set([8, 3]);
      expect(await protocol.pressCard(card, "evade")).toMatchObject({ ok: true });
      expect(dsn.thrown).toEqual([
        {
          faces: [3],
          userId: GM.id,
          synchronize: true,
          whisper: null,
          blind: false,
          messageId: card.id,
        },
      ]);
    } finally {
      dsn.uninstall();
    }
  });

  it("lets Vex carry on when his Evasion meets the roll", async () => {
    const { k, v, card } = await covered();
    dice.set([8, 8]);
    expect(await protocol.pressCard(card, "evade")).toMatchObject({ ok: true });
    expect(lastMessage().content).toContain("Vex carries on.");
    expect(await protocol.pressCard(card, "abort")).toMatchObject({ ok: false });
    dice.set([8, 5]);
    const attack = await protocol.declareCard("worldlines.attack", {
      attackerId: v.id ?? "",
      weaponId: itemOf(v, "Pistol").id ?? "",
      targetId: k.id ?? "",
      situation: {},
      rollMode: "publicroll",
    });
    expect(attack).toMatchObject({ ok: true });
  });
});

describe("a technique used as an interruption", () => {
  it("says on its card that it took the round's interruption, and what it does", async () => {
    const k = await kara({}, [
      {
        name: "Snap Shot",
        type: "technique",
        system: { use: "action", energyCost: 2, interrupt: true, effect: "Fire before the enemy" },
      },
    ]);
    await click(PLAYER.id, k, "useTechnique", {}, itemOf(k, "Snap Shot").id ?? "");
    expect(lastLines()).toEqual([
      "2 Energy spent.",
      "An interruption: Kara has used the round's one interruption.",
      "Effect: Fire before the enemy",
    ]);
  });
});

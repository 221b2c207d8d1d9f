/**
 * The public API's attack in the two-dice game (`game.system.api`), driven as a macro drives it:
 * from ids, without the dialog. It posts the same card as the sheet's Attack (the one declaration
 * of the card protocol, checked by the GM referee), a player's call acts only for their own actor,
 * a malformed choice is refused before anything is sent, and the odds are the dialog's (the
 * rules' exact odds, the distance measured on the scene).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import { dragRowToHotbar, dragSheetActionsToHotbar } from "./hotbar.support.ts";
import { ATTACK_HOOKS, hookLog, stoppedAttack, stoppedBefore, stopping } from "./hooks.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let declare: typeof Declare;
let cards: typeof Cards;
let hotbar: ReturnType<typeof installHotbarFakes>;
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  hotbar = installHotbarFakes(fake);
});

beforeEach(() => {
  world.reset();
});

const SWORD = {
  name: "Sword",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 2 },
};

/** Kara (PLAYER's) and the Brute (PLAYER2's), each with a sword, a metre apart. */
async function fighters() {
  const kara = await world.createActor({
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { traits: { toughness: 8 }, unarmedDefense: 4 },
    items: [SWORD],
  });
  const brute = await world.createActor({
    name: "Brute",
    type: "character",
    ownership: { [PLAYER2.id]: 3 },
    system: { traits: { toughness: 9 } },
    items: [SWORD],
  });
  world.place(kara, brute);
  return { kara, brute };
}

const swordOf = (actor: Actor.Implementation) => world.item(actor, "Sword");
const messageOf = (id: unknown) =>
  fake.game.messages.get(String(id)) as unknown as ChatMessage.Implementation;
const wounds = (actor: Actor.Implementation) =>
  ((actor as unknown as ClientDocument).system as unknown as { wounds: { marked: number[] } })
    .wounds.marked;

describe("game.system.api in the two-dice game", () => {
  it("attacks from ids: the same card as the sheet's Attack, authored by the GM", async () => {
    const { kara, brute } = await fighters();
    fake.setUser(PLAYER.id);
    world.dice(3, 11);
    const fromSheet = messageOf(
      await declare.declareTwodiceAttack(kara, swordOf(kara), brute, { mode: "single" }),
    );
    world.dice(3, 11);
    const outcome = await api().attack({
      attacker: kara.id ?? "",
      weaponId: swordOf(kara).id,
      target: brute.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: true });
    const card = messageOf((outcome as { value: unknown }).value);
    expect(cards.twodiceCardOf(card)).toEqual(cards.twodiceCardOf(fromSheet));
    expect((card as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);
    // The defender's owner takes it through the API's press: the wound is written.
    fake.setUser(PLAYER2.id);
    expect(await api().press(card.id ?? "", "apply")).toEqual({ ok: true });
    expect(wounds(brute)).toEqual([5]);
  });

  it("refuses a choice the dialog does not offer, sending nothing", async () => {
    const { kara, brute } = await fighters();
    fake.setUser(PLAYER.id);
    const before = fake.game.messages.size;
    const queries = fake.queries.length;
    const bad = await api().attack({
      attacker: kara,
      weaponId: swordOf(kara).id,
      target: brute,
      choices: { mode: "burst" },
    });
    expect(bad).toEqual({ ok: false, reason: "badChoices" });
    expect(fake.notifications.at(-1)?.message).toContain("not one the dialog offers");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.queries.length).toBe(queries);
  });

  it("acts only for the player's own actor: another player's is refused, nothing written", async () => {
    const { kara, brute } = await fighters();
    fake.setUser(PLAYER2.id);
    const before = fake.game.messages.size;
    const mark = fake.db.calls.length;
    const outcome = await api().attack({
      attacker: kara.id ?? "",
      weaponId: swordOf(kara).id,
      target: brute.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
  });

  it("refuses on the player's client what the sheet refuses (no weapon), sending nothing", async () => {
    const { kara, brute } = await fighters();
    fake.setUser(PLAYER.id);
    const queries = fake.queries.length;
    const outcome = await api().attack({ attacker: kara, target: brute });
    expect(outcome).toMatchObject({ ok: false, reason: "notAWeapon" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.queries.length).toBe(queries);
  });

  it("gives the dialog's odds; a player's GM calls are dropped as the referee drops them", async () => {
    const { kara, brute } = await fighters();
    // The Brute's sword at Kara, who defends with her Unarmed Defense 4.
    const call = { attacker: brute, weaponId: swordOf(brute).id, target: kara };
    fake.setUser(PLAYER2.id);
    const open = api().odds(call);
    if (!open.ok) throw new Error("no odds");
    expect(open.value.hit).toBeGreaterThan(0);
    expect(open.value.hit).toBeLessThan(1);
    const claimed = api().odds({ ...call, choices: { awareness: "unaware" } });
    expect(claimed).toEqual(open);
    // The GM's own call counts: an unaware target defends with less.
    world.reset();
    const ruled = api().odds({ ...call, choices: { awareness: "unaware" } });
    if (!ruled.ok) throw new Error("no odds");
    expect(ruled.value.hit).not.toBe(open.value.hit);
  });
});

describe("fray.preAttack in the two-dice game", () => {
  it("hears the attack on the declaring client, and returning false stops it unsent", async () => {
    const { kara, brute } = await fighters();
    const weaponId = swordOf(kara).id;
    const stopped = await stoppedAttack(fake, PLAYER.id, () =>
      api().attack({ attacker: kara, weaponId, target: brute }),
    );
    const ids = { attackerId: kara.id, weaponId, targetId: brute.id };
    expect(stopped).toEqual(stoppedBefore("twodice.attack", PLAYER.id, ids));
  });
});

describe("the attack hooks in the two-dice game", () => {
  it("tell the hit when the dice are read, then the wound the answer writes, on the GM's client", async () => {
    const { kara, brute } = await fighters();
    const heard = hookLog(fake, ...ATTACK_HOOKS);
    try {
      fake.setUser(PLAYER.id);
      world.dice(3, 11);
      const call = { attacker: kara, weaponId: swordOf(kara).id, target: brute };
      const id = String(((await api().attack(call)) as { value: unknown }).value);
      fake.setUser(PLAYER2.id);
      const off = stopping(fake, "fray.preApplyDamage");
      expect(await api().press(id, "apply")).toMatchObject({ reason: "cancelledByModule" });
      expect(wounds(brute)).toEqual([]);
      off();
      expect(await api().press(id, "apply")).toEqual({ ok: true });
      expect(wounds(brute)).toEqual([5]);
      const attack = { kind: "twodice.attack", messageId: id, attackerId: kara.id };
      const before = { ...attack, actorId: brute.id, hit: true, damage: 0, userId: PLAYER2.id };
      expect(heard.calls.slice(1)).toEqual([
        {
          hook: "fray.attackResolved",
          client: GM.id,
          data: { ...attack, targetId: brute.id, hit: true, damage: 0, userId: PLAYER.id },
        },
        { hook: "fray.preApplyDamage", client: GM.id, data: before },
        { hook: "fray.preApplyDamage", client: GM.id, data: before },
        { hook: "fray.damageApplied", client: GM.id, data: { ...before, damage: 5 } },
      ]);
    } finally {
      heard.off();
    }
  });
});

describe("a weapon row of the two-dice sheet dropped on the hotbar", () => {
  it("makes a macro that attacks the target with it: the same card as the API's", async () => {
    const { kara, brute } = await fighters();
    const macro = await dragRowToHotbar(fake, hotbar, PLAYER.id, swordOf(kara), 1);
    expect(macro.name).toBe("Sword");
    world.dice(3, 11);
    const call = { attacker: kara, weaponId: swordOf(kara).id, target: brute };
    const fromApi = (await api().attack(call)) as { value: unknown };
    hotbar.assignCharacter(PLAYER.id, kara);
    try {
      world.table.target(brute);
      world.dice(3, 11);
      const outcome = (await macro.execute()) as { ok: boolean; value: unknown };
      expect(outcome.ok).toBe(true);
      expect(cards.twodiceCardOf(messageOf(outcome.value))).toEqual(
        cards.twodiceCardOf(messageOf(fromApi.value)),
      );
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
      world.table.target();
    }
  });
});

describe("the two-dice sheet's actions dragged to the hotbar", () => {
  it("makes a macro of each turn action that declares it for the character", async () => {
    const macros = await dragSheetActionsToHotbar(
      fake,
      hotbar,
      PLAYER.id,
      "templates/twodice/actor/actor-sheet.hbs",
      20,
    );
    // (Every button the template writes, its conditions aside; keyed by data-action and data-kind:
    // Hide and Move and hide share "hide", the latter kept. api-hotbar-twodice.test.ts drags
    // every button of the rendered sheet, weapon rows included.)
    expect([...macros.keys()]).toEqual([
      "recovery",
      "medicine",
      "bleed",
      "declare:aim",
      "hide",
      "declare:takeCover",
      "declare:move",
      "declare:moveAndCover",
      "cutIn",
      "declare:wait",
      "sneak",
    ]);
    expect(macros.get("hide")?.name).toBe("Move and hide");
    const { kara, brute } = await fighters();
    await world.startedCombat([kara, brute]);
    const budget = await import("../../src/foundry/rulesets/twodice/budget.ts");
    hotbar.assignCharacter(PLAYER.id, kara);
    try {
      fake.setUser(PLAYER.id);
      expect(await macros.get("hide")?.execute()).toEqual({ ok: true });
      // The referee recorded the turn's one action: a second is refused, as on the sheet.
      expect(budget.twodiceTurnOf(kara)).toMatchObject({ acted: true });
      expect(await macros.get("declare:aim")?.execute()).toMatchObject({
        ok: false,
        reason: "notCarriedOut",
      });
      expect(world.warnings()).toHaveLength(1);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });
});

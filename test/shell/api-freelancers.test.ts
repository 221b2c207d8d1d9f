/**
 * The public API's attack in Freelancers (`game.system.api`), driven as a macro drives it: from
 * ids, without the dialog. It posts the same card as the sheet's Attack (the one declaration of
 * the card protocol, checked on the player's client and again by the GM referee), a player's call
 * acts only for their own actor, a malformed choice is refused before anything is sent, and the
 * odds are the dialog's (the rules' exact odds, the distance measured on the scene).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import { dragRowToHotbar, dragSheetActionsToHotbar } from "./hotbar.support.ts";
import { ATTACK_HOOKS, hookLog, stopping } from "./hooks.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let dialog: typeof Dialog;
let cards: typeof Cards;
let hotbar: ReturnType<typeof installHotbarFakes>;
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
  hotbar = installHotbarFakes(fake);
});

beforeEach(() => {
  world.reset();
});

/** Kara (PLAYER's, a knife) and Rook (PLAYER2's) side by side. */
async function fighters() {
  const kara = await world.kara();
  const rook = await world.rook();
  world.placeAt(kara, 0);
  world.placeAt(rook, 1);
  return { kara, rook };
}

const knifeOf = (actor: Actor.Implementation) => world.item(actor, "Knife");
const messageOf = (id: unknown) =>
  fake.game.messages.get(String(id)) as unknown as ChatMessage.Implementation;

describe("game.system.api in Freelancers", () => {
  it("attacks from ids: the same card as the sheet's Attack, authored by the GM", async () => {
    const { kara, rook } = await fighters();
    fake.setUser(PLAYER.id);
    world.table.target(rook);
    world.dice([20, 4]);
    // The sheet's dialog, closed with Roll as it opened.
    const opened = { cover: "none", as: "base", targetEngaged: false } as const;
    const fromSheet = await dialog.flAttack(kara, knifeOf(kara), opened);
    if (fromSheet === null) throw new Error("the sheet's attack was refused");

    world.dice([20, 4]);
    const outcome = await api().attack({
      attacker: kara.id ?? "",
      weaponId: knifeOf(kara).id,
      target: rook.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: true });
    const card = messageOf((outcome as { value: unknown }).value);
    expect(cards.flCardOf(card)).toEqual(cards.flCardOf(fromSheet));
    expect((card as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);
  });

  it("passes the dialog's choices by name and refuses one it does not offer", async () => {
    const { kara, rook } = await fighters();
    fake.setUser(PLAYER.id);
    world.dice([20, 4]);
    const outcome = await api().attack({
      attacker: kara,
      weaponId: knifeOf(kara).id,
      target: rook,
      choices: { cover: "light" },
    });
    expect(cards.flCardOf(messageOf((outcome as { value: unknown }).value))).toMatchObject({
      situation: { cover: "light" },
    });
    const before = fake.game.messages.size;
    const queries = fake.queries.length;
    const bad = await api().attack({
      attacker: kara,
      weaponId: knifeOf(kara).id,
      target: rook,
      choices: { as: "somersault" },
    });
    expect(bad).toEqual({ ok: false, reason: "badChoices" });
    expect(fake.notifications.at(-1)?.message).toContain("not one the dialog offers");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.queries.length).toBe(queries);
  });

  it("acts only for the player's own actor: another player's is refused, nothing written", async () => {
    const { kara, rook } = await fighters();
    fake.setUser(PLAYER2.id);
    const before = fake.game.messages.size;
    const mark = fake.db.calls.length;
    const outcome = await api().attack({
      attacker: kara.id ?? "",
      weaponId: knifeOf(kara).id,
      target: rook.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
  });

  it("refuses on the player's client what the sheet refuses (no weapon), sending nothing", async () => {
    const { kara, rook } = await fighters();
    fake.setUser(PLAYER.id);
    const queries = fake.queries.length;
    const outcome = await api().attack({ attacker: kara, target: rook });
    expect(outcome).toMatchObject({ ok: false, reason: "notAWeapon" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.queries.length).toBe(queries);
  });

  it("gives the dialog's odds: heavy cover lowers the chance to hit", async () => {
    const { kara, rook } = await fighters();
    const call = { attacker: kara, weaponId: knifeOf(kara).id, target: rook };
    const open = api().odds(call);
    const covered = api().odds({ ...call, choices: { cover: "heavy" } });
    if (!open.ok || !covered.ok) throw new Error("no odds");
    expect(open.value.hit).toBeGreaterThan(0);
    expect(open.value.hit).toBeLessThan(1);
    expect(covered.value.hit).toBeLessThan(open.value.hit);
    const tooMuch = api().odds({ ...call, choices: { situational: { die: 99 } } });
    expect(tooMuch).toMatchObject({ ok: false, reason: "situationalTooLarge" });
  });
});

const health = (actor: Actor.Implementation) =>
  (actor.system as unknown as { health: { value: number } }).health.value;

describe("the attack hooks in Freelancers", () => {
  it("tell the result once the defense is in, then the damage Apply writes, on the GM's client", async () => {
    const { kara, rook } = await fighters();
    const heard = hookLog(fake, ...ATTACK_HOOKS);
    try {
      fake.setUser(PLAYER.id);
      world.dice([20, 4]);
      const call = { attacker: kara, weaponId: knifeOf(kara).id, target: rook };
      const id = String(((await api().attack(call)) as { value: unknown }).value);
      expect(heard.calls.map((c) => c.hook)).toEqual(["fray.preAttack"]);
      fake.setUser(PLAYER2.id);
      world.dice([20, 19], [6, 5]);
      expect(await api().press(id, "defend")).toEqual({ ok: true });
      const off = stopping(fake, "fray.preApplyDamage");
      expect(await api().press(id, "apply")).toMatchObject({ reason: "cancelledByModule" });
      expect(health(rook)).toBe(10);
      off();
      expect(await api().press(id, "apply")).toEqual({ ok: true });
      const lost = 10 - health(rook);
      expect(lost).toBeGreaterThan(0);
      const attack = { kind: "freelancers.attack", messageId: id, attackerId: kara.id };
      const damage = { ...attack, actorId: rook.id, hit: true, damage: lost, userId: PLAYER2.id };
      expect(heard.calls.slice(1)).toEqual([
        {
          hook: "fray.attackResolved",
          client: GM.id,
          data: { ...attack, targetId: rook.id, hit: true, damage: lost, userId: PLAYER2.id },
        },
        { hook: "fray.preApplyDamage", client: GM.id, data: damage },
        { hook: "fray.preApplyDamage", client: GM.id, data: damage },
        { hook: "fray.damageApplied", client: GM.id, data: damage },
      ]);
    } finally {
      heard.off();
    }
  });
});

describe("useItem with an ability, in Freelancers", () => {
  it("uses it as the sheet's Use: its charge spent, the note posted", async () => {
    const kara = await world.createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [{ name: "Overdrive", type: "technique", system: { recharge: 5, charged: true } }],
    });
    fake.setUser(PLAYER.id);
    const before = fake.game.messages.size;
    expect(await api().useItem("Overdrive", { actor: kara })).toEqual({ ok: true });
    const overdrive = world.item(kara, "Overdrive");
    expect((overdrive.system as unknown as { charged: boolean }).charged).toBe(false);
    expect(fake.game.messages.size).toBe(before + 1);
    // Spent, it is refused as the sheet's Use is, and nothing changes.
    expect(await api().useItem("Overdrive", { actor: kara })).toMatchObject({ ok: false });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.game.messages.size).toBe(before + 1);
  });
});

describe("the Freelancers sheet's rows dropped on the hotbar", () => {
  it("a weapon's makes a macro that attacks the target; an ability's, one that uses it", async () => {
    const { kara, rook } = await fighters();
    const knife = await dragRowToHotbar(fake, hotbar, PLAYER.id, knifeOf(kara), 1);
    expect(knife.name).toBe("Knife");
    hotbar.assignCharacter(PLAYER.id, kara);
    try {
      world.table.target(rook);
      world.dice([20, 4]);
      const attack = (await knife.execute()) as { ok: boolean; value: unknown };
      expect(attack.ok).toBe(true);
      expect(cards.flCardOf(messageOf(attack.value))).toMatchObject({
        attackerId: kara.id,
        defenderId: rook.id,
      });
      await fake.as(PLAYER.id, () =>
        kara.createEmbeddedDocuments("Item", [
          { name: "Overdrive", type: "technique", system: { recharge: 5, charged: true } },
        ] as never),
      );
      const ability = await dragRowToHotbar(
        fake,
        hotbar,
        PLAYER.id,
        world.item(kara, "Overdrive"),
        2,
      );
      expect(await ability.execute()).toEqual({ ok: true });
      const charged = (world.item(kara, "Overdrive").system as unknown as { charged: boolean })
        .charged;
      expect(charged).toBe(false);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
      world.table.target();
    }
  });
});

describe("the Freelancers sheet's actions dragged to the hotbar", () => {
  it("makes a macro of Dodge and Disengage that does what the button does", async () => {
    const macros = await dragSheetActionsToHotbar(
      fake,
      hotbar,
      PLAYER.id,
      "templates/freelancers/actor/actor-sheet.hbs",
      20,
    );
    // Every button is api-hotbar-freelancers.test.ts's; here Dodge's and Disengage's.
    expect([...macros.keys()]).toEqual(expect.arrayContaining(["dodge", "disengage"]));
    expect(macros.get("dodge")?.name).toBe("Dodge");
    const { kara } = await fighters();
    const self = await import("../../src/foundry/rulesets/freelancers/table/self.ts");
    hotbar.assignCharacter(PLAYER.id, kara);
    try {
      fake.setUser(PLAYER.id);
      // What the button answers, the macro answers, with the same words (none, here).
      const fromButton = await self.flDodge(kara);
      const said = fake.notifications.splice(0);
      expect(await macros.get("dodge")?.execute()).toMatchObject({ ok: fromButton });
      expect(fake.notifications).toEqual(said);
      // Without a token or a character: who is missing, and nothing runs.
      hotbar.assignCharacter(PLAYER.id, null);
      expect(await macros.get("disengage")?.execute()).toMatchObject({ reason: "noActor" });
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });
});

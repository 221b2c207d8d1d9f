/**
 * The public API's attack in WWN (`game.system.api`), driven as a macro drives it: from ids,
 * without the dialog. It posts the same card as the sheet's Attack (the one declaration of the
 * card protocol, checked on the player's client and again by the GM referee), a player's call
 * acts only for their own actor, a malformed choice is refused before anything is sent, and the
 * odds are the dialog's (the rules' exact odds).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import { dragRowToHotbar, dragSheetActionsToHotbar } from "./hotbar.support.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { queuedDice } from "./boot.support.ts";
import { ATTACK_HOOKS, hookLog, stoppedAttack, stoppedBefore, stopping } from "./hooks.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let scene: ReturnType<typeof wwnScene>;
let hotbar: ReturnType<typeof installHotbarFakes>;
const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    settings: { "fray.ruleset": "wwn" },
    random: dice.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  scene = wwnScene(fake);
  hotbar = installHotbarFakes(fake);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

const SPEAR = {
  name: "Spear",
  type: "weapon",
  system: {
    damage: "1d6",
    skill: "stab",
    attributes: { str: true },
    shock: { enabled: true, damage: 2, ac: 13 },
  },
};

/** Kara (the player's) and a Bandit (the GM's), each with a spear, side by side. */
async function fighters() {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const [kara, bandit] = (await fake.as(GM.id, () =>
    Actor?.createDocuments([
      {
        name: "Kara",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        system: { health: { value: 10, max: 10 }, attributes: { str: 14 }, skills: { stab: 1 } },
        items: [SPEAR],
      },
      { name: "Bandit", type: "npc", system: { health: { value: 8, max: 8 } }, items: [SPEAR] },
    ]),
  )) as unknown as Actor.Implementation[];
  if (!kara || !bandit) throw new Error("actors not created");
  scene.place(kara, bandit);
  return { kara, bandit };
}

const spearOf = (actor: Actor.Implementation) =>
  (actor as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
const messageOf = (id: unknown) =>
  fake.game.messages.get(String(id)) as unknown as ChatMessage.Implementation;
const health = (actor: Actor.Implementation) =>
  ((actor as unknown as Doc).system as unknown as { health: { value: number } }).health.value;

describe("game.system.api in WWN", () => {
  it("attacks from ids: the same card as the sheet's Attack, and Apply writes the same", async () => {
    const { kara, bandit } = await fighters();
    fake.setUser(PLAYER.id);
    table.target(bandit);
    dice.set([20, 15], [6, 4]);
    // The sheet's dialog, opened on this scene (no cover, no other foe) and closed with Roll.
    const opened = { cover: "none", inMelee: false } as const;
    const fromSheet = await actions.wwnAttack(kara, spearOf(kara), opened);
    if (fromSheet === null) throw new Error("the sheet's attack was refused");

    dice.set([20, 15], [6, 4]);
    const outcome = await api().attack({
      attacker: kara.id ?? "",
      weaponId: spearOf(kara).id,
      target: bandit.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: true });
    const card = messageOf((outcome as { value: unknown }).value);
    expect(actions.wwnCardOf(card)).toEqual(actions.wwnCardOf(fromSheet));
    expect((card as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);

    expect(await api().press(card.id ?? "", "apply")).toEqual({ ok: true });
    expect(health(bandit)).toBeLessThan(8);
  });

  it("passes the dialog's choices by name and refuses one it does not offer", async () => {
    const { kara, bandit } = await fighters();
    fake.setUser(PLAYER.id);
    dice.set([20, 15], [6, 4]);
    const outcome = await api().attack({
      attacker: kara,
      weaponId: spearOf(kara).id,
      target: bandit,
      choices: { cover: "half" },
    });
    expect(actions.wwnCardOf(messageOf((outcome as { value: unknown }).value))).toMatchObject({
      situation: { cover: "half" },
    });
    const before = fake.game.messages.size;
    const queries = fake.queries.length;
    const bad = await api().attack({
      attacker: kara,
      weaponId: spearOf(kara).id,
      target: bandit,
      choices: { cover: "fortress" },
    });
    expect(bad).toEqual({ ok: false, reason: "badChoices" });
    expect(fake.notifications.at(-1)?.message).toContain("not one the dialog offers");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.queries.length).toBe(queries);
  });

  it("acts only for the player's own actor: the NPC's attack is refused, nothing written", async () => {
    const { kara, bandit } = await fighters();
    fake.setUser(PLAYER.id);
    const before = fake.game.messages.size;
    const mark = fake.db.calls.length;
    const outcome = await api().attack({
      attacker: bandit.id ?? "",
      weaponId: spearOf(bandit).id,
      target: kara.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
  });

  it("refuses on the player's client what the sheet refuses (no weapon), sending nothing", async () => {
    const { kara, bandit } = await fighters();
    fake.setUser(PLAYER.id);
    const queries = fake.queries.length;
    const outcome = await api().attack({ attacker: kara, target: bandit });
    expect(outcome).toMatchObject({ ok: false, reason: "notAWeapon" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.queries.length).toBe(queries);
  });

  it("gives the dialog's odds: cover lowers the chance to hit", async () => {
    const { kara, bandit } = await fighters();
    const call = { attacker: kara, weaponId: spearOf(kara).id, target: bandit };
    const open = api().odds(call);
    const covered = api().odds({ ...call, choices: { cover: "half" } });
    if (!open.ok || !covered.ok) throw new Error("no odds");
    expect(open.value.hit).toBeGreaterThan(0);
    expect(open.value.hit).toBeLessThan(1);
    expect(covered.value.hit).toBeLessThan(open.value.hit);
    expect(open.value["shockOnMiss"]).toBeGreaterThanOrEqual(2); // the spear's Shock 2, and more
  });
});

describe("the attack hooks in WWN", () => {
  it("fray.preAttack hears the attack on the declaring client; false stops it unsent", async () => {
    const { kara, bandit } = await fighters();
    const weaponId = spearOf(kara).id;
    const stopped = await stoppedAttack(fake, PLAYER.id, () =>
      api().attack({ attacker: kara, weaponId, target: bandit }),
    );
    const ids = { attackerId: kara.id, weaponId, targetId: bandit.id };
    expect(stopped).toEqual(stoppedBefore("wwn.attack", PLAYER.id, ids));
  });

  it("tell the result at the declaration, and the damage once Apply writes it", async () => {
    const { kara, bandit } = await fighters();
    const heard = hookLog(fake, ...ATTACK_HOOKS);
    try {
      fake.setUser(PLAYER.id);
      dice.set([20, 15], [6, 4]);
      const call = { attacker: kara, weaponId: spearOf(kara).id, target: bandit };
      const id = String(((await api().attack(call)) as { value: unknown }).value);
      expect(await api().press(id, "apply")).toEqual({ ok: true });
      const lost = 8 - health(bandit);
      expect(lost).toBeGreaterThan(0);
      const attack = { kind: "wwn.attack", messageId: id, attackerId: kara.id };
      const damage = { ...attack, actorId: bandit.id, hit: true, damage: lost, userId: PLAYER.id };
      expect(heard.calls.slice(1)).toEqual([
        {
          hook: "fray.attackResolved",
          client: GM.id,
          data: { ...attack, targetId: bandit.id, hit: true, damage: lost, userId: PLAYER.id },
        },
        { hook: "fray.preApplyDamage", client: GM.id, data: damage },
        { hook: "fray.damageApplied", client: GM.id, data: damage },
      ]);
    } finally {
      heard.off();
    }
  });

  it("an automatic Apply tells the result first; stopped, the card waits for Apply", async () => {
    const { kara, bandit } = await fighters();
    await fake.game.settings.set("fray", "autoApplyDamage", true);
    const heard = hookLog(fake, ...ATTACK_HOOKS);
    try {
      fake.setUser(PLAYER.id);
      dice.set([20, 15], [6, 4]);
      const call = { attacker: kara, weaponId: spearOf(kara).id, target: bandit };
      await api().attack(call);
      expect(heard.calls.map((c) => [c.hook, c.client, c.data["userId"]])).toEqual([
        ["fray.preAttack", PLAYER.id, PLAYER.id],
        ["fray.attackResolved", GM.id, PLAYER.id],
        ["fray.preApplyDamage", GM.id, GM.id],
        ["fray.damageApplied", GM.id, GM.id],
      ]);
      expect(health(bandit)).toBeLessThan(8);

      const off = stopping(fake, "fray.preApplyDamage");
      dice.set([20, 15], [6, 4]);
      const id = String(((await api().attack(call)) as { value: unknown }).value);
      off();
      expect(actions.wwnCardOf(messageOf(id))).toMatchObject({ stage: "resolved" });
    } finally {
      heard.off();
      fake.setUser(GM.id);
      await fake.game.settings.set("fray", "autoApplyDamage", false);
    }
  });
});

describe("a weapon row of the WWN sheet dropped on the hotbar", () => {
  it("makes a macro that attacks the target with it: the same card as the API's", async () => {
    const { kara, bandit } = await fighters();
    const macro = await dragRowToHotbar(fake, hotbar, PLAYER.id, spearOf(kara), 1);
    expect(macro.name).toBe("Spear");
    table.target(bandit);
    dice.set([20, 15], [6, 4]);
    const call = { attacker: kara, weaponId: spearOf(kara).id, target: bandit };
    const fromApi = (await api().attack(call)) as { value: unknown };
    hotbar.assignCharacter(PLAYER.id, kara);
    try {
      dice.set([20, 15], [6, 4]);
      const outcome = (await macro.execute()) as { ok: boolean; value: unknown };
      expect(outcome.ok).toBe(true);
      expect(actions.wwnCardOf(messageOf(outcome.value))).toEqual(
        actions.wwnCardOf(messageOf(fromApi.value)),
      );
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
      table.target();
    }
  });
});

describe("Toggle stance, by key (WWN): prone", () => {
  it("Shift+P drops the selected character prone and stands it up, as the sheet's button", async () => {
    const { kara } = await fighters();
    const prone = () => (kara.system as unknown as { prone: boolean }).prone;
    hotbar.assignCharacter(PLAYER.id, kara);
    try {
      fake.setUser(PLAYER.id);
      expect(fake.game.keybindings.press("KeyP", ["Shift"])).toEqual(["fray.toggleStance"]);
      await vi.waitFor(() => {
        expect(prone()).toBe(true);
      });
      expect(await api().toggleProne(kara)).toEqual({ ok: true, value: false });
      expect(prone()).toBe(false);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });

  it("tells fray.statusChanged once per change, on the writer's client", async () => {
    const { kara } = await fighters();
    const heard = hookLog(fake, "fray.statusChanged");
    try {
      fake.setUser(PLAYER.id);
      expect(await api().toggleProne(kara)).toEqual({ ok: true, value: true });
      expect(await api().toggleProne(kara)).toEqual({ ok: true, value: false });
      // Prone is the player's own actor's: the player's client writes it and tells it.
      const told = { actorId: kara.id, statusId: "prone", userId: PLAYER.id };
      expect(heard.calls).toEqual([
        { hook: "fray.statusChanged", client: PLAYER.id, data: { ...told, active: true } },
        { hook: "fray.statusChanged", client: PLAYER.id, data: { ...told, active: false } },
      ]);
    } finally {
      heard.off();
    }
  });
});

describe("the WWN sheet's actions dragged to the hotbar", () => {
  it("makes a macro of each that runs it for the selected character, or says who is missing", async () => {
    const macros = await dragSheetActionsToHotbar(
      fake,
      hotbar,
      PLAYER.id,
      "templates/wwn/actor/actor-sheet.hbs",
      20,
    );
    // Every round and maneuver button the template writes (api-hotbar-wwn.test.ts drags every
    // button of the rendered sheet, weapon rows and the GM's included).
    expect([...macros.keys()].sort()).toEqual(
      [
        "fightingWithdrawal",
        "hold",
        "prone",
        "run",
        "totalDefense",
        "delay",
        "screen",
        "joinSwarm",
        "jostle",
        "release",
        "useSkill",
        "morale",
        "maneuver:escape",
        "maneuver:execution",
        "maneuver:grapple",
        "maneuver:moveGrappled",
        "maneuver:shatter",
        "maneuver:shove",
      ].sort(),
    );
    expect(macros.get("totalDefense")?.name).toBe("Total Defense");
    const prone = macros.get("prone");
    expect(await prone?.execute()).toMatchObject({ ok: false, reason: "noActor" });
    expect(fake.notifications).toEqual([
      { level: "warn", message: "Select your token, or have your GM assign you a character." },
    ]);
    const { kara } = await fighters();
    hotbar.assignCharacter(PLAYER.id, kara);
    try {
      expect(await prone?.execute()).toEqual({ ok: true });
      expect((kara.system as unknown as { prone: boolean }).prone).toBe(true);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });
});

/**
 * The public API's attack in Worldlines (`game.system.api`), driven as a macro drives it: from
 * ids, without the dialog. It posts the same card as the sheet's Attack (the one declaration of
 * the card protocol, checked on the player's client and again by the GM referee), a player's call
 * acts only for their own actor, a malformed choice is refused before anything is sent, and the
 * odds are the dialog's (the rules' exact odds, the defender evading whenever it can).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import type * as Workflow from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import { worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";
import { dragSheetActionsToHotbar } from "./hotbar.support.ts";
import { ATTACK_HOOKS, hookLog, stoppedAttack, stoppedBefore, stopping } from "./hooks.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let workflow: typeof Workflow;
let hotbar: ReturnType<typeof installHotbarFakes>;

const queued = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);
const dice = (...values: [number, number][]) => {
  queued.set(...values);
};
const api = (): FrayApi => (fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  fake = installFakeFoundry({ random: queued.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
  workflow = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  hotbar = installHotbarFakes(fake);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  queued.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return spots.place(actor as unknown as Actor.Implementation);
}

const energy = (actor: Actor.Implementation) =>
  ((actor as unknown as Doc).system as unknown as { energy: { value: number } }).energy.value;

function pistolOf(actor: Actor.Implementation): Item.Implementation {
  const item = (actor as unknown as Doc).items.contents.find((i) => i.name === "Pistol");
  if (!item) throw new Error("no pistol");
  return item as unknown as Item.Implementation;
}

/** Maya (the player's) with a pistol, and Vex (the GM's NPC) with one too. */
async function fighters() {
  const stats = {
    health: { value: 20, max: 20 },
    energy: { value: 6, max: 6 },
    traits: { combat: 8, spirit: 6, mind: 6 },
    skills: { firearms: 2, evasion: 1 },
  };
  const pistol = {
    name: "Pistol",
    type: "weapon",
    system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
  };
  const maya = await createActor({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: stats,
    items: [pistol],
  });
  const vex = await createActor({ name: "Vex", type: "npc", system: stats, items: [pistol] });
  return { maya, vex };
}

const messageOf = (id: unknown) =>
  fake.game.messages.get(String(id)) as unknown as ChatMessage.Implementation;

/** The card's state without what differs between two cards of the same attack. */
function cardState(message: ChatMessage.Implementation) {
  const state = workflow.attackCardOf(message);
  if (state === null) throw new Error("not an attack card");
  return state;
}

describe("game.system.api in Worldlines", () => {
  it("attacks from ids: the same card and Energy as the sheet's Attack, authored by the GM", async () => {
    const { maya, vex } = await fighters();
    fake.setUser(PLAYER.id);
    table.target(vex);
    dice([8, 6]);
    // The sheet's dialog, opened on this scene and closed with Roll as it opened.
    const opened = { zone: "torso", cover: "none", range: "short" } as const;
    const fromSheet = await actions.attack(maya, pistolOf(maya), {
      ...opened,
      flanked: false,
      poorVisibility: false,
    });
    if (fromSheet === null) throw new Error("the sheet's attack was refused");
    expect(energy(maya)).toBe(4);
    await fake.as(GM.id, () => (maya as unknown as Doc).update({ "system.energy.value": 6 }));

    dice([8, 6]);
    const outcome = await api().attack({
      attacker: maya.id ?? "",
      weaponId: pistolOf(maya).id,
      target: vex.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: true });
    const card = messageOf((outcome as { value: unknown }).value);
    expect(cardState(card)).toEqual(cardState(fromSheet));
    expect((card as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);
    expect(energy(maya)).toBe(4);
  });

  it("passes the dialog's choices by name and refuses one it does not offer", async () => {
    const { maya, vex } = await fighters();
    fake.setUser(PLAYER.id);
    dice([8, 6]);
    const outcome = await api().attack({
      attacker: maya,
      weaponId: pistolOf(maya).id,
      target: vex,
      choices: { zone: "head" },
    });
    expect(cardState(messageOf((outcome as { value: unknown }).value))).toMatchObject({
      situation: { zone: "head" },
    });

    const before = fake.game.messages.size;
    const queries = fake.queries.length;
    const bad = await api().attack({
      attacker: maya,
      weaponId: pistolOf(maya).id,
      target: vex,
      choices: { zone: "elbow" },
    });
    expect(bad).toEqual({ ok: false, reason: "badChoices" });
    expect(fake.notifications.at(-1)?.message).toContain("not one the dialog offers");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.queries.length).toBe(queries);
  });

  it("acts only for the player's own actor: the NPC's attack is refused, nothing written", async () => {
    const { maya, vex } = await fighters();
    fake.setUser(PLAYER.id);
    const before = fake.game.messages.size;
    const mark = fake.db.calls.length;
    const outcome = await api().attack({
      attacker: vex.id ?? "",
      weaponId: pistolOf(vex).id,
      target: maya.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.game.messages.size).toBe(before);
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
    expect(energy(vex)).toBe(6);
  });

  it("refuses on the player's client what the sheet refuses (no weapon), sending nothing", async () => {
    const { maya, vex } = await fighters();
    fake.setUser(PLAYER.id);
    const queries = fake.queries.length;
    const outcome = await api().attack({ attacker: maya, target: vex });
    expect(outcome).toMatchObject({ ok: false, reason: "notAWeapon" });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(fake.queries.length).toBe(queries);
  });

  it("gives the dialog's odds: a head shot is harder to land than a torso shot", async () => {
    const { maya, vex } = await fighters();
    const call = { attacker: maya, weaponId: pistolOf(maya).id, target: vex };
    const torso = api().odds(call);
    const head = api().odds({ ...call, choices: { zone: "head" } });
    if (!torso.ok || !head.ok) throw new Error("no odds");
    expect(torso.value.hit).toBeGreaterThan(0);
    expect(torso.value.hit).toBeLessThan(1);
    expect(head.value.hit).toBeLessThan(torso.value.hit);
    expect(head.value["headshot"]).toBeGreaterThan(0);
    expect(api().odds({ ...call, choices: { cover: "walls" } })).toEqual({
      ok: false,
      reason: "badChoices",
    });
  });
});

const health = (actor: Actor.Implementation) =>
  ((actor as unknown as Doc).system as unknown as { health: { value: number } }).health.value;

describe("the attack hooks in Worldlines", () => {
  it("fray.preAttack hears the attack on the declaring client; false stops it unsent", async () => {
    const { maya, vex } = await fighters();
    const weaponId = pistolOf(maya).id;
    const stopped = await stoppedAttack(fake, PLAYER.id, () =>
      api().attack({ attacker: maya, weaponId, target: vex }),
    );
    const ids = { attackerId: maya.id, weaponId, targetId: vex.id };
    expect(stopped).toEqual(stoppedBefore("worldlines.attack", PLAYER.id, ids));
    expect(energy(maya)).toBe(6);
  });

  it("tell the result, then the damage written, once each on the GM's client", async () => {
    const { maya, vex } = await fighters();
    const heard = hookLog(fake, ...ATTACK_HOOKS);
    try {
      fake.setUser(PLAYER.id);
      dice([8, 7]);
      const outcome = await api().attack({
        attacker: maya,
        weaponId: pistolOf(maya).id,
        target: vex,
      });
      const id = String((outcome as { value: unknown }).value);
      fake.setUser(GM.id);
      dice([6, 5]);
      expect(await api().press(id, "take")).toEqual({ ok: true });
      expect(await api().press(id, "apply")).toEqual({ ok: true });
      const lost = 20 - health(vex);
      expect(lost).toBeGreaterThan(0);
      const attack = { kind: "worldlines.attack", messageId: id, attackerId: maya.id };
      const damage = { ...attack, actorId: vex.id, hit: true, damage: lost, userId: GM.id };
      expect(heard.calls.slice(1)).toEqual([
        {
          hook: "fray.attackResolved",
          client: GM.id,
          data: { ...attack, targetId: vex.id, hit: true, damage: lost, userId: GM.id },
        },
        { hook: "fray.preApplyDamage", client: GM.id, data: damage },
        { hook: "fray.damageApplied", client: GM.id, data: damage },
      ]);
    } finally {
      heard.off();
    }
  });

  it("fray.preApplyDamage returning false stops the write; Apply can be pressed again", async () => {
    const { maya, vex } = await fighters();
    fake.setUser(PLAYER.id);
    dice([8, 7]);
    const outcome = await api().attack({
      attacker: maya,
      weaponId: pistolOf(maya).id,
      target: vex,
    });
    const id = String((outcome as { value: unknown }).value);
    fake.setUser(GM.id);
    dice([6, 5]);
    expect(await api().press(id, "take")).toEqual({ ok: true });
    const off = stopping(fake, "fray.preApplyDamage");
    try {
      expect(await api().press(id, "apply")).toMatchObject({ reason: "cancelledByModule" });
      expect(health(vex)).toBe(20);
      expect(cardState(messageOf(id)).stage).toBe("resolved");
    } finally {
      off();
    }
    expect(await api().press(id, "apply")).toEqual({ ok: true });
    expect(health(vex)).toBeLessThan(20);
  });
});

describe("useItem and the hotbar with what is not a weapon, in Worldlines", () => {
  /** Ines (the player's): a technique used on its own, and a plain coil of rope. */
  async function ines() {
    return createActor({
      name: "Ines",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: 6, max: 6 } },
      items: [
        { name: "Second Wind", type: "technique", system: { use: "action", energyCost: 1 } },
        // A kit: First Aid is the actor's button, the kit's row has none.
        { name: "Rope", type: "gear", system: { kind: "firstAidKit" } },
      ],
    });
  }
  const named = (actor: Actor.Implementation, name: string) =>
    (actor as unknown as Doc).items.contents.find(
      (i) => i.name === name,
    ) as unknown as Item.Implementation;

  it("a technique dropped on the hotbar makes a macro that uses it as the sheet's Use", async () => {
    const actor = await ines();
    fake.setUser(PLAYER.id);
    await hotbar.drop({ type: "Item", uuid: named(actor, "Second Wind").uuid }, 8);
    const macro = await vi.waitFor(() => {
      const made = hotbar.hotbarOf(PLAYER.id)[8];
      if (made === undefined) throw new Error("no macro yet");
      return made;
    });
    expect(macro.name).toBe("Second Wind");
    expect(macro.command).toContain("game.system.api.useItem");
    const before = fake.game.messages.size;
    hotbar.assignCharacter(PLAYER.id, actor);
    try {
      expect(await macro.execute()).toEqual({ ok: true });
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
    // What the sheet's Use does: the Energy paid and the status card posted by the GM.
    expect(energy(actor)).toBe(5);
    expect(fake.game.messages.size).toBe(before + 1);
  });

  it("an item with nothing to use says so, and a refused use answers as the sheet warns", async () => {
    const actor = await ines();
    fake.setUser(PLAYER.id);
    const queries = fake.queries.length;
    expect(await api().useItem("Rope", { actor })).toMatchObject({
      ok: false,
      reason: "notUsable",
    });
    expect(fake.notifications.at(-1)?.message).toBe("Rope has nothing to use from a macro.");
    expect(fake.queries.length).toBe(queries);
    await fake.as(GM.id, () => (actor as unknown as Doc).update({ "system.energy.value": 0 }));
    expect(await api().useItem("Second Wind", { actor })).toMatchObject({ ok: false });
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    expect(energy(actor)).toBe(0);
  });
});

describe("the Worldlines sheet's actions dragged to the hotbar", () => {
  it("makes a macro of Defensive Posture that does what the button does", async () => {
    const macros = await dragSheetActionsToHotbar(
      fake,
      hotbar,
      PLAYER.id,
      "templates/worldlines/actor/actor-sheet.hbs",
      20,
    );
    // Every button is api-hotbar-worldlines.test.ts's; here Defensive Posture's.
    expect([...macros.keys()]).toContain("defensivePosture");
    const macro = macros.get("defensivePosture");
    expect(macro?.name).toBe("Defensive Posture");
    const { maya } = await fighters();
    const posture = await import("../../src/foundry/rulesets/worldlines/table/posture.ts");
    hotbar.assignCharacter(PLAYER.id, maya);
    try {
      fake.setUser(PLAYER.id);
      // Out of a combat: the button's refusal, word for word, and no Energy spent.
      expect(await posture.defensivePosture(maya)).toBe(false);
      const fromButton = fake.notifications.splice(0);
      expect(await macro?.execute()).toMatchObject({ ok: false, reason: "notCarriedOut" });
      expect(fake.notifications).toEqual(fromButton);
      expect(fromButton).toHaveLength(1);
      expect(energy(maya)).toBe(6);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });
});

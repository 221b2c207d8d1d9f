/**
 * Every WWN maneuver from the sheet, in the fake Foundry (issue 18): the ones that reach another
 * actor (Shove, Grapple, Break free, moving a captive, Shatter a Shield, the Execution Attack) are
 * declarations of the card protocol; the GM rolls the hit and the opposed checks with core Roll,
 * writes the target once and posts the card it authors. The ones on the actor itself (Screen an
 * Ally, Let go, Drop, Pick up, a partial Run) spend their action in the referee's ledger. Each
 * refusal is a localized warning and writes nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";
import type { WwnManeuverKind } from "../../src/foundry/rulesets/wwn/table/maneuver-card.ts";
import { actorWriters, authorOf, gameWrites } from "./referee.support.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { fightOffScreen } from "./viewed.support.ts";
import { refusedByModel } from "./refused.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let maneuvers: WwnShell;
let referee: typeof Referee;
let scene: ReturnType<typeof wwnScene>;
let whenIdle: () => Promise<void>;
/** The dice the next rolls show, in order: [sides, face]. */
const faces = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    settings: { "fray.ruleset": "wwn" },
    random: faces.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  maneuvers = actions;
  scene = wwnScene(fake);
  referee = await import("../../src/foundry/shared/referee.ts");
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.notifications.length = 0;
  faces.set();
});

interface Sys {
  prone: boolean;
  wounds: number;
  life: string;
  health: { value: number };
}
const sys = (actor: Actor.Implementation) => actor.system as unknown as Sys;
const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const item = (actor: Actor.Implementation, name: string) => {
  const found = actor.items.contents.find((i) => i.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const lastWarning = () => fake.notifications.at(-1)?.message;
const lastCard = () =>
  fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };

/** Kara (her player's: Str 14, Punch-1, Stab-1, fists and an axe) and a bandit with a shield. */
async function actors(banditShield: Record<string, unknown> = {}) {
  fake.setUser(GM.id);
  const [kara, bandit] = (await docClass("Actor").createDocuments([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: {
        health: { value: 10, max: 10 },
        attributes: { str: 14 },
        skills: { punch: 1, stab: 1, shoot: 1 },
      },
      items: [
        {
          name: "Fists",
          type: "weapon",
          system: { damage: "1d2", skill: "punch", unarmed: true },
        },
        { name: "Axe", type: "weapon", system: { damage: "1d8", skill: "stab", crushing: true } },
        { name: "Bow", type: "weapon", system: { damage: "1d6", skill: "shoot", mode: "ranged" } },
      ],
    },
    {
      name: "Bandit <b>",
      type: "npc",
      system: { health: { value: 8, max: 8 }, saves: { physical: 15, evasion: 15, mental: 15 } },
      items: [{ name: "Buckler", type: "armor", system: { kind: "shield", ...banditShield } }],
    },
  ])) as unknown as Actor.Implementation[];
  if (kara === undefined || bandit === undefined) throw new Error("no actors");
  scene.place(kara, bandit);
  fake.setUser(PLAYER.id);
  return { kara, bandit };
}

/** Kara's player asks for a maneuver at the bandit; returns the card (or null) and the writes. */
async function ask(
  kara: Actor.Implementation,
  target: Actor.Implementation | null,
  kind: WwnManeuverKind,
  weapon: string | null,
  choices: Parameters<WwnShell["declareWwnManeuver"]>[2] = {},
) {
  if (target !== null) table.target(target);
  const mark = fake.db.calls.length;
  const card = await maneuvers.declareWwnManeuver(
    kara,
    kind,
    choices,
    weapon === null ? undefined : item(kara, weapon),
  );
  return { card, mark };
}

describe("WWN maneuvers on another actor go through the referee", () => {
  it("Shove prone: the GM rolls hit and checks, writes the bandit prone, and authors the card", async () => {
    const { kara, bandit } = await actors();
    // d20 19 hits; Kara's 2d6 5+5 (+1 Str, +1 Punch) = 12 beats the bandit's 2+2 (untrained −1) = 3.
    faces.set([20, 19], [6, 5], [6, 5], [6, 2], [6, 2]);
    const { card, mark } = await ask(kara, bandit, "shove", "Fists", { effect: "prone" });
    expect(card).not.toBeNull();
    expect(sys(bandit).prone).toBe(true);
    expect(actorWriters(fake, mark)).toEqual([GM.id]);
    expect(authorOf(lastCard())).toBe(GM.id);
    expect(lastCard().content).toContain("Kara knocks Bandit &lt;b&gt; prone.");
    expect(lastCard().content).not.toContain("<b>");
  });

  it("Shove back that loses the check moves nobody", async () => {
    const { kara, bandit } = await actors();
    faces.set([20, 19], [6, 1], [6, 1], [6, 6], [6, 6]);
    await ask(kara, bandit, "shove", "Fists", { effect: "push" });
    expect(sys(bandit).prone).toBe(false);
    expect(lastCard().content).toContain("stands firm");
  });

  it("Grapple needs an unarmed attack", async () => {
    const { kara, bandit } = await fight();
    const { card, mark } = await ask(kara, bandit, "grapple", "Axe");
    expect(card).toBeNull();
    expect(lastWarning()).toBe("Grappling needs an unarmed attack.");
    expect(gameWrites(fake, mark)).toEqual([]);
  });

  it("Break free without a grappler is refused by name", async () => {
    const { kara } = await actors();
    const { card, mark } = await ask(kara, null, "escape", null);
    expect(card).toBeNull();
    expect(lastWarning()).toBe("Nobody is grappling Kara.");
    expect(gameWrites(fake, mark)).toEqual([]);
  });

  it("Shatter a Shield breaks the bandit's buckler; fists cannot shatter, a magical shield holds", async () => {
    const { kara, bandit } = await actors();
    faces.set([20, 19], [6, 6], [6, 6], [6, 1], [6, 1]);
    await ask(kara, bandit, "shatter", "Axe");
    const buckler = item(bandit, "Buckler").system as unknown as { broken: boolean };
    expect(buckler.broken).toBe(true);
    expect(lastCard().content).toContain("shatters Bandit &lt;b&gt;’s shield");

    const other = await actors({ magical: true });
    expect((await ask(other.kara, other.bandit, "shatter", "Fists")).card).toBeNull();
    expect(lastWarning()).toBe("Only a crushing or hewing weapon can shatter a shield.");
    expect((await ask(other.kara, other.bandit, "shatter", "Axe")).card).toBeNull();
    expect(lastWarning()).toBe("A magical shield cannot be shattered.");
  });

  it("Execution Attack: the GM confirms; a failed save kills, a saved one takes maximum damage and a Wound", async () => {
    const { kara, bandit } = await actors();
    const pending = await ask(kara, bandit, "execution", "Axe", { range: "melee" });
    expect(pending.card).not.toBeNull();
    expect(gameWrites(fake, pending.mark).filter((c) => c.documentName === "Actor")).toEqual([]);
    fake.setUser(GM.id);
    faces.set([20, 20]); // the save: 20 − Stab-1 = 19 ≥ 15 saves
    expect(await actions.press(lastCard(), "confirm")).toEqual({ ok: true });
    expect(sys(bandit).wounds).toBe(1);
    expect(sys(bandit).health.value).toBe(0); // 8 + Str 1 = 9 ≥ 8
    expect(lastCard().content).toContain("survives");

    const again = await actors();
    await ask(again.kara, again.bandit, "execution", "Axe", { range: "melee" });
    fake.setUser(GM.id);
    faces.set([20, 3]);
    expect(await actions.press(lastCard(), "confirm")).toEqual({ ok: true });
    expect(sys(again.bandit).life).toBe("dead");
    expect(lastCard().content).toContain("dies on the spot");
  });

  it("a player who does not own the actor is refused by the referee, and nothing is written", async () => {
    const { kara, bandit } = await actors();
    table.target(bandit);
    const mark = fake.db.calls.length;
    const outcome = await fake.as(PLAYER2.id, () =>
      referee.sendIntent(actions.protocol.CARD_DECLARE, {
        kind: "wwn.shove",
        payload: {
          actorId: kara.id,
          weaponId: item(kara, "Fists").id,
          targetId: bandit.id,
          effect: "prone",
        },
      }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(gameWrites(fake, mark)).toEqual([]);
  });
});

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
};

/** Kara and the bandit in a started combat, Kara taking her turn (as her player). */
async function fight() {
  const { kara, bandit } = await actors();
  fake.setUser(GM.id);
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: kara.id },
    { actorId: bandit.id },
  ] as never);
  await whenIdle();
  await fightOffScreen(fake, combat);
  faces.set([8, 8], [8, 1]);
  await combat.startCombat();
  const karaId = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
  fake.setUser(PLAYER.id);
  await combat.activateCombatant(karaId);
  await whenIdle();
  fake.notifications.length = 0;
  const idOf = (actor: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  return { kara, bandit, combat, idOf };
}

/** Kara grapples the bandit on her turn (her check 6+6+2 beats its 1+1−1). */
async function grappled() {
  const started = await fight();
  const { kara, bandit } = started;
  faces.set([20, 19], [6, 6], [6, 6], [6, 1], [6, 1]);
  await ask(kara, bandit, "grapple", "Fists");
  return started;
}

/** The GM starts the next round (her fists hurt the captive: 1d2 shows 1) and Kara acts again. */
async function nextRound(started: Awaited<ReturnType<typeof fight>>) {
  fake.setUser(GM.id);
  faces.set([2, 1]);
  await started.combat.nextRound();
  await whenIdle();
  fake.setUser(PLAYER.id);
  await started.combat.activateCombatant(started.idOf(started.kara));
  await whenIdle();
}

describe("WWN maneuvers in a started combat pay their action", () => {
  it("a Shove spends the Main Action; a Grapple after it is refused", async () => {
    const { kara, bandit } = await fight();
    faces.set([20, 19], [6, 5], [6, 5], [6, 2], [6, 2]);
    await ask(kara, bandit, "shove", "Fists", { effect: "prone" });
    expect(actions.round(kara).mainUsed).toBe(true);
    const { card, mark } = await ask(kara, bandit, "grapple", "Fists");
    expect(card).toBeNull();
    expect(lastWarning()).toBe("The Main Action of this round is already spent.");
    expect(gameWrites(fake, mark)).toEqual([]);
  });

  it("Run covers a partial distance, and the rest of that Move goes on", async () => {
    const { kara } = await fight();
    expect(await actions.wwnRun(kara, 10)).toBe(true);
    expect(actions.round(kara).moveFeet).toBe(10);
    expect(await actions.wwnRun(kara, 20)).toBe(true);
    expect(actions.round(kara)).toMatchObject({ movesUsed: 1, moveFeet: 30 });
    expect(await actions.wwnRun(kara, 45)).toBe(false);
    expect(lastWarning()).toBe("Too far: 45 ft, at most 30 ft.");
  });

  it("Screen an Ally spends a Move and marks the screen; without an ally it is refused", async () => {
    const { kara, bandit } = await fight();
    expect(await actions.wwnScreen(kara, bandit.id ?? "")).toBe(true);
    expect(actions.round(kara).screening).toEqual({ allyId: bandit.id, blocksLeft: 1 });
    expect(await actions.wwnScreen(kara, "")).toBe(false);
    expect(lastWarning()).toContain("Choose whom to screen");
  });

  it("Drop is an Instant, Pick up a Move action; Let go ends a hold", async () => {
    const { kara, bandit } = await fight();
    const axe = item(kara, "Axe");
    expect(await actions.wwnDrop(kara, axe)).toBe(true);
    expect((axe.system as unknown as { readied: boolean }).readied).toBe(false);
    expect(actions.round(kara).mainUsed).toBe(false);
    expect(await actions.wwnPickUp(kara, axe)).toBe(true);
    expect((axe.system as unknown as { readied: boolean }).readied).toBe(true);
    expect(actions.round(kara).movesUsed).toBe(1);
    expect(await actions.wwnRelease(kara)).toBe(false);
    expect(lastWarning()).toBe("Not grappling anyone.");
    faces.set([20, 19], [6, 6], [6, 6], [6, 1], [6, 1]);
    await ask(kara, bandit, "grapple", "Fists");
    expect(actions.grappling(kara)).toBe(bandit.id);
    expect(await actions.wwnRelease(kara)).toBe(true);
    expect(actions.grappling(kara)).toBeNull();
  });
});

describe("grappling in a started combat", () => {
  it("Grapple holds the target; moving the captive and Break free (the bandit's) settle on the GM", async () => {
    const started = await grappled();
    const { kara, bandit, combat, idOf } = started;
    expect(actions.grappling(kara)).toBe(bandit.id);
    expect(lastCard().content).toContain("Kara grapples Bandit &lt;b&gt;.");

    // Next round Kara drags her captive: her check 6+6+2 beats its 1+1−1.
    await nextRound(started);
    faces.set([6, 6], [6, 6], [6, 1], [6, 1]);
    await ask(kara, null, "moveGrappled", null, { effect: "drag" });
    expect(lastCard().content).toContain("drags Bandit &lt;b&gt; 10 ft along");
    expect(actions.grappling(kara)).toBe(bandit.id);

    // On its side's turn the bandit (the GM's) breaks free: its 6+6−1 = 11 beats Kara's 1+1+2 = 4.
    await combat.endCombatantTurn(idOf(kara));
    await whenIdle();
    fake.setUser(GM.id);
    await combat.activateCombatant(idOf(bandit));
    await whenIdle();
    faces.set([6, 6], [6, 6], [6, 1], [6, 1]);
    expect(await maneuvers.declareWwnManeuver(bandit, "escape")).not.toBeNull();
    expect(actions.grappling(kara)).toBeNull();
    expect(lastCard().content).toContain("breaks free");
  });

  it("Throwing the captive knocks it prone and ends the hold", async () => {
    const started = await grappled();
    const { kara, bandit } = started;
    await nextRound(started);
    faces.set([6, 6], [6, 6], [6, 1], [6, 1]);
    await ask(kara, null, "moveGrappled", null, { effect: "throw" });
    expect(sys(bandit).prone).toBe(true);
    expect(actions.grappling(kara)).toBeNull();
    expect(lastCard().content).toContain("throws Bandit &lt;b&gt; 5 ft");
  });

  it("a grapple outside a started combat is refused: it would hold nothing", async () => {
    const { kara, bandit } = await actors();
    const { card, mark } = await ask(kara, bandit, "grapple", "Fists");
    expect(card).toBeNull();
    expect(lastWarning()).toBe("A grapple holds only in a started combat.");
    expect(gameWrites(fake, mark)).toEqual([]);
  });
});

describe("WWN ammunition at the table", () => {
  it("an attack spends a counted shot; an empty weapon is refused in English; Reload fills it", async () => {
    const { kara, bandit } = await actors();
    await fake.as(GM.id, () =>
      kara.createEmbeddedDocuments("Item", [
        {
          name: "Launcher",
          type: "weapon",
          system: { damage: "1d6", skill: "shoot", mode: "ranged", ammo: { value: 1, max: 3 } },
        },
      ] as never),
    );
    const launcher = item(kara, "Launcher");
    const ammo = () => (launcher.system as unknown as { ammo: { value: number } }).ammo.value;
    table.target(bandit);
    faces.set([20, 2]); // a miss: nothing to roll for damage
    expect(await actions.wwnAttack(kara, launcher, {})).not.toBeNull();
    expect(ammo()).toBe(0);

    const mark = fake.db.calls.length;
    expect(await actions.wwnAttack(kara, launcher, {})).toBeNull();
    expect(lastWarning()).toBe("The weapon is out of ammunition: reload it.");
    expect(gameWrites(fake, mark)).toEqual([]);

    expect(await actions.wwnReload(kara, launcher)).toBe(true);
    expect(ammo()).toBe(3);
  });

  it("the weapon model refuses more ammunition than its capacity, and old weapons count none", async () => {
    const { kara } = await actors();
    const axe = item(kara, "Axe");
    expect((axe.system as unknown as { ammo: unknown }).ammo).toEqual({ value: 0, max: 0 });
    expect(
      await refusedByModel(fake, () =>
        fake.as(GM.id, () => axe.update({ "system.ammo": { value: 12, max: 10 } } as never)),
      ),
    ).toMatch(/ammo/);
    expect((axe.system as unknown as { ammo: unknown }).ammo).toEqual({ value: 0, max: 0 });
  });
});

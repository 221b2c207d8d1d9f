/**
 * The maneuvers a WWN actor takes on itself from its sheet (Fighting Withdrawal, Run, Reload, Hold,
 * Delay, Stand up), in the fake Foundry: in a started combat each spends its action through the
 * rules, in the referee's ledger, and writes once; a refusal warns in English and writes nothing;
 * outside a combat the action economy is not counted.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { ledgerChanges } from "../../src/foundry/combat/ledger.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let actions: WwnShell;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" }, random: () => 0.999 });
  // Holding posts its card (table/held.ts): core's ChatMessage.getSpeaker and templates.
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.notifications.length = 0;
});

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
};

const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};

const sys = (actor: Actor.Implementation) => actor.system as unknown as { prone: boolean };
const loaded = (item: Item.Implementation) =>
  (item.system as unknown as { loaded: boolean }).loaded;

/** Kara (a player's, Shoot-0, with an unloaded crossbow and an unloaded bow) and a bandit. */
async function actors(karaSystem: Record<string, unknown> = {}) {
  fake.setUser(GM.id);
  const [kara, bandit] = (await docClass("Actor").createDocuments([
    {
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 }, skills: { shoot: 0 }, ...karaSystem },
      items: [
        {
          name: "Crossbow",
          type: "weapon",
          system: { damage: "1d10", skill: "shoot", mode: "ranged", reload: "slow", loaded: false },
        },
        {
          name: "Shortbow",
          type: "weapon",
          system: { damage: "1d6", skill: "shoot", mode: "ranged", reload: "bow", loaded: false },
        },
      ],
    },
    {
      name: "Bandit",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { health: { value: 8, max: 8 } },
    },
  ])) as unknown as Actor.Implementation[];
  if (kara === undefined || bandit === undefined) throw new Error("no actors");
  return { kara, bandit };
}

/** Kara and a bandit in a started combat, Kara taking her turn (as her player). */
async function fight(karaSystem: Record<string, unknown> = {}) {
  const { kara, bandit } = await actors(karaSystem);
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: kara.id },
    { actorId: bandit.id },
  ] as never);
  await whenIdle();
  await fightOffScreen(fake, combat);
  await combat.startCombat();
  const idOf = (actor: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  fake.setUser(PLAYER.id);
  await combat.activateCombatant(idOf(kara));
  await whenIdle();
  fake.notifications.length = 0;
  return { kara, bandit, combat, idOf };
}

const item = (actor: Actor.Implementation, name: string) => {
  const found = actor.items.contents.find((i) => i.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

/** Runs a maneuver and returns whether it went through and how many database writes it made. */
async function counted(run: () => Promise<boolean>): Promise<{ done: boolean; writes: number }> {
  const before = fake.db.count({ operation: "update" });
  const done = await run();
  return { done, writes: fake.db.count({ operation: "update" }) - before };
}

const lastWarning = () => fake.notifications.at(-1)?.message;

describe("WWN maneuvers in a started combat", () => {
  it("Fighting Withdrawal spends the Main Action and marks the actor withdrawn, in one write", async () => {
    const { kara } = await fight();
    expect(await counted(() => actions.wwnFightingWithdrawal(kara))).toEqual({
      done: true,
      writes: 1,
    });
    expect(actions.round(kara).mainUsed).toBe(true);
    expect(actions.round(kara).withdrawn).toBe(true);
    expect(fake.notifications).toHaveLength(0);
  });

  it("a second Fighting Withdrawal is refused with an English warning and writes nothing", async () => {
    const { kara } = await fight();
    await actions.wwnFightingWithdrawal(kara);
    expect(await counted(() => actions.wwnFightingWithdrawal(kara))).toEqual({
      done: false,
      writes: 0,
    });
    expect(lastWarning()).toBe("The Main Action of this round is already spent.");
  });

  it("Run spends the Move action, a second Run the Main Action, a third is refused", async () => {
    const { kara } = await fight();
    expect((await counted(() => actions.wwnRun(kara))).done).toBe(true);
    expect(actions.round(kara).movesUsed).toBe(1);
    expect(actions.round(kara).mainUsed).toBe(false);
    expect((await counted(() => actions.wwnRun(kara))).done).toBe(true);
    expect(actions.round(kara).movesUsed).toBe(2);
    expect(actions.round(kara).mainUsed).toBe(true);
    expect(await counted(() => actions.wwnRun(kara))).toEqual({ done: false, writes: 0 });
    expect(lastWarning()).toBe("No Move action is left this round.");
  });

  it("Run after the Main Action is spent uses the Move; once that is gone too it is refused", async () => {
    const { kara } = await fight();
    await actions.wwnFightingWithdrawal(kara);
    expect(await counted(() => actions.wwnRun(kara))).toEqual({ done: true, writes: 1 });
    expect(actions.round(kara).movesUsed).toBe(1);
    expect(await counted(() => actions.wwnRun(kara))).toEqual({ done: false, writes: 0 });
    expect(lastWarning()).toBe("No Move action is left this round.");
  });

  it("Run is refused while a foe holds the actor in a grapple", async () => {
    const { kara, bandit, combat, idOf } = await fight();
    // The GM's record: the bandit holds Kara.
    await fake.as(GM.id, () =>
      combat.update(
        ledgerChanges([{ combatantId: idOf(bandit), key: "wwn_grappling", value: kara.id }]),
      ),
    );
    expect(await counted(() => actions.wwnRun(kara))).toEqual({ done: false, writes: 0 });
    expect(lastWarning()).toBe("A grappled combatant cannot move.");
  });

  it("reloading a crossbow spends the Main Action and loads it: one actor and one item write", async () => {
    const { kara } = await fight();
    const crossbow = item(kara, "Crossbow");
    expect(await counted(() => actions.wwnReload(kara, crossbow))).toEqual({
      done: true,
      writes: 2,
    });
    expect(actions.round(kara).mainUsed).toBe(true);
    expect(loaded(crossbow)).toBe(true);
  });

  it("reloading a bow without Shoot-1 spends the Move action and keeps the Main", async () => {
    const { kara } = await fight();
    const bow = item(kara, "Shortbow");
    expect((await counted(() => actions.wwnReload(kara, bow))).done).toBe(true);
    expect(actions.round(kara).movesUsed).toBe(1);
    expect(actions.round(kara).mainUsed).toBe(false);
    expect(loaded(bow)).toBe(true);
  });

  it("a crossbow reload with the Main Action spent is refused and leaves the crossbow unloaded", async () => {
    const { kara } = await fight();
    await actions.wwnFightingWithdrawal(kara);
    const crossbow = item(kara, "Crossbow");
    expect(await counted(() => actions.wwnReload(kara, crossbow))).toEqual({
      done: false,
      writes: 0,
    });
    expect(loaded(crossbow)).toBe(false);
    expect(lastWarning()).toBe("The Main Action of this round is already spent.");
  });

  it("Hold spends the Move action and marks the actor holding", async () => {
    const { kara } = await fight();
    expect(await counted(() => actions.wwnHold(kara))).toEqual({ done: true, writes: 1 });
    expect(actions.round(kara).movesUsed).toBe(1);
    expect(actions.round(kara).holding).toBe(true);
  });

  it("Delay waits for the chosen participant and ends when that one's turn ends", async () => {
    const { kara, bandit, combat, idOf } = await fight();
    expect(actions.wwnDelayTargets(kara)).toEqual([{ id: bandit.id, name: "Bandit" }]);
    expect(await counted(() => actions.wwnDelay(kara, bandit.id ?? ""))).toEqual({
      done: true,
      writes: 1,
    });
    expect(actions.round(kara).delayingFor).toBe(bandit.id);
    expect(await counted(() => actions.wwnRun(kara))).toEqual({ done: false, writes: 0 });
    expect(lastWarning()).toBe("This combatant is delaying its actions.");

    await combat.endCombatantTurn(idOf(kara));
    await whenIdle();
    fake.setUser(GM.id);
    await combat.activateCombatant(idOf(bandit));
    await whenIdle();
    const active = () =>
      (combat as unknown as { flags: { fray: { turn: { active: string | null } } } }).flags.fray
        .turn.active;
    expect(active()).toBe(idOf(bandit));
    expect(actions.round(kara).delayingFor).toBe(bandit.id);
    await combat.endCombatantTurn(idOf(bandit));
    await whenIdle();
    expect(actions.round(kara).delayingFor).toBeNull();
  });

  it("Delay without a participant to wait for is refused", async () => {
    const { kara } = await fight();
    expect(await counted(() => actions.wwnDelay(kara, ""))).toEqual({ done: false, writes: 0 });
    expect(lastWarning()).toBe(
      "Choose whom to wait for: Delay needs another participant of the combat.",
    );
  });
});

describe("WWN maneuvers outside a combat", () => {
  it("count no actions: Fighting Withdrawal writes nothing, Stand up and Reload still act", async () => {
    const { kara } = await actors({ prone: true });
    fake.setUser(PLAYER.id);
    expect(await counted(() => actions.wwnFightingWithdrawal(kara))).toEqual({
      done: true,
      writes: 0,
    });
    expect(actions.round(kara).withdrawn).toBe(false);
    expect(await counted(() => actions.wwnToggleProne(kara))).toEqual({ done: true, writes: 1 });
    expect(sys(kara).prone).toBe(false);
    expect(actions.round(kara).movesUsed).toBe(0);
    const crossbow = item(kara, "Crossbow");
    expect(await counted(() => actions.wwnReload(kara, crossbow))).toEqual({
      done: true,
      writes: 1,
    });
    expect(loaded(crossbow)).toBe(true);
    expect(actions.round(kara).mainUsed).toBe(false);
  });

  it("refuse reloading a loaded weapon, in English, writing nothing", async () => {
    const { kara } = await actors();
    const crossbow = item(kara, "Crossbow");
    await actions.wwnReload(kara, crossbow);
    expect(await counted(() => actions.wwnReload(kara, crossbow))).toEqual({
      done: false,
      writes: 0,
    });
    expect(lastWarning()).toBe("Already loaded.");
  });
});

/**
 * WWN in the team combat, in the fake Foundry: the action economy counted during a started combat
 * (an attack spends the Main Action, a second one is refused), the tracker's Main / Move / On Turn
 * chips, the round reset, and grapple damage at the round's end.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as Tracker from "../../src/foundry/combat/tracker.ts";
import { ledgerChanges } from "../../src/foundry/combat/ledger.ts";
import { wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let tracker: typeof Tracker;
let whenIdle: () => Promise<void>;

/** Every die rolls its highest face unless the test queues others. */
let queue: [number, number][] = [];

beforeAll(async () => {
  fake = installFakeFoundry({
    settings: { "fray.ruleset": "wwn" },
    random: () => {
      const next = queue.shift();
      return next === undefined ? 0.999 : (next[1] - 0.5) / next[0];
    },
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  tracker = await import("../../src/foundry/combat/tracker.ts");
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
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

const sys = (actor: Actor.Implementation) =>
  actor.system as unknown as { health: { value: number } };

/** The GM records these ledger entries (combatant id → key → value) in the combat. */
function record(combat: Combat.Implementation, entries: [string, string, unknown][]) {
  const writes = entries.map(([combatantId, key, value]) => ({ combatantId, key, value }));
  return fake.as(GM.id, () => combat.update(ledgerChanges(writes)));
}

/** A started combat of `actors` on a scene nobody views, with their combatants' ids. */
async function startedCombat(actors: readonly Actor.Implementation[]) {
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((a) => ({ actorId: a.id })),
  );
  await whenIdle();
  await fightOffScreen(fake, combat);
  await combat.startCombat();
  const idOf = (actor: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  return { combat, idOf };
}

/** The tracker's chips under one combatant. */
function chipsOf(combat: FrayCombat, combatantId: string) {
  return tracker
    .trackerContext(combat, fake.game.user as unknown as User.Implementation)
    .blocks.flatMap((b) => b.members)
    .find((m) => m.id === combatantId)?.chips;
}

describe("a WWN combat", () => {
  it("counts actions, shows them on the tracker, resets them each round, and grapples hurt", async () => {
    fake.setUser(GM.id);
    const [kara, bandit] = (await docClass("Actor").createDocuments([
      {
        name: "Kara",
        type: "character",
        prototypeToken: { disposition: 1 },
        ownership: { [PLAYER.id]: 3 },
        system: { health: { value: 10, max: 10 }, attackBonus: 1, skills: { stab: 1 } },
        items: [{ name: "Sword", type: "weapon", system: { damage: "1d8" } }],
      },
      {
        name: "Bandit",
        type: "npc",
        prototypeToken: { disposition: -1 },
        system: { health: { value: 20, max: 20 }, ac: { natural: 18, bonus: 0 } },
      },
    ])) as unknown as Actor.Implementation[];
    if (kara === undefined || bandit === undefined) throw new Error("no actors");
    // Both sides roll 8: the players win the tie.
    const { combat, idOf } = await startedCombat([kara, bandit]);
    const karaId = idOf(kara);

    fake.setUser(PLAYER.id);
    await combat.activateCombatant(karaId);
    await whenIdle();
    table.target(bandit);
    const sword = kara.items.contents[0] as Item.Implementation;
    queue = [[20, 3]]; // 3 + 2 = 5: a miss
    expect(await actions.wwnAttack(kara, sword, {})).not.toBeNull();
    expect(actions.round(kara).mainUsed).toBe(true);

    expect(chipsOf(combat, karaId)?.map((c) => [c.label, c.on])).toEqual([
      ["FRAY.Wwn.Tracker.Main", false],
      ["FRAY.Wwn.Tracker.Move", true],
      ["FRAY.Wwn.Tracker.OnTurn", true],
    ]);

    const before = fake.game.messages.size;
    expect(await actions.wwnAttack(kara, sword, {})).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The Main Action of this round is already spent.",
    );
    expect(fake.game.messages.size).toBe(before);

    // The referee recorded the bandit grappling Kara; the round ends: fists (1d2, rolled 2) hurt
    // her, actions come back.
    await record(combat, [[idOf(bandit), "wwn_grappling", kara.id]]);
    fake.setUser(GM.id);
    await combat.nextRound();
    await whenIdle();
    expect(sys(kara).health.value).toBe(8);
    expect(actions.round(kara).mainUsed).toBe(false);
    expect(chipsOf(combat, karaId)?.map((c) => [c.label, c.on])).toEqual([
      ["FRAY.Wwn.Tracker.Main", true],
      ["FRAY.Wwn.Tracker.MoveTwo", true],
      ["FRAY.Wwn.Tracker.OnTurn", false],
    ]);
    const report = fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
      content: string;
    };
    expect(report.content).toContain("Kara takes 2 from Bandit’s grip.");
    expect(actions.protocol.cardKindOf(report)).toBe("wwn.grappleReport");
  });

  it("leaves a fighter whose stored actions the rules refuse as it was, and tells the GM whose", async () => {
    fake.setUser(GM.id);
    const [ana, orc] = (await docClass("Actor").createDocuments([
      { name: "Ana", type: "character", prototypeToken: { disposition: 1 } },
      { name: "Orc", type: "npc", prototypeToken: { disposition: -1 } },
    ])) as unknown as Actor.Implementation[];
    if (ana === undefined || orc === undefined) throw new Error("no actors");
    const { combat, idOf } = await startedCombat([ana, orc]);
    await whenIdle();
    // The screening slot is a free-form object: a GM's console can record a negative block count.
    const broken = { allyId: ana.id, blocksLeft: -1 };
    await record(combat, [
      [idOf(orc), "wwn_mainUsed", true],
      [idOf(orc), "wwn_screening", broken],
      [idOf(ana), "wwn_mainUsed", true],
    ]);

    await combat.nextRound();
    await whenIdle();
    expect(fake.notifications.map((n) => n.message)).toContain(
      "Orc: actions.screening.blocksLeft is -1, outside the range it may take. Nothing was changed.",
    );
    // Ana's round comes back; the Orc's actions stay exactly as stored.
    expect(actions.round(ana).mainUsed).toBe(false);
    expect(actions.round(orc).mainUsed).toBe(true);
    expect(actions.round(orc).screening).toEqual(broken);
    expect(chipsOf(combat, idOf(orc))?.map((c) => c.label)).toEqual([
      "FRAY.Wwn.Tracker.Unreadable",
    ]);
  });
});

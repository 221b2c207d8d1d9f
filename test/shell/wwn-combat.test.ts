/**
 * WWN in the team combat, in the fake Foundry: the action economy counted during a started combat
 * (an attack spends the Main Action, a second one is refused), the tracker's Main / Move / On Turn
 * chips, the round reset, and grapple damage at the round's end.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as Actions from "../../src/foundry/rulesets/wwn/actions.ts";
import type * as Tracker from "../../src/foundry/combat/tracker.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: typeof Actions;
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
  actions = await import("../../src/foundry/rulesets/wwn/actions.ts");
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
  actor.system as unknown as {
    health: { value: number };
    actions: { mainUsed: boolean };
    grappling: string | null;
  };

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
    expect(sys(kara).actions.mainUsed).toBe(true);

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

    // The bandit grapples Kara; the round ends: fists (1d2, rolled 2) hurt her, actions come back.
    fake.setUser(GM.id);
    await bandit.update({ "system.grappling": kara.id } as never);
    await combat.nextRound();
    await whenIdle();
    expect(sys(kara).health.value).toBe(8);
    expect(sys(kara).actions.mainUsed).toBe(false);
    expect(chipsOf(combat, karaId)?.map((c) => [c.label, c.on])).toEqual([
      ["FRAY.Wwn.Tracker.Main", true],
      ["FRAY.Wwn.Tracker.MoveTwo", true],
      ["FRAY.Wwn.Tracker.OnTurn", false],
    ]);
    const report = fake.game.messages.contents.at(-1) as unknown as { content: string };
    expect(report.content).toContain("Kara takes 2 from Bandit’s grip.");
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
    // The screening slot is a free-form object: a negative block count can be stored in it.
    const broken = { allyId: ana.id, blocksLeft: -1 };
    await orc.update({
      "system.actions.mainUsed": true,
      "system.actions.screening": broken,
    } as never);
    await ana.update({ "system.actions.mainUsed": true } as never);

    await combat.nextRound();
    await whenIdle();
    expect(fake.notifications.map((n) => n.message)).toContain(
      "Orc: actions.screening.blocksLeft is -1, outside the range it may take. Nothing was changed.",
    );
    // Ana's round comes back; the Orc's actions stay exactly as stored.
    expect(sys(ana).actions.mainUsed).toBe(false);
    expect(sys(orc).actions.mainUsed).toBe(true);
    expect(
      (orc.system as unknown as { actions: { screening: unknown } }).actions.screening,
    ).toEqual(broken);
    expect(chipsOf(combat, idOf(orc))?.map((c) => c.label)).toEqual([
      "FRAY.Wwn.Tracker.Unreadable",
    ]);
  });
});

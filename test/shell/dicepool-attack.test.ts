/**
 * The dice-pool attack at the table, in the fake Foundry with the world set to the dice-pool game:
 * a player attacks a GM's NPC through the referee; the GM picks Dodge, Parry or Soak on the card;
 * the card shows the net hits, the damage and the wound-penalty roll; the attacker presses Apply
 * and the GM's client writes. A grapple is then held over two of the assailant's turns. Every die
 * is fixed through CONFIG.Dice.randomUniform.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { bootWorld, faceOf, queuedDice } from "./boot.support.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Workflow from "../../src/foundry/rulesets/dicepool/attack/workflow.ts";
import type * as CombatHooks from "../../src/foundry/rulesets/dicepool/combat.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let workflow: typeof Workflow;
let combat: typeof CombatHooks;
let referee: typeof Referee;

/** The next d6 faces, in the order the rules draw them. */
const queued = queuedDice(faceOf(6));
const dice = queued.set;

beforeAll(async () => {
  fake = await bootWorld("dicepool", queued.random, {
    users: [GM, PLAYER, PLAYER2],
    beforeInit: (f) => (table = installTableFakes(f)),
  });
  referee = await import("../../src/foundry/shared/referee.ts");
  // init.ts does not register the transport's query on main yet (the wiring branch does).
  referee.registerReferee();
  workflow = await import("../../src/foundry/rulesets/dicepool/attack/workflow.ts");
  combat = await import("../../src/foundry/rulesets/dicepool/combat.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.setActive(GM.id, true);
  fake.notifications.length = 0;
  dice();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
interface System {
  health: { damage: number; nonLethal: number };
  woundPenalty: number;
  incapacitated: string | null;
  grapple: { victimId: string; pool: number } | null;
}
const sys = (actor: Actor.Implementation) => (actor as unknown as Doc).system as unknown as System;
const itemOf = (actor: Actor.Implementation) =>
  (actor as unknown as Doc).items.contents[0] as unknown as Item.Implementation;

/**
 * Ana (the player's): Physical 3, Close Combat 2, a knife: 5 attack dice. Brute (the GM's NPC):
 * Physical 2, Mobility 1, Close Combat 2, Protection 0, armor rating 3: Dodge 3 dice, Parry 4,
 * Soak 5; health 2 + 1 + 3 = 6.
 */
async function fighters(weapon: Record<string, unknown> = { kind: "close" }) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const [ana, brute] = (await fake.as(GM.id, () =>
    Actor?.createDocuments([
      {
        name: "Ana",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        system: { attributes: { physical: 3 }, skills: { closeCombat: 2 } },
        items: [{ name: "Knife", type: "weapon", system: weapon }],
      },
      {
        name: "Brute",
        type: "npc",
        system: { attributes: { physical: 2 }, skills: { mobility: 1, closeCombat: 2 } },
        items: [{ name: "Jacket", type: "armor", system: { rating: 3, equipped: true } }],
      },
    ]),
  )) as unknown as Actor.Implementation[];
  if (!ana || !brute) throw new Error("actors not created");
  return { ana, brute };
}

function cardState(message: ChatMessage.Implementation) {
  const card = workflow.dicepoolCardOf(message);
  if (card === null) throw new Error("no card");
  return card;
}

async function playerAttacks(
  ana: Actor.Implementation,
  brute: Actor.Implementation,
  choice: Partial<Workflow.DicepoolChoice> = {},
) {
  fake.setUser(PLAYER.id);
  table.target(brute);
  const message = await workflow.declareDicepoolAttack(ana, itemOf(ana), [brute], {
    ...workflow.DEFAULT_CHOICE,
    ...choice,
  });
  if (message === null) throw new Error(`refused: ${JSON.stringify(fake.notifications)}`);
  return message;
}

describe("an attack through the GM, with each defense", () => {
  it.each([
    // defense, its faces, net hits, damage, wound faces, wound penalty added
    ["dodge", [4, 1, 1], 2, [5, 2], 1],
    ["parry", [4, 5, 1, 1], 1, [6], 1],
    ["soak", [1, 1, 1, 1, 1], 3, [1, 1, 1], 0],
  ] as const)(
    "%s: the card shows net hits, damage and the wound roll; Apply writes them",
    async (defense, defenseFaces, net, woundFaces, woundAdded) => {
      const { ana, brute } = await fighters();
      dice(6, 5, 4, 1, 2); // 3 hits
      const message = await playerAttacks(ana, brute);
      const declared = cardState(message);
      expect(declared.stage).toBe("defend");
      expect(declared.attackPool).toMatchObject({ dice: 5, hits: 3 });
      expect((message as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);
      expect(declared.choices.map((c) => [c.defense, c.dice])).toEqual([
        ["dodge", 3],
        ["parry", 4],
        ["soak", 5],
      ]);

      // The GM picks the NPC's defense on the card.
      fake.setUser(GM.id);
      dice(...defenseFaces, ...woundFaces);
      expect(await workflow.requestDefense(message, defense)).toBe(true);
      const resolved = cardState(message);
      expect(resolved.stage).toBe("resolved");
      expect(resolved.result).toMatchObject({ defense, net, damage: net, woundAdded });
      expect(resolved.result?.woundFaces).toEqual(woundFaces);
      const html = (message as unknown as { content: string }).content;
      expect(html).toContain(`data-net="${net}"`);
      expect(html).toContain(`data-damage="${net}"`);
      expect(html).toContain(`data-wound="${woundAdded}"`);
      expect(html).toContain("data-fray-dp-apply");
      expect(sys(brute).health.damage).toBe(0);

      // The attacker's player presses Apply; the GM's client writes the NPC.
      fake.setUser(PLAYER.id);
      expect(await workflow.requestDicepoolApply(message)).toBe(true);
      expect(sys(brute).health.damage).toBe(net);
      expect(sys(brute).woundPenalty).toBe(woundAdded);
      expect(cardState(message).stage).toBe("applied");
      // A second press changes nothing.
      const mark = fake.db.calls.length;
      expect(await workflow.requestDicepoolApply(message)).toBe(false);
      expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
    },
  );

  it("with a default defense set, an NPC defends at once and the card waits for Apply", async () => {
    const { ana, brute } = await fighters();
    await fake.game.settings.set("fray", "dicepoolDefaultDefense", "parry");
    try {
      dice(6, 5, 4, 1, 2, 4, 5, 1, 1, 6); // attack 3 hits, Parry 2 hits, 1 wound die
      const message = await playerAttacks(ana, brute);
      expect(cardState(message)).toMatchObject({
        stage: "resolved",
        result: { defense: "parry", net: 1, damage: 1 },
      });
    } finally {
      await fake.game.settings.set("fray", "dicepoolDefaultDefense", "ask");
    }
  });

  it("a player-owned defender's owner picks the defense; the GM's choice is not needed", async () => {
    const { ana, brute } = await fighters();
    // The GM's NPC attacks the player's Ana bare-handed (Physical 2 + Close Combat 2: 4 dice).
    fake.setUser(GM.id);
    dice(6, 6, 1, 1); // 2 hits
    const message = await workflow.declareDicepoolAttack(brute, null, [ana]);
    if (message === null) throw new Error(JSON.stringify(fake.notifications));
    // Another player may not choose for Ana; her own player does (Physical 3 + Mobility 0).
    expect(await fake.as(PLAYER2.id, () => workflow.requestDefense(message, "dodge"))).toBe(false);
    fake.setUser(PLAYER.id);
    dice(1, 1, 1, 1, 1); // Dodge: no hits; then 2 wound dice
    expect(await workflow.requestDefense(message, "dodge")).toBe(true);
    expect(cardState(message).result).toMatchObject({ defense: "dodge", net: 2, damage: 2 });
  });

  it("a player who does not own the defender cannot pick its defense", async () => {
    const { ana, brute } = await fighters();
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    const mark = fake.db.calls.length;
    const outcome = await fake.as(PLAYER2.id, () =>
      referee.sendIntent(workflow.DICEPOOL_DEFEND, { messageId: message.id, defense: "dodge" }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(cardState(message).stage).toBe("defend");
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
  });

  it("an incapacitated defender can only Soak: the other buttons are off", async () => {
    const { ana, brute } = await fighters();
    await fake.as(GM.id, () =>
      brute.update({ "system.health.damage": 6, "system.incapacitated": "lethal" } as never),
    );
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    expect(cardState(message).choices.map((c) => c.allowed)).toEqual([false, false, true]);
    fake.setUser(GM.id);
    expect(await workflow.requestDefense(message, "dodge")).toBe(false);
    expect(fake.notifications.at(-1)?.message).toContain("only Soak");
  });

  it("a close attack on a target spaces away is refused with a localized message", async () => {
    const { ana, brute } = await fighters();
    fake.setUser(PLAYER.id);
    const message = await workflow.declareDicepoolAttack(ana, itemOf(ana), [brute], {
      ...workflow.DEFAULT_CHOICE,
      distance: 3,
    });
    expect(message).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "A close attack needs the target in the same space (3 spaces away).",
    );
  });
});

describe("a grapple held over two rounds", () => {
  it("fills the Grappling Pool, loses 1 at each of the assailant's turns, and breaks at 0", async () => {
    const { ana, brute } = await fighters({ kind: "close", mods: { grappling: true } });
    dice(6, 6, 6, 6, 1); // 4 hits
    const message = await playerAttacks(ana, brute, { intent: "grapple" });
    fake.setUser(GM.id);
    dice(1, 1, 1); // Dodge: no hits
    await workflow.requestDefense(message, "dodge");
    expect(cardState(message).result).toMatchObject({ net: 4, damage: 0, grapplePool: 4 });
    expect((message as unknown as { content: string }).content).toContain('data-grapple="4"');
    await workflow.requestDicepoolApply(message);
    expect(sys(ana).grapple).toMatchObject({ pool: 4 });
    expect(sys(brute).health.damage).toBe(0);

    // The tracker shows the pool on the assailant and the hold on the victim.
    const chips = (actor: Actor.Implementation) =>
      combat.dicepoolMemberChips(actor).map((c) => c.label);
    expect(chips(ana)).toContain("Grapple 4");
    expect(chips(brute)).toContain("FRAY.Dicepool.Tracker.Grappled");

    // Ana's turn starts twice (rounds 1 and 2): the hold costs 1 each time.
    const fight = {
      combatants: [
        { id: "cAna", actor: ana },
        { id: "cBrute", actor: brute },
      ],
    } as unknown as Combat.Implementation;
    const anaTurn = async () => {
      const { changes } = await combat.dicepoolTurnStart(fight, {
        id: "cAna",
        actor: ana,
      } as unknown as Combatant.Implementation);
      for (const change of changes) {
        const actor = change.combatantId === "cAna" ? ana : brute;
        await fake.as(GM.id, () => actor.update(change.changes as never));
      }
    };
    await anaTurn();
    expect(sys(ana).grapple).toMatchObject({ pool: 3 });
    await anaTurn();
    expect(sys(ana).grapple).toMatchObject({ pool: 2 });
    expect(chips(ana)).toContain("Grapple 2");
    await anaTurn();
    await anaTurn();
    expect(sys(ana).grapple).toBeNull();
    expect(chips(brute)).not.toContain("FRAY.Dicepool.Tracker.Grappled");
  });
});

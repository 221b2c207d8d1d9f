/**
 * Issue 28, two dice: declared moves resolved as the book orders them (the default world setting).
 * A move action is declared in turn order but carried out when the turn ends: every move at once,
 * each mover still able to arriving where it meant to go, then what was combined with moving (the
 * attack of move + melee or move + half and shoot, the hiding of move + half and hide) in the
 * order declared. Dragging a fighter's token names where it goes; the GM carries the move out
 * through the movement seam when the round ends.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { installTokenFakes } from "../fake-foundry/tokens.ts";
import type { FakeTokenDocument } from "../fake-foundry/movement.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import type * as Plan from "../../src/foundry/rulesets/twodice/plan.ts";
import type * as Budget from "../../src/foundry/rulesets/twodice/budget.ts";
import type * as Hide from "../../src/foundry/rulesets/twodice/table/hide.ts";
import type * as Stance from "../../src/foundry/rulesets/twodice/stance.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as TurnEnd from "../../src/foundry/rulesets/twodice/turn-end.ts";
import { moveWorld } from "./movement.support.ts";
import { nextStepLine } from "./card-next.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;
let declare: typeof Declare;
let cards: typeof Cards;
let plan: typeof Plan;
let budget: typeof Budget;
let hide: typeof Hide;
let stance: typeof Stance;
let protocol: typeof Protocol;
let turnEnd: typeof TurnEnd;

beforeAll(async () => {
  w = await moveWorld("twodice", { size: 100, distance: 1, units: "m" });
  installTokenFakes(w.fake);
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  plan = await import("../../src/foundry/rulesets/twodice/plan.ts");
  budget = await import("../../src/foundry/rulesets/twodice/budget.ts");
  hide = await import("../../src/foundry/rulesets/twodice/table/hide.ts");
  stance = await import("../../src/foundry/rulesets/twodice/stance.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  turnEnd = await import("../../src/foundry/rulesets/twodice/turn-end.ts");
});

/** Drags the token as its owner (or `userId`) and waits for the referee's answer to it. */
async function drag(token: FakeTokenDocument, col: number, userId = PLAYER.id) {
  const moved = await w.drag(token, { col, row: 0 }, undefined, userId);
  await turnEnd.whenPlanned();
  await w.idle();
  return moved;
}

const RIFLE = {
  name: "Rifle",
  type: "weapon",
  system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 6 },
};
const KNIFE = {
  name: "Knife",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 1 },
};

/** Kara (the player's, Agility 6) in her turn, Rook (the GM's) at column `rookAt` of row 0. */
async function fight(rookAt = 12) {
  const [kara, rook] = await w.actors([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { agility: 6 } },
      items: [RIFLE, KNIFE],
    },
    { name: "Rook", type: "npc", system: { traits: { agility: 4 } }, items: [RIFLE, KNIFE] },
  ]);
  if (kara === undefined || rook === undefined) throw new Error("no actors");
  const { combat, tokens } = await w.fight(
    [kara, rook],
    [
      { col: 0, row: 0 },
      { col: rookAt, row: 0 },
    ],
  );
  const [karaToken, rookToken] = tokens as [FakeTokenDocument, FakeTokenDocument];
  const idOf = (a: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === a.id)?.id ?? "";
  const weapon = (a: Actor.Implementation, name: string) =>
    a.items.contents.find((i) => i.name === name) as unknown as Item.Implementation;
  const endRound = async () => {
    await w.fake.as(GM.id, () => combat.nextRound());
    await w.idle();
  };
  return { kara, rook, combat, karaToken, rookToken, idOf, weapon, endRound };
}

const cardOf = (id: string | null) =>
  cards.twodiceCardOf(w.fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation);
const messageOf = (id: string | null) =>
  w.fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation & {
    rolls: unknown[];
    content: string;
  };
const at = (t: FakeTokenDocument) => [t.x / 100, t.y / 100];

describe("dragging a fighter's token in the book's order", () => {
  it("names where its move goes: the token stays, the move is its action, kept for the turn's end", async () => {
    const { combat, karaToken, idOf, kara, endRound } = await fight();
    w.fake.notifications.length = 0;
    expect(await drag(karaToken, 4)).toBe(false);
    expect(at(karaToken)).toEqual([0, 0]);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara will go there when the turn ends");
    expect(budget.turnIn(combat, idOf(kara))).toMatchObject({ acted: true, moving: true });
    expect(plan.planIn(combat, idOf(kara))?.move).toMatchObject({ kind: "move", metres: 6 });
    // A new destination replaces the first; one beyond the move is refused with the reason.
    expect(await drag(karaToken, 6)).toBe(false);
    expect(await drag(karaToken, 7)).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara cannot go that far: 7 m");
    const before = w.fake.game.messages.contents.length;
    await endRound();
    expect(at(karaToken)).toEqual([6, 0]);
    // Carried out through the movement seam as the GM's: nothing put back, the kept move cleared.
    expect(w.messagesSince(before).some((m) => m.content.includes("put back"))).toBe(false);
    expect(plan.planIn(combat, idOf(kara))).toBeNull();
  });

  it("refuses a destination another player sends for a fighter it does not own", async () => {
    const { combat, kara, idOf } = await fight();
    const { sendIntent } = await import("../../src/foundry/shared/referee.ts");
    const forged = await w.fake.as(PLAYER2.id, () =>
      sendIntent(turnEnd.TWODICE_PLAN_ACTION, { actorId: kara.id, path: [{ x: 300, y: 0 }] }),
    );
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(plan.planIn(combat, idOf(kara))).toBeNull();
    expect(budget.turnIn(combat, idOf(kara)).acted).toBe(false);
  });

  it("puts back a console's move that skips the drag: only the turn's end moves a fighter", async () => {
    const { karaToken } = await fight();
    const before = w.fake.game.messages.contents.length;
    await w.moves.consoleMove(PLAYER.id, karaToken, [w.moves.at(3, 0)]);
    await w.idle();
    expect(at(karaToken)).toEqual([0, 0]);
    expect(w.messagesSince(before).at(-1)?.content).toMatch(/Kara.*put back/);
  });

  it("a mover a wound took out stays where it stood, and its attack is not made", async () => {
    const { karaToken, kara, rook, weapon, endRound } = await fight();
    w.fake.setUser(PLAYER.id);
    const id = await declare.declareTwodiceAttack(kara, weapon(kara, "Rifle"), rook, {
      move: "moveAndShoot",
    });
    expect(await drag(karaToken, 3)).toBe(false);
    w.fake.setUser(GM.id);
    // Toughness 10 by default: a wound of 12 takes her out before the turn ends.
    await w.fake.as(GM.id, () => kara.update({ "system.wounds.marked": [12] } as never));
    await endRound();
    expect(at(karaToken)).toEqual([0, 0]);
    expect(cardOf(id)).toMatchObject({ stage: "resolved", shots: [] });
    expect(messageOf(id).content).toContain("Not carried out when the turn ended");
    expect(messageOf(id).content).toContain("incapacitated");
  });
});

describe("a declared move straight up or down", () => {
  it("counts its height as metres, keeps it, and the turn's end takes the token up", async () => {
    const { karaToken, endRound } = await fight();
    const rise = async (elevation: number) => {
      const moved = await w.rise(karaToken, elevation);
      await turnEnd.whenPlanned();
      await w.idle();
      return moved;
    };
    w.fake.notifications.length = 0;
    expect(await rise(7)).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara cannot go that far: 7 m");
    expect(await rise(4)).toBe(false);
    expect(karaToken.elevation).toBe(0);
    await endRound();
    expect([...at(karaToken), karaToken.elevation]).toEqual([0, 0, 4]);
  });
});

describe("what a move is combined with happens after every move, in the order declared", () => {
  it("move and shoot waits for the turn's end, then shoots from where the move ends", async () => {
    const { kara, rook, karaToken, weapon, endRound } = await fight(12);
    w.fake.setUser(PLAYER.id);
    const id = await declare.declareTwodiceAttack(kara, weapon(kara, "Rifle"), rook, {
      move: "moveAndShoot",
    });
    w.fake.setUser(GM.id);
    const declared = cardOf(id);
    expect(declared?.stage).toBe("declared");
    expect(declared?.shots).toEqual([]);
    expect(messageOf(id).rolls).toHaveLength(0);
    expect(nextStepLine(messageOf(id).content)).toBe(
      "Next: the attack is rolled when the turn ends, after every move, in the order declared",
    );
    // Nobody answers it before: it has no dice yet.
    const apply = await w.fake.as(GM.id, () => protocol.pressCard(messageOf(id), "apply"));
    expect(apply).toMatchObject({ ok: false, reason: "awaitingTurnEnd" });
    // 12 m away now (step 2); half her Agility takes her 3 m closer (9 m: step 1).
    expect(declared?.setup.defense).toBe(2);
    expect(await drag(karaToken, 4)).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara cannot go that far: 4 m");
    expect(await drag(karaToken, 3)).toBe(false);
    await endRound();
    expect(at(karaToken)).toEqual([3, 0]);
    const fired = cardOf(id);
    expect(fired?.shots).toHaveLength(1);
    expect(messageOf(id).rolls).toHaveLength(2);
    expect(fired?.setup).toMatchObject({ usesDefense: true, value: 8, defense: 1 });
    expect(fired?.stage).not.toBe("declared");
    expect(nextStepLine(messageOf(id).content)).not.toContain("when the turn ends");
  });

  it("carries the combined actions out in the order the moves were declared", async () => {
    const { kara, rook, karaToken, rookToken, weapon, endRound, combat } = await fight(12);
    // Kara declares first (in her turn), Rook second (the GM's, in its side's turn).
    w.fake.setUser(PLAYER.id);
    const first = await declare.declareTwodiceAttack(kara, weapon(kara, "Rifle"), rook, {
      move: "moveAndShoot",
    });
    expect(await drag(karaToken, 2)).toBe(false);
    w.fake.setUser(GM.id);
    await w.fake.as(GM.id, () => combat.nextTurn());
    await w.idle();
    const second = await w.fake.as(GM.id, () =>
      declare.declareTwodiceAttack(rook, weapon(rook, "Rifle"), kara, { move: "moveAndShoot" }),
    );
    expect(await drag(rookToken, 10, GM.id)).toBe(false);
    const order: string[] = [];
    w.fake.hooks.on("updateChatMessage", (message: unknown) => {
      order.push((message as { id: string }).id);
    });
    await endRound();
    // Both tokens moved before either shot: each card measured the 8 m between them (step 1).
    expect([at(karaToken), at(rookToken)]).toEqual([
      [2, 0],
      [10, 0],
    ]);
    expect(cardOf(first)?.setup.defense).toBe(1);
    expect(cardOf(second)?.setup.defense).toBe(1);
    expect(order.filter((m) => m === first || m === second)).toEqual([first, second]);
  });

  it("move and hide: moving until the turn's end, hidden once it ends", async () => {
    const { kara, karaToken, endRound } = await fight();
    w.fake.setUser(PLAYER.id);
    await hide.twodiceHide(kara, true);
    await w.idle();
    expect(stance.twodiceHidden(kara)).toBe(false);
    expect(await drag(karaToken, 3)).toBe(false);
    w.fake.setUser(GM.id);
    await endRound();
    expect(at(karaToken)).toEqual([3, 0]);
    expect(stance.twodiceHidden(kara)).toBe(true);
  });
});

describe("a fight with no tokens on a map", () => {
  it("still declares the move and carries its attack out when the turn ends", async () => {
    const [kara, rook] = await w.actors([
      {
        name: "Kara",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        system: { traits: { agility: 6 } },
        items: [KNIFE],
      },
      { name: "Rook", type: "npc", items: [KNIFE] },
    ]);
    if (kara === undefined || rook === undefined) throw new Error("no actors");
    const Combat = w.fake.CONFIG["Combat"]?.documentClass;
    if (Combat === undefined) throw new Error("no Combat class");
    const combat = (await Combat.create({})) as unknown as Combat.Implementation & {
      activateCombatant(id: string): Promise<unknown>;
    };
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: kara.id }, { actorId: rook.id }]);
    await w.idle();
    await combat.startCombat();
    await w.idle();
    const karaId = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
    await combat.activateCombatant(karaId);
    await w.idle();
    const knife = kara.items.contents[0] as unknown as Item.Implementation;
    w.fake.setUser(PLAYER.id);
    const id = await declare.declareTwodiceAttack(kara, knife, rook, { move: "moveAndMelee" });
    w.fake.setUser(GM.id);
    expect(cardOf(id)?.stage).toBe("declared");
    expect(plan.planIn(combat, karaId)?.move).toMatchObject({ kind: "moveAndMelee", path: null });
    await w.fake.as(GM.id, () => combat.nextRound());
    await w.idle();
    // Rook has not acted: it may still counterattack, so the card waits for its answers.
    expect(cardOf(id)?.stage).toBe("pending");
    expect(cardOf(id)?.shots).toHaveLength(1);
    expect(plan.planIn(combat, karaId)).toBeNull();
  });
});

describe("the world setting", () => {
  it("is shown in the rules options menu, on by default; off, a drag moves the token at once", async () => {
    const { menuSettings } = await import("../../src/foundry/shared/settings.ts");
    const entry = menuSettings().find((m) => m.key === "twodiceMovesAtTurnEnd");
    expect(entry).toMatchObject({ default: true, section: "scene" });
    const lang = w.fake.game.i18n as unknown as { has(key: string): boolean };
    expect(lang.has(entry?.name ?? "")).toBe(true);
    expect(lang.has(entry?.hint ?? "")).toBe(true);
    const { karaToken } = await fight();
    await w.fake.as(GM.id, () => w.fake.game.settings.set("fray", "twodiceMovesAtTurnEnd", false));
    try {
      expect(await drag(karaToken, 4)).toBe(true);
      expect(at(karaToken)).toEqual([4, 0]);
    } finally {
      await w.fake.as(GM.id, () => w.fake.game.settings.set("fray", "twodiceMovesAtTurnEnd", true));
    }
  });
});

describe("the turn's end moves every mover in one write", () => {
  /** `n` NPCs each declare a 2 m move (the GM drags them); the database calls of the round's end. */
  async function roundEndCalls(n: number) {
    const npcs = await w.actors(
      Array.from({ length: n }, (_, k) => ({
        name: `Raider ${String(k)}`,
        type: "npc",
        system: { traits: { agility: 4 } },
      })),
    );
    const { combat, tokens } = await w.fight(
      npcs,
      npcs.map((_, k) => ({ col: 0, row: k })),
    );
    for (const [k, token] of tokens.entries()) {
      expect(await w.drag(token, { col: 2, row: k }, undefined, GM.id)).toBe(false);
      await turnEnd.whenPlanned();
    }
    await w.idle();
    const mark = w.fake.db.calls.length;
    await w.fake.as(GM.id, () => combat.nextRound());
    await w.idle();
    // Every mover arrived, each move carried out as the GM's (nothing put back).
    expect(tokens.map((t) => at(t))).toEqual(tokens.map((_, k) => [2, k]));
    for (const c of combat.combatants.contents) expect(plan.planIn(combat, c.id ?? "")).toBeNull();
    return {
      all: w.fake.db.since(mark).length,
      tokens: w.fake.db.since(mark, { documentName: "Token" }).length,
    };
  }

  it("costs the same database calls with 2 movers as with 12", async () => {
    const two = await roundEndCalls(2);
    const twelve = await roundEndCalls(12);
    expect(twelve.tokens).toBe(1);
    expect(twelve).toEqual(two);
  });
});

/**
 * The dice-pool table in the fake Foundry, shared by the dice-pool shell tests: the world plays
 * the dice-pool game, the referee transport is registered, and every d6 comes from a queue the
 * test fills (`dice(...)`) through CONFIG.Dice.randomUniform, in the order the rules draw them.
 * The GM's canvas (the fake's) shows every fighter on one square unless a test moves it; a
 * combat is the GM's to start (`fight`), and then budgets and grapples are the ledger's.
 *
 * Ana (the player's): Physical 3, Close Combat 2, a knife: 5 attack dice. Brute (the GM's NPC):
 * Physical 2, Mobility 1, Close Combat 2, Protection 0, armor rating 3: Dodge 3 dice, Parry 4,
 * Soak 5; health 2 + 1 + 3 = 6.
 */
import { beforeAll, beforeEach } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { installCanvasFake } from "../fake-foundry/canvas.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Declare from "../../src/foundry/rulesets/dicepool/attack/declare.ts";
import type * as Dialog from "../../src/foundry/rulesets/dicepool/attack/dialog.ts";
import type { DicepoolAttackCardState } from "../../src/foundry/rulesets/dicepool/cards/attack-card.ts";
import type * as CombatHooks from "../../src/foundry/rulesets/dicepool/combat.ts";
import type * as Table from "../../src/foundry/rulesets/dicepool/table/kit.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";

export interface DicepoolSystem {
  health: { damage: number; nonLethal: number };
  energy: { value: number; max: number };
  woundPenalty: number;
  incapacitated: string | null;
  stabilized: boolean;
}

/** A grapple as the referee's ledger records it. */
export interface LedgerGrapple {
  victimId: string;
  victimName: string;
  pool: number;
  resistOffered: boolean;
}

export interface DicepoolTable {
  fake: FakeFoundry;
  table: ReturnType<typeof installTableFakes>;
  attack: typeof Declare;
  DEFAULT_CHOICE: typeof Dialog.DEFAULT_CHOICE;
  combat: typeof CombatHooks;
  acts: typeof Table;
  protocol: typeof Protocol;
  referee: typeof Referee;
  /** The current user presses a defense button on the card; whether the referee resolved it. */
  defend: (message: ChatMessage.Implementation, defense: string) => Promise<boolean>;
  /** The current user presses Apply on the card; whether the referee applied it. */
  apply: (message: ChatMessage.Implementation) => Promise<boolean>;
  /** The grapples the referee recorded for the actor (in the combat it fights in). */
  grapples: (actor: Actor.Implementation) => LedgerGrapple[];
  /** The fall the GM recorded for the actor (in the combat it fights in), or null. */
  falling: (actor: Actor.Implementation) => { height: number; fallen: number } | null;
  /** The grapple penalty the referee recorded against the actor. */
  penalty: (actor: Actor.Implementation) => number;
  /** The actor's turn budget as the referee recorded it (fresh out of combat). */
  budget: (actor: Actor.Implementation) => {
    simpleUsed: number;
    freeUsed: number;
    complexUsed: boolean;
    moves: number;
  };
  /** The next d6 faces. */
  dice: (...faces: number[]) => void;
  sys: (actor: Actor.Implementation) => DicepoolSystem;
  itemOf: (actor: Actor.Implementation) => Item.Implementation;
  cardState: (message: ChatMessage.Implementation) => DicepoolAttackCardState;
  fighters: (
    weapon?: Record<string, unknown>,
    anaSystem?: Record<string, unknown>,
  ) => Promise<{ ana: Actor.Implementation; brute: Actor.Implementation }>;
  playerAttacks: (
    ana: Actor.Implementation,
    brute: Actor.Implementation,
    choice?: Partial<Dialog.DicepoolChoice>,
  ) => Promise<ChatMessage.Implementation>;
  /** The GM updates an actor directly (test setup). */
  gmSets: (actor: Actor.Implementation, changes: Record<string, unknown>) => Promise<void>;
  /** The GM's canvas (a square grid of 5 ft squares); every new fighter stands on square 0,0. */
  board: ReturnType<typeof installCanvasFake>;
  /**
   * The GM starts a combat of these actors; their initiative dice are queued so that they act in
   * the order given (the first one's turn is running).
   */
  fight: (...actors: Actor.Implementation[]) => Promise<Combat.Implementation>;
  /** The GM ends the running turn; the next in the order starts. */
  endTurn: (combat: Combat.Implementation) => Promise<void>;
}

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

/** Installs the table once for the test file; the returned object is filled in beforeAll. */
export function useDicepoolTable(): DicepoolTable {
  let queue: number[] = [];
  const t = {} as DicepoolTable;
  beforeAll(async () => {
    t.fake = installFakeFoundry({
      users: [GM, PLAYER, PLAYER2],
      settings: { "fray.ruleset": "dicepool" },
      random: () => {
        const next = queue.shift();
        if (next === undefined) throw new Error("the test gave no die for this roll");
        return (next - 0.5) / 6;
      },
    });
    t.table = installTableFakes(t.fake);
    await import("../../src/fray.ts");
    await t.fake.hooks.callAsync("init");
    t.referee = await import("../../src/foundry/shared/referee.ts");
    t.attack = await import("../../src/foundry/rulesets/dicepool/attack/declare.ts");
    t.DEFAULT_CHOICE = (
      await import("../../src/foundry/rulesets/dicepool/attack/dialog.ts")
    ).DEFAULT_CHOICE;
    t.combat = await import("../../src/foundry/rulesets/dicepool/combat.ts");
    t.acts = await import("../../src/foundry/rulesets/dicepool/table/kit.ts");
    t.protocol = await import("../../src/foundry/cards/protocol.ts");
    const budget = await import("../../src/foundry/rulesets/dicepool/budget.ts");
    t.grapples = (actor) => budget.heldGrapples(actor);
    t.penalty = (actor) => budget.grapplePenaltyOf(actor);
    const falling = await import("../../src/foundry/rulesets/dicepool/falling.ts");
    t.falling = (actor) => falling.fallingOf(actor);
    t.budget = (actor) => ({ ...budget.turnActionsOf(actor) });
    t.board = installCanvasFake({ distance: 5, units: "ft" });
  });
  beforeEach(() => {
    t.fake.setUser(GM.id);
    t.fake.setActive(GM.id, true);
    t.fake.notifications.length = 0;
    queue = [];
  });
  t.dice = (...faces) => {
    queue = [...faces];
  };
  t.sys = (actor) => (actor as unknown as Doc).system as unknown as DicepoolSystem;
  t.itemOf = (actor) =>
    (actor as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
  t.cardState = (message) => {
    const card = (message.flags as { fray?: { dicepoolAttack?: DicepoolAttackCardState } }).fray
      ?.dicepoolAttack;
    if (card === undefined) throw new Error("no card");
    return card;
  };
  t.defend = async (message, defense) =>
    (await t.protocol.pressCard(message, "defend", { defense })).ok;
  t.apply = async (message) => (await t.protocol.pressCard(message, "apply")).ok;
  t.fighters = async (weapon = { kind: "close" }, anaSystem = {}) => {
    const Actor = t.fake.CONFIG["Actor"]?.documentClass;
    const [ana, brute] = (await t.fake.as(GM.id, () =>
      Actor?.createDocuments([
        {
          name: "Ana",
          type: "character",
          ownership: { [PLAYER.id]: 3 },
          system: { attributes: { physical: 3 }, skills: { closeCombat: 2 }, ...anaSystem },
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
    t.board.place(ana, { col: 0, row: 0 });
    t.board.place(brute, { col: 0, row: 0 });
    return { ana, brute };
  };
  t.playerAttacks = async (ana, brute, choice = {}) => {
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const message = await t.attack.declareDicepoolAttack(ana, t.itemOf(ana), [brute], {
      ...t.DEFAULT_CHOICE,
      ...choice,
    });
    if (message === null) throw new Error(`refused: ${JSON.stringify(t.fake.notifications)}`);
    return message;
  };
  t.fight = async (...actors) => {
    const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
    const order = await import("../../src/foundry/rulesets/dicepool/combat.ts");
    const Combat = t.fake.CONFIG["Combat"]?.documentClass;
    const combat = (await t.fake.as(GM.id, () =>
      Combat?.create({}),
    )) as unknown as Combat.Implementation;
    await t.fake.as(GM.id, () =>
      combat.createEmbeddedDocuments(
        "Combatant",
        actors.map((actor) => ({ actorId: actor.id })),
      ),
    );
    await whenIdle();
    // Each rolls its initiative pool: the first listed scores the most hits, and so on down.
    const faces = actors.flatMap((actor, i) => {
      const dice = Number(/^(\d+)d/.exec(order.dicepoolOrderInput(actor).die ?? "")?.[1] ?? 0);
      const hits = Math.min(dice, actors.length - i);
      return Array.from({ length: dice }, (_, d) => (d < hits ? 6 : 1));
    });
    t.dice(...faces);
    await t.fake.as(GM.id, () => combat.startCombat());
    await whenIdle();
    return combat;
  };
  t.endTurn = async (combat) => {
    const { requestTurnAction, whenIdle } = await import("../../src/foundry/combat/actions.ts");
    const { turnStateOf } = await import("../../src/foundry/combat/state.ts");
    const active = turnStateOf(combat).active;
    if (active === null) throw new Error("no turn is running");
    await t.fake.as(GM.id, () =>
      requestTurnAction(combat, { kind: "endTurn", combatantId: active }),
    );
    await whenIdle();
  };
  t.gmSets = async (actor, changes) => {
    await t.fake.as(GM.id, () => actor.update(changes as never));
  };
  return t;
}

type SheetHandler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/**
 * Clicks a button of the actor's dice-pool sheet (its data-action, with the button's data
 * attributes; no row around it), as ApplicationV2 runs it.
 */
export async function clickDicepoolSheet(
  actor: Actor.Implementation,
  action: string,
  dataset: Record<string, string> = {},
): Promise<void> {
  const { DicepoolActorSheet } =
    await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
  const Sheet = DicepoolActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, SheetHandler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no ${action} action`);
  const target = { dataset, closest: () => null, querySelector: () => null };
  await handler.call(new Sheet({ document: actor }), {}, target);
}

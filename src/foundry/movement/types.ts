/**
 * A ruleset's part of moving on the map (the seam's `movement`): how far its rules count (the
 * unit a path is measured in), which of core's movement actions an actor may pick, what one space
 * costs for core's measurement and the ruler, and the price of a whole path, read from the live
 * actor and the GM-owned budget, with what paying it writes.
 */
import type { DistanceUnit } from "../../rules/core/distance.ts";
import type { Result } from "../../rules/core/result.ts";
import type { MoveMode, MovePath, MovePrice } from "../../rules/movement/types.ts";
import type { ReactionTrigger } from "../../rules/movement/reactions.ts";

/** The ground a path crosses (movement/ground.ts groundOf). */
export interface Ground {
  /** Steps onto ground climbed, swum, or difficult for the path's action. */
  readonly climb: number;
  readonly swim: number;
  readonly difficult: number;
  /** The difficulty of each step onto rough ground, in order. */
  readonly rough: readonly number[];
}

/** A moved token as the ground's rules read it (core TokenDocument). */
export interface MovedToken {
  readonly id: string | null;
  readonly x: number;
  readonly y: number;
  /** Its elevation, in the scene's units. */
  readonly elevation?: number;
  /** The scene it stands on (core: the TokenDocument's parent), with its Regions. */
  readonly parent?: { readonly regions?: { readonly contents: readonly unknown[] } } | null;
}

/** A move the active GM has paid, for what the ground does after it (`MovementRules.afterMove`). */
export interface SettledMove {
  readonly token: MovedToken;
  readonly actor: Actor.Implementation;
  readonly mode: MoveMode;
  /** The user who made the move (core: the movement's user). */
  readonly userId: string;
  /** The ground its path crossed (movement/ground.ts). */
  readonly ground: Ground;
  /** The ground it stands on at the end (movement/ground.ts groundUnder). */
  readonly under: Ground;
  /** The ground level under it at the end, in the scene's units (ground.ts groundLevelUnder). */
  readonly groundLevel: number;
  /** The scene's grid: the units of a space (`distance`, `units`). */
  readonly grid: { readonly distance: number; readonly units: string };
}

/**
 * A ruleset's part of the reactions a move raises (movement/reaction-card.ts posts the one reaction
 * card): the book's trigger, how far a fighter threatens, and what suppresses it.
 */
export interface MovementReactions {
  readonly trigger: ReactionTrigger;
  /** For "within": how far (in spaces) the mover may go inside a reach without provoking. */
  readonly withinLimit?: number;
  /**
   * How far the actor threatens, in the ruleset's unit (`MovementRules.unit`), from what it
   * wields and is (a melee weapon's reach, its own space only: 0); null: it threatens nobody.
   */
  readonly reachOf: (actor: Actor.Implementation) => number | null;
  /**
   * Whether the threatener can take the reaction now against the mover (not down, the round's
   * reaction left, the book's price payable); absent: whoever threatens can.
   */
  readonly canReact?: (actor: Actor.Implementation, mover: Actor.Implementation) => boolean;
  /** Whether this move provokes nothing (Retreat, Disengage, Fighting Withdrawal). */
  readonly suppressed: (mover: Actor.Implementation, mode: MoveMode) => boolean;
  /**
   * The reaction card's button, on the threatener's owner's client: opens the ruleset's attack
   * dialog for the reacting `attacker` at the mover (`target`, already this user's one target),
   * set up as the book's reaction (its cost, its weapon); `reaction` is the card's message id,
   * the GM-written proof the referee checks (movement/reaction-card.ts reactionOpen).
   */
  readonly openAttack: (
    attacker: Actor.Implementation,
    how: { readonly target: Actor.Implementation; readonly reaction: string },
  ) => Promise<unknown>;
}

/** A priced path, and the write that pays it (run by the active GM only, once per move). */
export interface PricedMove {
  readonly price: MovePrice;
  /** Records what the move spent: the ledger's budget, the mover's Energy. */
  readonly pay: () => Promise<void>;
}

export interface MovementRules {
  /** The unit the ruleset's rules count a path in. */
  readonly unit: DistanceUnit;
  /** The movement actions the ruleset offers (core's ids). */
  readonly modes: readonly MoveMode[];
  /** Whether the actor may pick this action now (crawl only prone, walk only standing …). */
  readonly canSelect: (actor: Actor.Implementation, mode: MoveMode) => boolean;
  /** What one space costs in the ruleset's currency, for core's measurement and the ruler. */
  readonly spaceCost: (actor: Actor.Implementation, mode: MoveMode) => number;
  /**
   * The price of a path for the actor as it stands now, in the combat it fights in (the budget
   * read from the ledger), or the rules' refusal.
   */
  readonly price: (actor: Actor.Implementation, path: MovePath) => Result<PricedMove>;
  /**
   * Runs the GM's re-check and payment in the queue the ruleset's referee already uses for this
   * actor's budget, so a move and an attack never both spend the same action.
   */
  readonly queue: <T>(actor: Actor.Implementation, task: () => Promise<T>) => Promise<T>;
  /** The translation key of one of its refusals. */
  readonly refusalKey: (reason: string) => string;
  /** The reactions a move raises (absent: none). */
  readonly reactions?: MovementReactions;
  /**
   * The fighters a move of this actor drags along (the dice pool's grappled victims), read
   * before it is paid: once paid, the active GM moves their tokens by what the mover moved
   * (forced.ts). Absent: nobody.
   */
  readonly dragged?: (actor: Actor.Implementation) => readonly Actor.Implementation[];
  /**
   * The ruler's words for what the ground does to this mover's path ("climbing ×2", "rough
   * terrain: 2 rolls"), localized; none for ground that changes nothing for it. Absent: none.
   */
  readonly terrainNotes?: (actor: Actor.Implementation, ground: Ground, mode: MoveMode) => string[];
  /**
   * The active GM, once a move is paid (once per move): what the ground does after it (the dice
   * pool's rough-terrain rolls, a fall begun in the air). Absent: nothing.
   */
  readonly afterMove?: (move: SettledMove) => Promise<void>;
  /** World settings of its movement (how far a Move goes …), registered with it at init. */
  readonly registerSettings?: () => void;
}

/**
 * The two-dice attack, the client's half: what a player sends to attack (ids and choices: the
 * attacker, its weapon, the one target, single shot or full Auto, whether it moved or cuts in), and
 * pressing the card's buttons. The referee's half (attack/referee.ts) re-reads the documents,
 * checks, rolls and posts the card; both go through the one card protocol (cards/protocol.ts).
 *
 * A player's attack carries no numbers but whether it moved and the move it is part of: the GM's
 * own requests may add the target's awareness, a target modifier, cover, a distance and hiding
 * (the GM's calls in the book). A player's target modifier, cover and distance (where no scene
 * measures it) are read as its claims: the card shows them and waits for the GM to confirm or
 * correct them (attack/claims.ts); the GM's values are what resolves.
 */
import type { AttackSituation, Awareness } from "../../../../rules/twodice/attack.ts";
import { pressCard } from "../../../cards/protocol.ts";
import { declareAttackCard } from "../../../shared/attack.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { warnTwodiceRefusal } from "../adapter.ts";

/** The kind of the attack's declaration and of its card. */
export const TWODICE_ATTACK = "twodice.attack";

export type AttackMode = "single" | "auto";

/** A move declared with the attack (the book's move actions that carry one). */
export type AttackMove = "moveAndMelee" | "moveAndShoot";
export const ATTACK_MOVES: readonly AttackMove[] = ["moveAndMelee", "moveAndShoot"];

/** What a player claims for its shot, for the GM to confirm or correct. */
export interface TwodiceClaims {
  readonly targetModifier?: number;
  readonly cover?: readonly number[];
  /** Counted only where no scene measures the distance. */
  readonly distance?: number;
}

/**
 * What a client chooses for an attack (sent as the declaration's situation, beside the ids): single
 * shot or full Auto, whether it moved, whether it cuts in; the GM's own requests may add its calls.
 */
export interface TwodiceChoices {
  readonly mode: AttackMode;
  /** The shooter moved or turns more than 90° (its own doing). */
  readonly moved?: boolean;
  /**
   * A waiting attacker cuts in, out of its side's turn: the attack goes before the event it
   * answers when it is the action it declared, after it otherwise (the card says which).
   */
  readonly cutIn?: boolean;
  /** The move the attack is part of (move + melee, move + half and shoot). */
  readonly move?: AttackMove;
  /** A player's claims (attack/claims.ts). */
  readonly claims?: TwodiceClaims;
  /** The GM's calls (from a player's intent, its target modifier, cover and distance are claims). */
  readonly awareness?: Awareness;
  readonly targetModifier?: number;
  readonly cover?: readonly number[];
  readonly distance?: number;
  readonly hidden?: boolean;
}

const AWARENESS: readonly Awareness[] = ["aware", "unaware", "ignores"];

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The numbers a GM calls and a player claims, each only when well formed (the rules check its range). */
function numbersOf(p: Record<string, unknown>): TwodiceClaims {
  const cover = p["cover"];
  return {
    ...(finite(p["targetModifier"]) ? { targetModifier: p["targetModifier"] } : {}),
    ...(Array.isArray(cover) && cover.every(finite) ? { cover: cover } : {}),
    ...(finite(p["distance"]) && p["distance"] >= 0 ? { distance: p["distance"] } : {}),
  };
}

/** The GM's calls of a GM's choices, each only when well formed. */
function gmCalls(p: Record<string, unknown>): Partial<TwodiceChoices> {
  return {
    ...(AWARENESS.includes(p["awareness"] as Awareness)
      ? { awareness: p["awareness"] as Awareness }
      : {}),
    ...numbersOf(p),
    ...(p["hidden"] === true ? { hidden: true } : {}),
  };
}

/** Reads the choices: the mode and the attacker's own choices; a GM's calls from a GM only. */
export function parseTwodiceChoices(raw: unknown, fromGM: boolean): TwodiceChoices | null {
  if (typeof raw !== "object" || raw === null) return null;
  const p = raw as Record<string, unknown>;
  const mode = p["mode"] ?? "single";
  if (mode !== "single" && mode !== "auto") return null;
  const move = p["move"];
  if (move !== undefined && move !== "" && !ATTACK_MOVES.includes(move as AttackMove)) return null;
  return {
    mode,
    moved: p["moved"] === true,
    cutIn: p["cutIn"] === true,
    ...(ATTACK_MOVES.includes(move as AttackMove) ? { move: move as AttackMove } : {}),
    ...(fromGM ? gmCalls(p) : { claims: numbersOf(p) }),
  };
}

/**
 * The situation of choices as `parseTwodiceChoices` read them: the distance measured on the scene
 * wins over a GM's; the GM's calls default to an aware target in the open.
 */
export function situationOf(
  choices: Partial<TwodiceChoices>,
  measured: number | null,
): AttackSituation {
  return {
    moved: choices.moved === true || choices.move === "moveAndShoot",
    distance: measured ?? choices.distance ?? 0,
    awareness: choices.awareness ?? "aware",
    targetModifier: choices.targetModifier ?? 0,
    cover: choices.cover ?? [],
    hidden: choices.hidden === true,
  };
}

/**
 * Attacks the target with a weapon (a player's client): the intent goes to the active GM, which
 * rolls and posts the card. A refusal is shown as a warning. Resolves to the card's message id,
 * or null.
 */
export async function declareTwodiceAttack(
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation,
  choices: Partial<TwodiceChoices> = {},
): Promise<string | null> {
  const situation: Partial<TwodiceChoices> = { mode: "single", ...choices };
  const ok = { ok: true } as const;
  const card = await declareAttackCard(
    TWODICE_ATTACK,
    attacker,
    weapon,
    [target],
    situation,
    ok,
    warnTwodiceRefusal,
  );
  return card?.id ?? null;
}

export type TwodiceStep = "apply" | "rollWithIt" | "counter";

/** A card button pressed on any client (the counterattack may name the defender's weapon). */
export function pressTwodiceCard(
  message: ChatMessage.Implementation,
  step: TwodiceStep,
  weaponId?: string,
): Promise<RefereeOutcome> {
  return pressCard(message, step, weaponId === undefined ? undefined : { weaponId });
}

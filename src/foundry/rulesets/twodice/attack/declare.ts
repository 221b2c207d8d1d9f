/**
 * The two-dice attack, the client's half: what a player sends to attack (ids and choices: the
 * attacker, its weapon, the one target, single shot or full Auto, whether it moved or cuts in), and
 * pressing the card's buttons. The referee's half (attack/referee.ts) re-reads the documents,
 * checks, rolls and posts the card; both go through the one card protocol (cards/protocol.ts).
 *
 * A player's attack carries no numbers but whether it moved: the GM's own requests may add the
 * target's awareness, a target modifier, cover, a distance and hiding (the GM's calls in the
 * book); from a player they are dropped when the intent is read.
 */
import type { AttackSituation, Awareness } from "../../../../rules/twodice/attack.ts";
import { declareCard, pressCard } from "../../../cards/protocol.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId } from "../adapter.ts";

/** The kind of the attack's declaration and of its card. */
export const TWODICE_ATTACK = "twodice.attack";

export type AttackMode = "single" | "auto";

/** What a client sends to attack: ids and choices; the GM's own requests may add its calls. */
export interface TwodiceAttackIntent {
  readonly attackerId: string;
  readonly weaponId: string;
  readonly targetId: string;
  readonly mode: AttackMode;
  /** The shooter moved or turns more than 90° (its own doing). */
  readonly moved?: boolean;
  /**
   * A waiting attacker cuts in, out of its side's turn: the attack goes before the event it
   * answers when it is the action it declared, after it otherwise (the card says which).
   */
  readonly cutIn?: boolean;
  /** The GM's calls (dropped from a player's intent). */
  readonly awareness?: Awareness;
  readonly targetModifier?: number;
  readonly cover?: readonly number[];
  readonly distance?: number;
  readonly hidden?: boolean;
}

const AWARENESS: readonly Awareness[] = ["aware", "unaware", "ignores"];

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The GM's calls of a GM's intent, each only when well formed (the rules check its range). */
function gmCalls(p: Record<string, unknown>): Partial<TwodiceAttackIntent> {
  const cover = p["cover"];
  return {
    ...(AWARENESS.includes(p["awareness"] as Awareness)
      ? { awareness: p["awareness"] as Awareness }
      : {}),
    ...(finite(p["targetModifier"]) ? { targetModifier: p["targetModifier"] } : {}),
    ...(Array.isArray(cover) && cover.every(finite) ? { cover } : {}),
    ...(finite(p["distance"]) && p["distance"] >= 0 ? { distance: p["distance"] } : {}),
    ...(p["hidden"] === true ? { hidden: true } : {}),
  };
}

/** Reads an attack intent: ids, the mode and the attacker's own choices; a GM's calls from a GM. */
export function parseTwodiceAttack(raw: unknown, fromGM: boolean): TwodiceAttackIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const p = raw as Record<string, unknown>;
  const { attackerId, weaponId, targetId, mode } = p;
  if (typeof attackerId !== "string" || typeof weaponId !== "string") return null;
  if (typeof targetId !== "string" || (mode !== "single" && mode !== "auto")) return null;
  return {
    attackerId,
    weaponId,
    targetId,
    mode,
    moved: p["moved"] === true,
    cutIn: p["cutIn"] === true,
    ...(fromGM ? gmCalls(p) : {}),
  };
}

/**
 * The situation of an intent as read by `parseTwodiceAttack`: the distance measured on the scene
 * wins over a GM's; the GM's calls default to an aware target in the open.
 */
export function situationOf(
  intent: Partial<TwodiceAttackIntent>,
  measured: number | null,
): AttackSituation {
  return {
    moved: intent.moved === true,
    distance: measured ?? intent.distance ?? 0,
    awareness: intent.awareness ?? "aware",
    targetModifier: intent.targetModifier ?? 0,
    cover: intent.cover ?? [],
    hidden: intent.hidden === true,
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
  choices: Partial<Omit<TwodiceAttackIntent, "attackerId" | "weaponId" | "targetId">> = {},
): Promise<string | null> {
  const intent: TwodiceAttackIntent = {
    mode: "single",
    ...choices,
    attackerId: combatantId(attacker),
    weaponId: weapon.id ?? "",
    targetId: combatantId(target),
  };
  const outcome = await declareCard(TWODICE_ATTACK, intent);
  return outcome.ok && typeof outcome.value === "string" ? outcome.value : null;
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

/**
 * The moves declared this turn, as the referee keeps them (rules/twodice/turn-end.ts): in the
 * fight's ledger (combat/ledger.ts, which only the GM writes), one entry per combatant, stamped
 * with the round. Each holds the move action, its metres, its destination once given, whether it
 * ends in hiding, and the attack card of a move + melee or move + half and shoot, rolled when the
 * turn ends (turn-end.ts carries them out).
 *
 * Whether moves wait for the end of the turn is the world setting `twodiceMovesAtTurnEnd` (on by
 * default, as the book orders them); off, a token moves as it is dragged (movement.ts) and an
 * attack with a move is rolled at once.
 */
import { isMoveKind } from "../../../rules/twodice/turn-end.ts";
import type { MapPoint, PlannedMove } from "../../../rules/twodice/turn-end.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { ledgerEntry } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { turnStateOf } from "../../combat/state.ts";
import { registerWorldSetting } from "../../shared/settings.ts";

/** The ledger key of a combatant's declared move this turn. */
export const TWODICE_PLAN = "twodicePlan";

/** What the ledger keeps of a declared move. */
export interface StoredPlan {
  readonly round: number;
  readonly move: PlannedMove;
  /** A move + half and cover that ends in hiding. */
  readonly intoHiding: boolean;
  /** The attack card of a move + melee or move + half and shoot, rolled at the end of the turn. */
  readonly attackCard: string | null;
}

const SETTING = "twodiceMovesAtTurnEnd";

/** Registers the setting (turn-end.ts registerTurnEnd, from the ruleset's registerSettings). */
export function registerTurnEndSetting(): void {
  registerWorldSetting(SETTING, (part) => `FRAY.Twodice.Settings.MovesAtTurnEnd.${part}`, {
    type: Boolean,
    default: true,
    section: "scene",
  });
}

/** Whether declared moves wait for the end of the turn (the world setting; on by default). */
export function movesAtTurnEnd(): boolean {
  const id = `${SYSTEM_ID}.${SETTING}`;
  if (!game.settings.settings.has(id as never)) return true;
  return game.settings.get(SYSTEM_ID, SETTING as never) !== false;
}

const isPoint = (p: unknown): p is MapPoint =>
  typeof p === "object" &&
  p !== null &&
  Number.isFinite((p as MapPoint).x) &&
  Number.isFinite((p as MapPoint).y);

/** A stored move of the right shape, or null. */
function planFrom(value: unknown): StoredPlan | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Partial<StoredPlan>;
  const m = v.move as unknown as Partial<PlannedMove> | null | undefined;
  if (typeof v.round !== "number" || typeof m !== "object" || m === null) return null;
  const fits =
    typeof m.combatantId === "string" &&
    typeof m.kind === "string" &&
    isMoveKind(m.kind) &&
    Number.isFinite(m.seq) &&
    Number.isFinite(m.metres) &&
    (m.path === null || (Array.isArray(m.path) && m.path.every(isPoint)));
  if (!fits) return null;
  return {
    round: v.round,
    move: m as PlannedMove,
    intoHiding: v.intoHiding === true,
    attackCard: typeof v.attackCard === "string" ? v.attackCard : null,
  };
}

/**
 * The combatant's declared move this round in the combat, or null; `ending`: the move of the
 * round that is ending (the round-end event runs once the combat's round has moved on, before
 * anything is declared in the new one).
 */
export function planIn(combat: CombatLike, combatantId: string, ending = false): StoredPlan | null {
  const plan = planFrom(ledgerEntry(combat, combatantId, TWODICE_PLAN));
  const round = turnStateOf(combat).round;
  const fits = plan !== null && (plan.round === round || (ending && plan.round === round - 1));
  return fits ? plan : null;
}

/** The next declaration's place in the turn: after every move declared so far this round. */
export function nextSeq(combat: CombatLike): number {
  let last = 0;
  for (const c of combat.combatants.contents) {
    const plan = planIn(combat, c.id ?? "");
    if (plan !== null) last = Math.max(last, plan.move.seq);
  }
  return last + 1;
}

/**
 * The moves the active GM is carrying out at the end of the turn, by combatant id: kept in the GM's
 * own memory (no player can add one), each taken by the move's payment (movement.ts) or when the
 * GM's carrying ends.
 */
const carrying = new Set<string>();

/** The GM begins (true) or ends (false) carrying out the combatant's move. */
export function carryingOut(combatantId: string, on: boolean): void {
  if (on) carrying.add(combatantId);
  else carrying.delete(combatantId);
}

/** Whether the GM is carrying out the combatant's declared move now. */
export function isCarried(combatantId: string): boolean {
  return carrying.has(combatantId);
}

/**
 * What stops a spell this round, as the referee's ledger records it (budget.ts `markedThisRound`):
 * the round a combatant last lost hit points (`wwn_hurtRound`), and the round the GM called it
 * badly jostled (`wwn_jostledRound`). (Readying or stowing, `wwn_handRound`, is marked where the
 * referee writes the item: budget.ts.)
 *
 * Hit points are lost in many ways: an attack's Apply, Shock, an Execution's maximum damage, the
 * grapple at a round's end, the GM's edit on the sheet or a token bar, a macro. So the mark is set
 * in one place every client write passes through: the WWN actor models' `_preUpdate` (core runs a
 * type DataModel's `_preUpdate` on the client that writes, before the update is sent), through
 * `noteHurt` below. A GM's client writes the mark itself, before the hit points; a player who
 * lowers their own actor's hit points asks the referee (`wwn.mark`), which marks only the sender's
 * own actor, so nobody can mark or spare another owner's caster.
 *
 * The grapple's damage at a round's end is written after the turn moved on to the next round: its
 * combat hook hands the mark for the round that ended to the transition's ledger update and tells
 * `noteHurt` to leave that write alone (`hurtMarkedByRoundEnd`).
 */
import { refuse } from "../../../rules/core/result.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { fightOf, ledgerChanges, ledgerEntry } from "../../combat/ledger.ts";
import type { LedgerWrite } from "../../combat/ledger.ts";
import { turnStateOf } from "../../combat/state.ts";
import { owns } from "../../shared/cards.ts";
import { currentUser } from "../../shared/env.ts";
import { isTransportReason, sendIntent, serializedBy } from "../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../shared/referee.ts";
import { combatantId, resolveActor, warnWwnRefusal } from "./adapter.ts";
import { MARK_KEYS } from "./budget.ts";
import { wwnActorWrites } from "./data.ts";

/** The referee's action that records a mark. */
export const WWN_MARK = "wwn.mark";

const MARKS = ["hurt", "jostled"] as const;
type Mark = (typeof MARKS)[number];

interface MarkIntent {
  readonly actorId: string;
  readonly mark: Mark;
}

function parseMark(raw: unknown): MarkIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { actorId, mark } = raw as Record<string, unknown>;
  if (typeof actorId !== "string" || !MARKS.includes(mark as Mark)) return null;
  return { actorId, mark: mark as Mark };
}

/** The ledger write that marks the actor's combatant with `mark` in `round`. */
function markWrite(combatant: string, mark: Mark, round: number): LedgerWrite {
  return { combatantId: combatant, key: MARK_KEYS[mark], value: round };
}

/** Writes the mark in the ledger of the combat the actor fights in (nothing outside one). */
async function writeMark(actor: Actor.Implementation, mark: Mark): Promise<void> {
  const fight = fightOf(actor);
  if (fight === null) return;
  const id = fight.combatant.id ?? "";
  const round = turnStateOf(fight.combat).round;
  if (ledgerEntry(fight.combat, id, MARK_KEYS[mark]) === round) return;
  await fight.combat.update(ledgerChanges([markWrite(id, mark, round)]));
}

/* ------------------------------------------------------------------------------------------ */
/*  Hit points lost                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** Rules ids whose next loss of hit points the round end's ledger update marks already. */
const markedByRoundEnd = new Set<string>();

/**
 * The round end's grapple damage is about to be written (after the turn moved on): the marks for
 * the round that ended, for the transition's ledger update, and `noteHurt` skips those writes.
 */
export function hurtMarkedByRoundEnd(
  hurt: readonly { readonly actor: Actor.Implementation; readonly combatantId: string }[],
  round: number,
): LedgerWrite[] {
  // A token's own actor is written through its token (combat/events.ts), not its model: no
  // `_preUpdate` to skip.
  for (const { actor } of hurt) if (!actor.isToken) markedByRoundEnd.add(combatantId(actor));
  return hurt.map(({ combatantId: id }) => markWrite(id, "hurt", round));
}

/** The new hit points an update writes, given flat or nested; undefined when it writes none. */
function newHp(changes: Record<string, unknown>): unknown {
  if (Object.hasOwn(changes, "system.health.value")) return changes["system.health.value"];
  const health: unknown = (changes["system"] as { health?: unknown } | undefined)?.health;
  if (typeof health === "object" && health !== null && Object.hasOwn(health, "value")) {
    return (health as { value: unknown }).value;
  }
  return undefined;
}

/**
 * Run by the WWN actor models' `_preUpdate` on the writing client: an update that lowers the
 * actor's hit points marks it hurt this round in the combat it fights in.
 */
export async function noteHurt(
  actor: Actor.Implementation,
  changes: Record<string, unknown>,
): Promise<void> {
  const hp = newHp(changes);
  const now = (actor.system as unknown as { health?: { value?: unknown } }).health?.value;
  if (typeof hp !== "number" || typeof now !== "number" || !(hp < now)) return;
  const id = combatantId(actor);
  if (markedByRoundEnd.delete(id)) return;
  if (fightOf(actor) === null) return;
  if (currentUser().isGM) {
    await writeMark(actor, "hurt");
    return;
  }
  // A player lowering their own actor's hit points: the referee writes the mark. Not awaited,
  // so the player's own write never waits for the GM.
  void sendIntent(WWN_MARK, { actorId: id, mark: "hurt" });
}

wwnActorWrites.hpLowered = noteHurt;

/* ------------------------------------------------------------------------------------------ */
/*  The referee                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * On the active GM: "hurt" marks an actor the sender owns (its owner lowered its hit points);
 * "jostled" is the GM's call alone.
 */
export function refereeMark(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const parsed = parseMark(intent.payload);
  if (parsed === null) return Promise.resolve(refuse("badRequest"));
  const actor = resolveActor(parsed.actorId);
  const allowed =
    actor !== null && (sender.isGM || (parsed.mark === "hurt" && owns(actor, sender)));
  if (!allowed) return Promise.resolve(refuse("notAllowed"));
  return serializedBy(`${SYSTEM_ID}.attacker.${parsed.actorId}`, async () => {
    if (fightOf(actor) === null) return refuse("notInCombat");
    await writeMark(actor, parsed.mark);
    return { ok: true };
  });
}

/**
 * The GM's call that the actor was badly jostled this round (the sheet's button): it cannot cast
 * a spell until the next round. A player's press is refused.
 */
export async function wwnJostle(actor: Actor.Implementation): Promise<boolean> {
  if (!currentUser().isGM) {
    warnWwnRefusal(refuse("onlyGmJostles"));
    return false;
  }
  const outcome = await sendIntent(WWN_MARK, { actorId: combatantId(actor), mark: "jostled" });
  if (!outcome.ok && !isTransportReason(outcome.reason)) {
    warnWwnRefusal({ ...outcome, detail: { name: actor.name, ...outcome.detail } });
  }
  return outcome.ok;
}

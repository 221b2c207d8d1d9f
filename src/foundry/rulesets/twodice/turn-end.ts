/**
 * Declared moves carried out as the book orders them (rules/twodice/turn-end.ts), on the map.
 *
 * - Declaring: a move action taken from the sheet, the hotbar or the attack dialog keeps the move
 *   in the ledger for the end of the turn (plan.ts, stance.ts). Dragging a fighter's token then
 *   does not move it: the drag names where it goes. The mover's client sends the path to the
 *   referee (`twodice.plan`), which measures it on the scene from where the token stands, checks
 *   it against the move declared (or declares a plain Move with it, the turn's action, when the
 *   fighter has not acted) and keeps it; a path too long is refused with the reason.
 * - The end of the turn (the round's end, the tracker's next round): the active GM carries every
 *   declared move out at once, in one write of the scene's tokens (core's batched movement),
 *   each token going along its path through the movement seam (the price of a move the GM
 *   carries out: movement.ts), a mover that rolled with an attack stopping
 *   half way, one a wound took out staying put. Then, in the order the moves were declared, what
 *   was combined with them: the attack of a move + melee or move + half and shoot is rolled on
 *   its card (attack/deferred.ts), a move + half and hide hides. The kept moves are cleared.
 *
 * A fighter without a token still declares its move and its combined action; only nothing moves
 * on a map. Where the world moves tokens as they are dragged (the setting off), none of this runs.
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import { sceneDistance } from "../../../rules/core/distance.ts";
import {
  checkPath,
  cutPath,
  declareDestination,
  turnEnd,
} from "../../../rules/twodice/turn-end.ts";
import type { MapPoint } from "../../../rules/twodice/turn-end.ts";
import { hiddenAfter } from "../../../rules/twodice/hide.ts";
import { checkAbleToAct } from "../../../rules/twodice/wounds.ts";
import type { ActorChange, EventCombatant } from "../../combat/events.ts";
import { fightOf, recordForActors } from "../../combat/ledger.ts";
import type { ActorLedgerWrite } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { turnStateOf } from "../../combat/state.ts";
import { combatantId } from "../../shared/actors.ts";
import { inActorQueue } from "../../shared/attack.ts";
import { i18n } from "../../shared/env.ts";
import { sendIntent } from "../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../shared/referee.ts";
import { tokenOf } from "../../shared/scene.ts";
import { heightTravelled } from "../../movement/distance.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import { toTwodiceCombatant, warnTwodiceRefusal } from "./adapter.ts";
import { fireDeclared } from "./attack/deferred.ts";
import { TWODICE_TURN, turnIn, twodiceNow } from "./budget.ts";
import {
  TWODICE_PLAN,
  carryingOut,
  isCarried,
  movesAtTurnEnd,
  nextSeq,
  planIn,
  registerTurnEndSetting,
} from "./plan.ts";
import type { StoredPlan } from "./plan.ts";
import { ownActor } from "./table/checks.ts";
import { TWODICE_HIDDEN, twodiceHidden } from "./stance.ts";

/** The referee action of a dragged destination. */
export const TWODICE_PLAN_ACTION = "twodice.plan";

/** What Fray reads of a dragged token and its movement (core `TokenMovementOperation`). */
interface Dragged {
  readonly actor: Actor.Implementation | null;
}
interface DragMovement {
  readonly method?: string;
  readonly passed?: {
    readonly waypoints?: readonly { x: number; y: number; elevation?: number }[];
  };
}

/** Moves that are not a fighter moving: an undo, a GM's placing through the token's config. */
const UNPLANNED_METHODS: ReadonlySet<string> = new Set(["undo", "config", "paste"]);

/**
 * The mover's client (core `preMoveToken`, before the generic pricing hook): a fighter's drag in a
 * started combat names where its declared move goes, sent to the referee; the token stays.
 */
export function onPlanDrag(token: Dragged, movement: DragMovement): boolean {
  const actor = token.actor;
  if (actor === null || !movesAtTurnEnd() || fightOf(actor) === null) return true;
  if (UNPLANNED_METHODS.has(movement.method ?? "")) return true;
  // The active GM carrying the move out (this is its client).
  if (isCarried(combatantId(actor))) return true;
  const path = (movement.passed?.waypoints ?? []).map(({ x, y, elevation }) =>
    typeof elevation === "number" ? { x, y, elevation } : { x, y },
  );
  const sent = planMove(actor, path).finally(() => pending.delete(sent));
  pending.add(sent);
  return false;
}

/** The destinations this client sent and is still waiting on (`whenPlanned`). */
const pending = new Set<Promise<unknown>>();

/** Resolves once every destination this client sent was answered (for macros and tests). */
export async function whenPlanned(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/** Sends a destination to the referee; says where the token goes, or why not. */
export async function planMove(
  actor: Actor.Implementation,
  path: readonly MapPoint[],
): Promise<RefereeOutcome> {
  const outcome = await sendIntent(TWODICE_PLAN_ACTION, { actorId: combatantId(actor), path });
  if (!outcome.ok) warnTwodiceRefusal(outcome);
  else ui.notifications?.info(i18n().format("FRAY.Twodice.TurnEnd.Planned", { name: actor.name }));
  return outcome;
}

/** Registers the setting and the drag that names a destination (the ruleset's registerSettings). */
export function registerTurnEnd(): void {
  registerTurnEndSetting();
  const hooks = Hooks as unknown as {
    on(hook: string, fn: (token: unknown, movement: unknown) => unknown): number;
  };
  // Core v13's hookEvents.preMoveToken (not listed by this version of fvtt-types).
  hooks.on("preMoveToken", (token, movement) =>
    onPlanDrag(token as Dragged, movement as DragMovement),
  );
}

function pathOf(raw: unknown): MapPoint[] | null {
  if (!Array.isArray(raw)) return null;
  const points = (raw as unknown[]).map((p) => {
    const q = (typeof p === "object" && p !== null ? p : {}) as Record<string, unknown>;
    const point = { x: q["x"] as number, y: q["y"] as number };
    return q["elevation"] === undefined ? point : { ...point, elevation: q["elevation"] as number };
  });
  return points.length > 0 && checkPath("path", points) === undefined ? points : null;
}

/** The referee: keeps the destination of the sender's fighter's move (see the file's comment). */
async function refereePlan(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const p = (intent.payload ?? {}) as Record<string, unknown>;
  const actor = ownActor(p["actorId"] as string, sender);
  if (actor === null) return refuse("notAllowed");
  const path = pathOf(p["path"]);
  if (path === null) return refuse("badRequest");
  const fight = fightOf(actor);
  if (fight === null || !movesAtTurnEnd()) return refuse("notInCombat");
  return inActorQueue(combatantId(actor), async () => {
    const me = twodiceNow(actor);
    const out = checkAbleToAct(me);
    if (out) return out;
    const kept = planIn(fight.combat, fight.combatant.id ?? "");
    // A new Move is the turn's action: in its side's turn (as any action).
    if (kept === null && !sender.isGM && !isActorsTurn(actor)) return refuse("notYourTurn");
    const token = tokenOf(actor);
    const scene = token?.parent ?? null;
    if (token === null || scene === null) return refuse("noToken", { name: actor.name });
    const grid = scene.grid;
    // The ground it covers, and the height it climbs or drops, counted alike (README).
    const ground = grid.measurePath(
      [{ x: token.x, y: token.y }, ...path.map(({ x, y }) => ({ x, y }))],
      {},
    ).distance;
    const measured = ground + heightTravelled(token.elevation, path);
    const metres = sceneDistance(measured, { distance: grid.distance, units: grid.units }, "m");
    if (!metres.ok) return metres;
    const how = {
      combatantId: fight.combatant.id ?? "",
      agility: me.traits["agility"] ?? 0,
      declared: kept?.move ?? null,
      seq: nextSeq(fight.combat),
    };
    const planned = declareDestination(me.turn, how, path, metres.value);
    if (!planned.ok) return refuse(planned.reason, { ...planned.detail, name: actor.name });
    const plan: StoredPlan = {
      round: turnStateOf(fight.combat).round,
      move: planned.value.move,
      intoHiding: kept?.intoHiding ?? false,
      attackCard: kept?.attackCard ?? null,
    };
    const writes: ActorLedgerWrite[] = [{ actor, key: TWODICE_PLAN, value: plan }];
    if (kept === null) {
      // A plain Move declared by the drag: the action, and a move shows a hider.
      writes.push({ actor, key: TWODICE_TURN, value: planned.value.turn });
      writes.push({ actor, key: TWODICE_HIDDEN, value: hiddenAfter(twodiceHidden(actor), "move") });
    }
    await recordForActors(writes);
    return ok(undefined);
  });
}

/** The referee's side of the drag, for the seam's `refereeActions`. */
export const TWODICE_PLAN_ACTIONS = { [TWODICE_PLAN_ACTION]: refereePlan };

/** What Fray writes of a scene: its tokens, moved together (core v13's batched movement). */
interface MovingScene {
  updateEmbeddedDocuments(
    name: "Token",
    updates: { _id: string }[],
    operation: { movement: Record<string, { waypoints: MapPoint[]; method: "api" }> },
  ): Promise<unknown>;
}

/**
 * Carries the moves out, all at once: each token along its (cut) path, every token of a scene in
 * one write (core v13's batched movement: `updateEmbeddedDocuments("Token", updates, {movement})`,
 * the waypoints of each token under its id). Each move is still priced and checked by the GM as
 * its own (movement.ts, from core's `moveToken` per token).
 */
async function carryAll(
  moves: readonly { actor: Actor.Implementation; path: readonly MapPoint[]; share: number }[],
) {
  const byScene = new Map<
    MovingScene,
    {
      updates: { _id: string }[];
      movement: Record<string, { waypoints: MapPoint[]; method: "api" }>;
    }
  >();
  const ids: string[] = [];
  for (const { actor, path, share } of moves) {
    const token = tokenOf(actor);
    const scene = token?.parent as unknown as MovingScene | null | undefined;
    if (token === null || token.id === null || scene === null || scene === undefined) continue;
    const cut = cutPath({ x: token.x, y: token.y, elevation: token.elevation }, path, share);
    if (cut.length === 0) continue;
    const batch = byScene.get(scene) ?? { updates: [], movement: {} };
    batch.updates.push({ _id: token.id });
    batch.movement[token.id] = { waypoints: [...cut], method: "api" };
    byScene.set(scene, batch);
    ids.push(combatantId(actor));
  }
  for (const id of ids) carryingOut(id, true);
  try {
    for (const [scene, { updates, movement }] of byScene) {
      await scene.updateEmbeddedDocuments("Token", updates, { movement });
    }
    // The GM's own pricing of each move runs in its actor's queue: wait for them before closing.
    await Promise.all(ids.map((id) => inActorQueue(id, () => Promise.resolve())));
  } finally {
    for (const id of ids) carryingOut(id, false);
  }
}

/**
 * The end of the turn (the round-end event; the active GM): every declared move at once, then
 * what was combined with them, in the order declared. Answers the ledger's changes: each kept move
 * cleared, each move + half and hide hidden.
 */
export async function twodiceTurnEnd(
  combat: CombatLike,
  combatants: readonly EventCombatant[],
): Promise<ActorChange[]> {
  const actorOf = (id: string) => combat.combatants.get(id)?.actor ?? null;
  const kept = new Map<string, StoredPlan>();
  for (const c of combatants) {
    const plan = planIn(combat, c.combatantId, true);
    if (plan !== null) kept.set(c.combatantId, plan);
  }
  if (kept.size === 0) return [];
  const end = turnEnd(
    [...kept.values()].map((p) => p.move),
    // Still able: no wound above its Toughness took it out (wounds.ts).
    (id) => {
      const actor = actorOf(id);
      return actor !== null && checkAbleToAct(toTwodiceCombatant(actor)) === undefined;
    },
    (id) => turnIn(combat, id).moveHalved,
  );
  const changes: ActorChange[] = [...kept.keys()].map((combatantId) => ({
    combatantId,
    changes: {},
    ledger: { [TWODICE_PLAN]: null },
  }));
  if (!end.ok) return changes;
  await carryAll(
    end.value.moves.flatMap((m) => {
      const actor = actorOf(m.combatantId);
      return actor === null ? [] : [{ actor, path: m.path, share: m.share }];
    }),
  );
  for (const action of end.value.actions) {
    const plan = kept.get(action.combatantId);
    if (plan?.attackCard !== null && plan?.attackCard !== undefined) {
      await fireDeclared(plan.attackCard);
    }
    if (plan?.intoHiding === true) {
      changes.push({
        combatantId: action.combatantId,
        changes: {},
        ledger: { [TWODICE_HIDDEN]: true },
      });
    }
  }
  // The attack of a mover no longer able to carry it out: its card says why, nothing is rolled.
  const carried = new Set(end.value.actions.map((a) => a.combatantId));
  for (const [id, plan] of kept) {
    if (!carried.has(id) && plan.attackCard !== null) await fireDeclared(plan.attackCard);
  }
  return changes;
}

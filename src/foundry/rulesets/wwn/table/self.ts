/**
 * The WWN maneuvers an actor takes on itself, from its sheet (or a macro): Total Defense, going
 * prone and standing up, readying or stowing, reloading and refilling, Fighting Withdrawal, Run,
 * Hold and Delay, Screen an Ally, letting a captive go, dropping and picking up, joining a swarm.
 *
 * In a started combat each spends an action of the round, and the round is the referee's record
 * (budget.ts), so the maneuver is an intent (`wwn.self`: ids and choices): the player's client
 * checks it first (a refusal is a warning and nothing is sent), the active GM checks it again
 * against its ledger and writes the ledger and the actor's own fields. These post no card, so
 * they are the seam's one `refereeActions` entry. Outside a started combat nothing is counted:
 * the owner's client writes what changes on the actor itself (standing up, a loaded crossbow).
 */
import { ok, refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import {
  delay,
  dropItem,
  fightingWithdrawal,
  goProne,
  hold,
  moveRate,
  pickUp,
  readyOrStow,
  refillAmmo,
  releaseGrapple,
  reload,
  run,
  TERRAINS,
  screenAlly,
  standUp,
  totalDefense,
} from "../../../../rules/wwn/index.ts";
import type { Terrain, WwnCombatant, WwnUpdate } from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { owns } from "../../../shared/cards.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { isTransportReason, sendIntent, serializedBy } from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId, refusalFor, resolveActor, toWwnWeapon, warnWwnRefusal } from "../adapter.ts";
import { applyWwnOutcome, fighterIn, grapplesIn, membersByRulesId, turnOf } from "../budget.ts";
import type { Fight, LedgerWrite } from "../budget.ts";
import { joinSwarmOutcome } from "./swarm.ts";
import { postHeldCard } from "./held.ts";

/** The referee's action for every maneuver of this file. */
export const WWN_SELF = "wwn.self";

export const WWN_SELF_KINDS = [
  "totalDefense",
  "prone",
  "ready",
  "reload",
  "refill",
  "withdraw",
  "run",
  "hold",
  "delay",
  "screen",
  "release",
  "drop",
  "pickUp",
  "joinSwarm",
] as const;
export type WwnSelfKind = (typeof WWN_SELF_KINDS)[number];

/** What a player asks for: the maneuver, the actor, and its choices (ids, feet). */
export interface WwnSelfIntent {
  readonly kind: WwnSelfKind;
  readonly actorId: string;
  /** Ready, Reload, Refill, Drop, Pick up: the weapon. */
  readonly weaponId?: string;
  /** Run and Screen an Ally: how far the actor moves. */
  readonly feet?: number;
  /** Run: the ground (hard: climbing, swimming, very rough; half the move rate). */
  readonly terrain?: Terrain;
  /** Delay: whom to wait for; Screen: the ally; Join a swarm: its target (rules ids). */
  readonly otherId?: string;
}

const MAX_FEET = 10_000;

/** The intent from a payload, or null when anything in it is not what it should be. */
export function parseSelfIntent(raw: unknown): WwnSelfIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const kind = r["kind"];
  if (!WWN_SELF_KINDS.includes(kind as WwnSelfKind) || typeof r["actorId"] !== "string") {
    return null;
  }
  const { weaponId, feet, otherId, terrain } = r;
  if (weaponId !== undefined && typeof weaponId !== "string") return null;
  if (terrain !== undefined && !TERRAINS.includes(terrain as Terrain)) return null;
  if (otherId !== undefined && typeof otherId !== "string") return null;
  if (
    feet !== undefined &&
    (typeof feet !== "number" || !Number.isInteger(feet) || feet < 0 || feet > MAX_FEET)
  ) {
    return null;
  }
  return {
    kind: kind as WwnSelfKind,
    actorId: r["actorId"],
    ...(weaponId === undefined ? {} : { weaponId }),
    ...(feet === undefined ? {} : { feet }),
    ...(otherId === undefined ? {} : { otherId }),
    ...(terrain === undefined ? {} : { terrain: terrain as Terrain }),
  };
}

type Settled = Result<{ updates: readonly WwnUpdate[]; ledger?: LedgerWrite[] }>;

/** Whether `id` (a rules id) names another participant of the fight. */
function isOtherMember(fight: Fight, me: WwnCombatant, id: string): boolean {
  return id !== me.id && membersByRulesId(fight.combat).has(id);
}

/**
 * The maneuver on the documents and the ledger as this client sees them: the rule's outcome, or
 * its refusal. Run on the player's client first, then on the referee.
 */
function settleSelf(intent: WwnSelfIntent, actor: Actor.Implementation, fight: Fight | null) {
  const me = fighterIn(actor, fight);
  const turn = turnOf(actor);
  const item = intent.weaponId === undefined ? undefined : actor.items.get(intent.weaponId);
  const weapon = item?.type === "weapon" ? toWwnWeapon(item) : null;
  const other = intent.otherId ?? "";
  const settled = ((): Settled => {
    switch (intent.kind) {
      case "totalDefense":
        return totalDefense(me);
      case "prone":
        return me.prone ? standUp(me, turn) : goProne(me, turn);
      case "withdraw":
        return fightingWithdrawal(me, true, turn);
      case "hold":
        return hold(me, turn);
      case "release":
        return releaseGrapple(me);
      case "run": {
        const terrain = intent.terrain ?? "normal";
        const rate = intent.feet === undefined ? moveRate(me, terrain) : ok(intent.feet);
        if (!rate.ok) return rate;
        const grappled = fight !== null && [...grapplesIn(fight.combat).values()].includes(me.id);
        return run(me, rate.value, { grappled, turn, terrain });
      }
      case "delay":
        if (fight !== null && !isOtherMember(fight, me, other)) return refuse("noDelayTarget");
        return delay(me, other, turn);
      case "screen":
        if (other === "" || (fight !== null && !isOtherMember(fight, me, other))) {
          return refuse("noScreenTarget");
        }
        return screenAlly(me, other, intent.feet ?? 0, turn);
      case "joinSwarm":
        return joinSwarmOutcome(me, fight, other, turn);
      default:
        return settleWithWeapon(intent.kind, me, weapon, turn);
    }
  })();
  return settled.ok ? settled : refusalFor(settled, actor);
}

/** The maneuvers on one of the actor's weapons. */
function settleWithWeapon(
  kind: WwnSelfKind,
  me: WwnCombatant,
  weapon: ReturnType<typeof toWwnWeapon> | null,
  turn: ReturnType<typeof turnOf>,
): Settled {
  if (weapon === null) return refuse("notAWeapon");
  switch (kind) {
    case "ready":
      return readyOrStow(me, weapon, !weapon.readied, turn);
    case "reload":
      return reload(me, weapon, true, turn);
    case "refill":
      return refillAmmo(me, weapon, turn);
    case "drop":
      return weapon.readied ? dropItem(me, weapon) : refuse("alreadyThatWay");
    case "pickUp":
      return weapon.readied ? refuse("alreadyThatWay") : pickUp(me, weapon, turn);
    default:
      return refuse("badRequest");
  }
}

/**
 * The referee's side (on the active GM): checks the sender may act for the actor and, one request
 * per actor at a time, settles the maneuver on its own ledger and writes it.
 */
export function refereeSelf(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const parsed = parseSelfIntent(intent.payload);
  if (parsed === null) return Promise.resolve(refuse("badRequest"));
  const actor = resolveActor(parsed.actorId);
  if (actor === null || !(sender.isGM || owns(actor, sender))) {
    return Promise.resolve(refuse("notAllowed"));
  }
  return serializedBy(`${SYSTEM_ID}.attacker.${parsed.actorId}`, async () => {
    const fight = fightOf(actor);
    const settled = settleSelf(parsed, actor, fight);
    if (!settled.ok) return settled;
    await applyWwnOutcome(settled.value.updates, fight?.combat ?? null, settled.value.ledger);
    // A held action in a started combat: its card carries the holder's "Act now" (held.ts).
    if (parsed.kind === "hold" && fight !== null) await postHeldCard(actor, fight, sender);
    return { ok: true };
  });
}

/** The player's side: checks here, then writes the actor (no fight) or asks the referee. */
async function perform(
  actor: Actor.Implementation,
  choices: Omit<WwnSelfIntent, "actorId">,
): Promise<boolean> {
  const intent: WwnSelfIntent = { ...choices, actorId: combatantId(actor) };
  const fight = fightOf(actor);
  const local = settleSelf(intent, actor, fight);
  if (!local.ok) {
    warnWwnRefusal(local);
    return false;
  }
  if (fight === null) {
    await applyWwnOutcome(local.value.updates, null);
    return true;
  }
  const outcome = await sendIntent(WWN_SELF, intent);
  if (!outcome.ok && !isTransportReason(outcome.reason)) warnWwnRefusal(outcome);
  return outcome.ok;
}

/**
 * Total Defense (an Instant that costs the Main Action): +2 AC until the actor's next turn and no
 * Shock this round. Counted in a started combat only.
 */
export function wwnTotalDefense(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, { kind: "totalDefense" });
}

/** Go Prone (On Turn) or Stand Up (a Move action). */
export function wwnToggleProne(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, { kind: "prone" });
}

/** Ready or Stow a weapon (a Main Action). */
export function wwnToggleReadied(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  return perform(actor, { kind: "ready", weaponId: weapon.id ?? "" });
}

/**
 * Reload a weapon: a crossbow takes the Main Action, a bow a Move action (On Turn with Shoot-1),
 * each drawing one of its counted ammunition; a weapon with a counted magazine is filled back (a
 * Main Action). Ammunition a weapon does not count is taken to be readied.
 */
export function wwnReload(actor: Actor.Implementation, weapon: Item.Implementation) {
  return perform(actor, { kind: "reload", weaponId: weapon.id ?? "" });
}

/** Ready a fresh quiver or case for a bow or crossbow (a Main Action): its count back to full. */
export function wwnRefill(actor: Actor.Implementation, weapon: Item.Implementation) {
  return perform(actor, { kind: "refill", weaponId: weapon.id ?? "" });
}

/** Fighting Withdrawal (a Main Action): the actor may leave melee this round without free attacks. */
export function wwnFightingWithdrawal(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, { kind: "withdraw" });
}

/**
 * Run (a Move action): `feet` (default the actor's full move rate, halved when prone and again
 * on hard `terrain`: climbing, swimming, very rough ground). A shorter run leaves the rest of the
 * Move for later, as long as no Main Action comes between; a run once the Move is spent spends the
 * Main Action as a second Move.
 */
export function wwnRun(
  actor: Actor.Implementation,
  feet?: number,
  terrain: Terrain = "normal",
): Promise<boolean> {
  return perform(actor, { kind: "run", terrain, ...(feet === undefined ? {} : { feet }) });
}

/** Hold an Action (a Move action on its own turn): the rest may be used later, as Instants. */
export function wwnHold(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, { kind: "hold" });
}

/**
 * Delay an Action (On Turn) until the participant `afterId` (a rules id, as `combatantId` gives it)
 * has acted; the combat hands the actions back when that one's turn ends.
 */
export function wwnDelay(actor: Actor.Implementation, afterId: string): Promise<boolean> {
  return perform(actor, { kind: "delay", otherId: afterId });
}

/**
 * Screen an Ally (a Move action, moving `feet` towards it first): until the actor's next turn,
 * attacks on the ally may be turned onto it (the referee rolls that when the attack comes).
 */
export function wwnScreen(actor: Actor.Implementation, allyId: string, feet = 0) {
  return perform(actor, { kind: "screen", otherId: allyId, feet });
}

/** Lets go of the grappled captive. */
export function wwnRelease(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, { kind: "release" });
}

/** Drop an item (an Instant): the weapon is no longer readied. */
export function wwnDrop(actor: Actor.Implementation, weapon: Item.Implementation) {
  return perform(actor, { kind: "drop", weaponId: weapon.id ?? "" });
}

/** Pick up an item (a Move action): the weapon ends up readied in hand. */
export function wwnPickUp(actor: Actor.Implementation, weapon: Item.Implementation) {
  return perform(actor, { kind: "pickUp", weaponId: weapon.id ?? "" });
}

/**
 * Join a Swarm (a Main Action) against the one targeted token: up to four assailants join in a
 * round; one of them then strikes the swarm's blow from the attack dialog. Only in a started combat.
 */
export function wwnJoinSwarm(actor: Actor.Implementation): Promise<boolean> {
  const targets = targetedActors();
  const target = targets.length === 1 ? targets[0] : undefined;
  return perform(actor, {
    kind: "joinSwarm",
    otherId: target === undefined ? "" : combatantId(target),
  });
}

/** The other participants of the actor's started combat it may delay for (or screen): id and name. */
export function wwnDelayTargets(actor: Actor.Implementation): { id: string; name: string }[] {
  const fight = fightOf(actor);
  if (fight === null) return [];
  const me = combatantId(actor);
  return fight.combat.combatants.contents.flatMap((c) => {
    if (c.actor === null) return [];
    const id = combatantId(c.actor);
    return id === me ? [] : [{ id, name: c.name ?? c.actor.name }];
  });
}

/** Whether someone in the actor's started combat holds it in a grapple (the sheet offers Break free). */
export function wwnGrappled(actor: Actor.Implementation): boolean {
  const fight = fightOf(actor);
  return fight !== null && [...grapplesIn(fight.combat).values()].includes(combatantId(actor));
}

/**
 * The two-dice combat actions that roll no dice and post no card: reloading a weapon, and aiming,
 * hiding, taking cover, moving, readying a weapon, waiting with a declared action, and a waiting
 * character cutting in with it. Each spends the turn's one action, which only the referee
 * records (budget.ts), so each is a request to the active GM (the seam's `refereeActions`: these
 * intents post no card). Also the wound track's circles, which the sheet's owner marks on its own
 * actor.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { reload } from "../../../../rules/twodice/ammo.ts";
import type { ActionKind } from "../../../../rules/twodice/model.ts";
import { takeAction, wait } from "../../../../rules/twodice/turns.ts";
import { checkAbleToAct } from "../../../../rules/twodice/wounds.ts";
import { owns } from "../../../shared/cards.ts";
import { sendIntent } from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";
import {
  combatantId,
  resolveActor,
  toTwodiceWeapon,
  warnTwodiceRefusal,
  weaponWrite,
} from "../adapter.ts";
import { commitTwodice, inFight, twodiceNow } from "../budget.ts";
import { TWODICE_ACTIONS } from "../data.ts";
import { actionRecords, recordAction } from "../stance.ts";

export const TWODICE_RELOAD = "twodice.reload";
export const TWODICE_ACT = "twodice.act";

type Payload = Readonly<Record<string, unknown>>;

function payloadOf(intent: Intent): Payload {
  const p = intent.payload;
  return typeof p === "object" && p !== null ? (p as Payload) : {};
}

/** The actor the payload names, if the sender owns it. */
function ownActor(p: Payload, sender: User.Implementation) {
  const id = p["actorId"];
  const actor = typeof id === "string" ? resolveActor(id) : null;
  return actor !== null && owns(actor, sender) ? actor : null;
}

/** Reloads a weapon of an actor the sender owns (its action, in a started combat). */
async function refereeReload(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const p = payloadOf(intent);
  const actor = ownActor(p, sender);
  if (actor === null) return refuse("notAllowed");
  const weaponId = p["weaponId"];
  const item = typeof weaponId === "string" ? actor.items.get(weaponId) : undefined;
  if (item?.type !== "weapon") return refuse("notAWeapon");
  const me = twodiceNow(actor);
  const out = checkAbleToAct(me);
  if (out) return out;
  const weapon = toTwodiceWeapon(item);
  const ammo = reload(weapon);
  if (!ammo.ok) return ammo;
  const step = takeAction(me.turn, { kind: "reload" });
  if (!step.ok) return step;
  await commitTwodice(
    [weaponWrite(item, weapon, { ...weapon, ammo: ammo.value })],
    [{ actor, value: step.value.turn }],
  );
  return { ok: true };
}

/**
 * The combat actions with no dice: aim, hide, take cover, move, ready a weapon (one of the
 * actor's weapons), or wait with a declared one. `cutIn` is a waiting character acting in
 * reaction to something later in the turn: its declared action goes before that event, any
 * other after it (the answer says which).
 */
async function refereeAct(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const p = payloadOf(intent);
  const actor = ownActor(p, sender);
  if (actor === null) return refuse("notAllowed");
  const kind = p["kind"] as ActionKind;
  if (!TWODICE_ACTIONS.includes(kind)) return refuse("badRequest");
  if (!inFight(actor)) return refuse("notInCombat");
  const weaponId = p["weaponId"];
  if (
    kind === "ready" &&
    (typeof weaponId !== "string" || actor.items.get(weaponId)?.type !== "weapon")
  ) {
    return refuse("notAWeapon");
  }
  const me = twodiceNow(actor);
  const out = checkAbleToAct(me);
  if (out) return out;
  const action = { kind, ...(kind === "ready" ? { weaponId: weaponId as string } : {}) };
  const turn =
    p["wait"] === true ? wait(me.turn, kind) : takeAction(me.turn, action, p["cutIn"] === true);
  if (!turn.ok) return turn;
  const next = "turn" in turn.value ? turn.value.turn : turn.value;
  // Waiting takes no action yet; an action taken records whether the actor still hides after it
  // and, for a move, how far its token may go this turn (stance.ts).
  if (p["wait"] === true) await commitTwodice([], [{ actor, value: next }]);
  else {
    const agility = me.traits["agility"] ?? 0;
    await recordAction(actionRecords(actor, { before: me.turn, after: next }, kind, { agility }));
  }
  return { ok: true, value: { timing: "timing" in turn.value ? turn.value.timing : "now" } };
}

/** The referee's side of these actions, for the seam's `refereeActions`. */
export const TWODICE_TURN_ACTIONS = {
  [TWODICE_RELOAD]: refereeReload,
  [TWODICE_ACT]: refereeAct,
};

async function ask(action: string, payload: Payload): Promise<RefereeOutcome> {
  const outcome = await sendIntent(action, payload);
  if (!outcome.ok) warnTwodiceRefusal(outcome);
  return outcome;
}

export const twodiceReload = (actor: Actor.Implementation, weapon: Item.Implementation) =>
  ask(TWODICE_RELOAD, { actorId: combatantId(actor), weaponId: weapon.id ?? "" });

export const twodiceDeclare = (
  actor: Actor.Implementation,
  kind: ActionKind,
  how: { wait?: boolean; cutIn?: boolean; weaponId?: string } = {},
) =>
  ask(TWODICE_ACT, {
    actorId: combatantId(actor),
    kind,
    wait: how.wait === true,
    cutIn: how.cutIn === true,
    ...(how.weaponId === undefined ? {} : { weaponId: how.weaponId }),
  });

/** Marks or clears one circle of the wound track (the sheet's owner, on its own actor). */
export async function toggleWoundCircle(actor: Actor.Implementation, circle: number) {
  const marked = [...(actor.system as unknown as { wounds: { marked: number[] } }).wounds.marked];
  const at = marked.indexOf(circle);
  if (at >= 0) marked.splice(at, 1);
  else marked.push(circle);
  marked.sort((a, b) => a - b);
  await actor.update({ [`system.wounds.marked`]: marked } as never);
}

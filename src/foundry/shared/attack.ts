/**
 * What every ruleset's attack workflow does the same way: one weapon, one target, the dialog for
 * it from a sheet; and the declaration's trip to the referee (the client sends ids and choices
 * through the card protocol, the active GM re-reads the documents and checks who asks).
 */
import { checkNumber } from "../../rules/core/guard.ts";
import type { Modifier } from "../../rules/core/modifier.ts";
import { ok, refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import { SYSTEM_ID } from "../constants.ts";
import { cardDeclaration, declareCard } from "../cards/protocol.ts";
import type { AnyDeclaration } from "../cards/protocol.ts";
import { combatantId, resolveActor, targetedActors, withinReach } from "./actors.ts";
import { owns, rollModeNow } from "./cards.ts";
import { chatMessages } from "./env.ts";
import { isTransportReason, sendIntent, serializedBy } from "./referee.ts";
import type { Intent, RefereeOutcome } from "./referee.ts";

/**
 * The one targeted actor of an attack with a weapon (null: bare hands, for a ruleset that lets a
 * fighter strike without one), or why there is none: the item is not a weapon, nothing is
 * targeted, or more than one token is.
 */
export function singleTarget(
  weaponItem: Item.Implementation | null,
  targets: readonly Actor.Implementation[],
):
  | { ok: true; value: Actor.Implementation }
  | Refusal<"notAWeapon" | "noTarget" | "tooManyTargets"> {
  if (weaponItem !== null && weaponItem.type !== "weapon") return refuse("notAWeapon");
  const target = targets[0];
  if (target === undefined) return refuse("noTarget");
  if (targets.length > 1) return refuse("tooManyTargets");
  return ok(target);
}

/**
 * The one target of an attack with a weapon within the attacker's reach (in its running combat or
 * on its scene: withinReach), or why not: singleTarget's refusals, or `away` (default:
 * "targetNotHere", naming the target).
 */
export function reachableTarget(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation | null,
  targets: readonly Actor.Implementation[],
  away: (target: Actor.Implementation) => Refusal = (target) =>
    refuse("targetNotHere", { target: target.name }),
): { ok: true; value: Actor.Implementation } | Refusal {
  const single = singleTarget(weaponItem, targets);
  if (!single.ok) return single;
  return withinReach(attackerActor, single.value) ? single : away(single.value);
}

/**
 * A refusal of an attack by the rules, with who attacks whom in its detail (`name`, `target`) and
 * what else its message names (`more`: the weapon, its formula …).
 */
export function attackRefusal(
  refusal: Refusal,
  attackerActor: Actor.Implementation,
  target: Actor.Implementation,
  more: Readonly<Record<string, string | number>> = {},
): Refusal {
  return refuse(refusal.reason, {
    ...refusal.detail,
    name: attackerActor.name,
    target: target.name,
    ...more,
  });
}

/**
 * A ruleset's check of an attack declaration on the documents as they stand (on the client before
 * anything is sent, and again on the referee): what it checked, or the first refusal. `W`: what
 * the weapon may be (a ruleset that strikes with bare hands takes null for them).
 */
export type DeclarationCheck<S, D, W extends Item.Implementation | null = Item.Implementation> = (
  attackerActor: Actor.Implementation,
  weaponItem: W,
  targets: readonly Actor.Implementation[],
  situation: S,
) => { ok: true; value: D } | Refusal;

/* ------------------------------------------------------------------------------------------ */
/*  Declaring an attack through the referee (every ruleset's declaration is the same intent)    */
/* ------------------------------------------------------------------------------------------ */

/** An attack declaration as a client sends it to the referee: ids and choices. */
export interface DeclareIntent<S> {
  readonly attackerId: string;
  /** The weapon item's id; "" for bare hands (for a ruleset whose referee takes them). */
  readonly weaponId: string;
  readonly targetId: string;
  readonly situation: S;
  readonly rollMode: string;
}

/** Reads a ruleset's attack choices from a payload; a GM's may carry numbers (modifiers). */
export type SituationParser<S> = (raw: unknown, fromGM: boolean) => S | null;

/** A list of named modifiers from a payload (each within ±100), or null when malformed. */
export function parseModifiers(raw: unknown): Modifier[] | null {
  if (!Array.isArray(raw)) return null;
  const list = raw as unknown[];
  const valid = list.every(
    (m) =>
      typeof m === "object" &&
      m !== null &&
      typeof (m as Modifier).source === "string" &&
      checkNumber("modifier", (m as Modifier).value, { min: -100, max: 100 }) === undefined,
  );
  return valid ? (list as Modifier[]) : null;
}

/** Keeps the entries that are set (a parsed situation lists only what was chosen). */
export function definedEntries(situation: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(situation).filter(([, v]) => v !== undefined));
}

function parseDeclareIntent<S>(
  raw: unknown,
  fromGM: boolean,
  parseSituation: SituationParser<S>,
): DeclareIntent<S> | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { attackerId, weaponId, targetId, situation, rollMode } = raw as Record<string, unknown>;
  if (typeof attackerId !== "string" || typeof weaponId !== "string") return null;
  if (typeof targetId !== "string") return null;
  const parsed = parseSituation(situation, fromGM);
  if (parsed === null) return null;
  return {
    attackerId,
    weaponId,
    targetId,
    situation: parsed,
    rollMode: typeof rollMode === "string" ? rollMode : "publicroll",
  };
}

export { rollModeNow } from "./cards.ts";

/** The declaration of an attack at `target` as a client sends it (the API's attack sends it too). */
export function declareIntent(
  attacker: Actor.Implementation,
  weapon: Item.Implementation | null,
  target: Actor.Implementation,
  situation: unknown,
): DeclareIntent<unknown> {
  return {
    attackerId: combatantId(attacker),
    weaponId: weapon?.id ?? "",
    targetId: combatantId(target),
    situation,
    rollMode: rollModeNow(),
  };
}

/**
 * The client's side of a declaration, once it checked the attack: sends it to the referee and
 * hands back the card's message, or null (a refusal of the rules is warned with `warn`; the
 * transport's own were shown already).
 */
export async function sendDeclaration(
  action: string,
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation,
  situation: unknown,
  warn: (refusal: Refusal) => void,
): Promise<ChatMessage.Implementation | null> {
  return sendForCard(action, declareIntent(attacker, weapon, target, situation), warn);
}

/** The card a declaration posted, from the referee's answer: null when refused or gone. */
export function postedCard(outcome: RefereeOutcome): ChatMessage.Implementation | null {
  if (!outcome.ok) return null;
  const id = typeof outcome.value === "string" ? outcome.value : "";
  // (Collection#get is typed as always finding one; a deleted message is not found.)
  return chatMessages().has(id) ? chatMessages().get(id) : null;
}

/**
 * The client's side of an attack on the card protocol (cards/protocol.ts): when the ruleset's
 * check passed (`checked`; a refusal is warned with `warn` and nothing is sent), the declaration
 * of `kind` at the one target (ids and choices), and the card the referee posted, or null (the
 * protocol warned of the referee's refusal).
 */
export async function declareAttackCard(
  kind: string,
  attacker: Actor.Implementation,
  weapon: Item.Implementation | null,
  targets: readonly Actor.Implementation[],
  situation: unknown,
  checked: { readonly ok: true } | Refusal,
  warn: (refusal: Refusal) => void,
): Promise<ChatMessage.Implementation | null> {
  const target = targets[0];
  if (!checked.ok) warn(checked);
  if (!checked.ok || target === undefined) return null;
  const intent = declareIntent(attacker, weapon, target, situation);
  return postedCard(await declareCard(kind, intent));
}

/**
 * A ruleset's declaration of an attack on the card protocol, from its check: checked on this
 * client first (a refusal is warned with `warn` and nothing is sent), then declared as `kind`
 * (declareAttackCard); resolves to the card the referee posted, or null.
 */
export function cardDeclarer<S, D, W extends Item.Implementation | null = Item.Implementation>(
  kind: string,
  check: DeclarationCheck<S, D, W>,
  warn: (refusal: Refusal) => void,
): (
  attackerActor: Actor.Implementation,
  weaponItem: W,
  targets: readonly Actor.Implementation[],
  situation: S,
) => Promise<ChatMessage.Implementation | null> {
  return (attackerActor, weaponItem, targets, situation) =>
    declareAttackCard(
      kind,
      attackerActor,
      weaponItem,
      targets,
      situation,
      check(attackerActor, weaponItem, targets, situation),
      warn,
    );
}

/**
 * An attack from a sheet at the user's targets: with no situation given and one token targeted,
 * the ruleset's dialog chooses it (closing the dialog attacks nothing), then `declare` runs (it
 * checks the targets and warns); `fallback` is the situation without a dialog.
 */
export async function attackFromSheet<S>(
  given: S | undefined,
  fallback: S,
  prompt: (target: Actor.Implementation) => Promise<S | null>,
  declare: (
    targets: Actor.Implementation[],
    situation: S,
  ) => Promise<ChatMessage.Implementation | null>,
): Promise<ChatMessage.Implementation | null> {
  const targets = targetedActors();
  const target = targets[0];
  let chosen = given;
  if (chosen === undefined && target !== undefined && targets.length === 1) {
    const picked = await prompt(target);
    if (picked === null) return null;
    chosen = picked;
  }
  return declare(targets, chosen ?? fallback);
}

/**
 * Sends a request whose referee answers with the id of the card it posted, and gives that card's
 * message: null when refused (the rules' refusal is warned with `warn`; the transport warns its
 * own) or when the message is gone.
 */
export async function sendForCard(
  action: string,
  payload: unknown,
  warn: (refusal: Refusal) => void,
): Promise<ChatMessage.Implementation | null> {
  const outcome = await sendIntent(action, payload);
  if (!outcome.ok && !isTransportReason(outcome.reason)) warn(outcome);
  return postedCard(outcome);
}

/** What the referee found for a declaration, read from the stored documents by id. */
export interface Declared<S, W extends Item.Implementation | null = Item.Implementation> {
  readonly attacker: Actor.Implementation;
  /** The weapon item (null: bare hands, where the ruleset's `weaponOf` takes them). */
  readonly weapon: W;
  /** The target, or none when it is gone (the ruleset's check refuses "noTarget"). */
  readonly targets: readonly Actor.Implementation[];
  readonly request: DeclareIntent<S>;
}

/**
 * The referee's side of a declaration, up to the ruleset's own part: reads the payload, checks
 * the sender may act for the attacker, and, one declaration per attacker at a time (the second
 * sees what the first paid), re-reads the weapon and the target as they are stored now and runs
 * `declare` with them, which checks the rules, rolls, writes and posts the card.
 */
/**
 * The referee's one queue per actor: its declarations (attacks, table actions) and its moves run
 * one at a time, so two requests never spend the same budget.
 */
export function inActorQueue<T>(actorKey: string, task: () => Promise<T>): Promise<T> {
  return serializedBy(`${SYSTEM_ID}.attacker.${actorKey}`, task);
}

/**
 * How the referee finds a declaration's weapon: the attacker's item of that id (undefined: none,
 * refused as no weapon).
 */
export type WeaponFinder<W extends Item.Implementation | null> = (
  attacker: Actor.Implementation,
  weaponId: string,
) => W | undefined;

/** The attacker's item of that id. */
export const itemWeapon: WeaponFinder<Item.Implementation> = (attacker, id) =>
  attacker.items.get(id);

/** The attacker's item of that id, or bare hands (null) for "": a ruleset where anyone can punch. */
export const itemOrBareHands: WeaponFinder<Item.Implementation | null> = (attacker, id) =>
  id === "" ? null : attacker.items.get(id);

export async function refereeDeclaration<S, W extends Item.Implementation | null>(
  intent: Intent,
  sender: User.Implementation,
  parseSituation: SituationParser<S>,
  declare: (declared: Declared<S, W>) => Promise<RefereeOutcome>,
  weaponOf: WeaponFinder<W>,
): Promise<RefereeOutcome> {
  const request = parseDeclareIntent(intent.payload, sender.isGM, parseSituation);
  if (request === null) return refuse("badRequest");
  const attacker = resolveActor(request.attackerId);
  if (attacker === null || !(sender.isGM || owns(attacker, sender))) return refuse("notAllowed");
  return inActorQueue(request.attackerId, async () => {
    const weapon = weaponOf(attacker, request.weaponId);
    if (weapon === undefined) return refuse("notAWeapon");
    const target = resolveActor(request.targetId);
    return declare({ attacker, weapon, targets: target === null ? [] : [target], request });
  });
}

/**
 * A ruleset's attack as a declaration of the card protocol: `refereeDeclaration` reads the payload
 * (the ids, the ruleset's choices with `parseSituation`, the roll mode), checks the sender owns the
 * attacker and takes one declaration per attacker at a time; then `declare` checks the rules,
 * rolls, writes and posts the card.
 */
export function attackDeclaration<S, W extends Item.Implementation | null = Item.Implementation>(
  kind: string,
  parseSituation: SituationParser<S>,
  declare: (declared: Declared<S, W>, sender: User.Implementation) => Promise<RefereeOutcome>,
  warn: (refusal: Refusal) => void,
  weaponOf: WeaponFinder<W> = itemWeapon as WeaponFinder<W>,
): AnyDeclaration {
  return cardDeclaration<unknown>({
    kind,
    parse: (raw) => (typeof raw === "object" && raw !== null ? raw : null),
    referee: (payload, sender) =>
      refereeDeclaration(
        { action: kind, payload },
        sender,
        parseSituation,
        (found) => declare(found, sender),
        weaponOf,
      ),
    warn,
    // Its ids, for `fray.preAttack` on the declaring client (a module may stop it there).
    attack: (intent) => {
      const { attackerId, weaponId, targetId } = intent as Record<string, unknown>;
      return {
        attackerId: String(attackerId),
        weaponId: typeof weaponId === "string" && weaponId !== "" ? weaponId : null,
        targetId: String(targetId),
      };
    },
  });
}

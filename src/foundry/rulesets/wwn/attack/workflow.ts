/**
 * The WWN attack at the table, on one chat card. The active GM is the referee
 * (shared/referee.ts): it rolls every die whose result lands on another owner's actor and makes
 * every write to such an actor; players send intents (ids and choices).
 *
 * 1. attack: the attacker's client checks the attack and sends the declaration; the referee checks
 *    it again on the documents as they are (owner, readied weapon, the action it costs, whose turn
 *    it is), rolls the d20 and, on a hit, the damage with core Roll, spends the action (and a
 *    crossbow's load) and posts the card, which it authors: hit or miss against AC, damage, Shock
 *    on a miss, the Shock floor when it raised a hit;
 * 2. apply: the GM, the target's owner or the user who declared the attack presses Apply. The
 *    referee resolves the card again on its own dice against the target as it is now (hit points
 *    taken since, or a Total Defense declared after the roll, as WWN's Instants allow) and writes
 *    the hit points; the press is claimed on the card first, so a second one is refused.
 *
 * Outside a started combat the action economy is not tracked: the attack is checked and rolled
 * with a fresh round of actions and no action is written.
 */
import {
  definedEntries,
  parseModifiers,
  refereeDeclaration,
  sendDeclaration,
  singleTarget,
} from "../../../shared/attack.ts";
import type { DeclareIntent } from "../../../shared/attack.ts";
import { warnRefusal } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { checkNumber } from "../../../../rules/core/guard.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { FRESH_ACTIONS } from "../../../../rules/wwn/actions.ts";
import type { TurnContext } from "../../../../rules/wwn/actions.ts";
import {
  attackUpdates,
  checkAttack,
  checkWwnAttackInput,
  resolveAttack,
} from "../../../../rules/wwn/attack.ts";
import { resolveScreen } from "../../../../rules/wwn/maneuvers.ts";
import type { AttackInput, AttackKind, AttackSituation } from "../../../../rules/wwn/attack.ts";
import { FIELD_PATHS } from "../../../../rules/wwn/changes.ts";
import type { WwnUpdate } from "../../../../rules/wwn/changes.ts";
import type {
  AttackMode,
  Cover,
  Harm,
  WwnCombatant,
  WwnWeapon,
} from "../../../../rules/wwn/model.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { turnStateOf } from "../../../combat/state.ts";
import {
  cardFlag,
  mayRequestApply,
  onRefereeCard,
  postRefereeCard,
} from "../../../shared/cards.ts";
import type { CardResult } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import {
  checkReplayedDice,
  claimStep,
  isTransportReason,
  sendIntent,
  serializedBy,
  stepDoneUpdate,
} from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { applyWwnUpdates, resolveActor, toWwnCombatant, toWwnWeapon } from "../adapter.ts";
import {
  WWN_ATTACK_CARD_TEMPLATE,
  WWN_CARD_FLAG,
  wwnAttackCardContext,
  wwnResultView,
} from "../cards/attack-card.ts";
import type { WwnAttackCardState, WwnScreenView } from "../cards/attack-card.ts";

/** The referee's actions of the WWN attack: the declaration, and the card's Apply. */
export const WWN_DECLARE = "wwn.declare";
export const WWN_APPLY = "wwn.apply";

/* ------------------------------------------------------------------------------------------ */
/*  Combat context                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** The combatant of this actor in the current combat, once that combat has started. */
export function startedCombatantOf(
  actor: Actor.Implementation,
): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  const combat = (game as { combat?: Combat.Implementation | null }).combat ?? null;
  if (combat === null || turnStateOf(combat).round < 1) return null;
  const combatant = combat.combatants.find(
    (c) => c.actorId === actor.id || (actor.isToken && c.tokenId === actor.token?.id),
  );
  return combatant === undefined ? null : { combat, combatant };
}

/** Whether the actor fights in a started combat (its actions are counted). */
export function inCombat(actor: Actor.Implementation): boolean {
  return startedCombatantOf(actor) !== null;
}

/** The actor as the rules see it now; outside combat with a fresh round of actions. */
export function combatantNow(actor: Actor.Implementation): WwnCombatant {
  const combatant = toWwnCombatant(actor);
  return inCombat(actor) ? combatant : { ...combatant, actions: FRESH_ACTIONS };
}

/** The turn context: whether it is this actor's turn, as the turn-strictness setting reads it. */
export function turnOf(actor: Actor.Implementation): TurnContext {
  return { ownTurn: isActorsTurn(actor) };
}

/** Leaves out the action-state changes (outside combat they are not tracked). */
export function withoutActions(updates: readonly WwnUpdate[]): WwnUpdate[] {
  const prefix = `${FIELD_PATHS.actions}.`;
  return updates
    .map((u) => ({
      ...u,
      changes: Object.fromEntries(Object.entries(u.changes).filter(([k]) => !k.startsWith(prefix))),
    }))
    .filter((u) => Object.keys(u.changes).length > 0);
}

/* ------------------------------------------------------------------------------------------ */
/*  Refusals                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Shows a refusal as a localized warning. Nothing else happens. */
export function warnWwnRefusal(refusal: ShownRefusal): void {
  warnRefusal((reason) => `FRAY.Wwn.Refusal.${reason}`, refusal);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: attack                                                                              */
/* ------------------------------------------------------------------------------------------ */

export interface WwnDeclaration {
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly turn: TurnContext;
  readonly tracked: boolean;
}

/** Checks everything that may refuse an attack, in the order a player would want to hear it. */
export function checkWwnDeclaration(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  situation: AttackSituation,
): { ok: true; value: WwnDeclaration } | Refusal {
  const single = singleTarget(weaponItem, targets);
  if (!single.ok) return single;
  const target = single.value;
  const attacker = combatantNow(attackerActor);
  const defender = toWwnCombatant(target);
  const weapon = toWwnWeapon(weaponItem);
  const turn = turnOf(attackerActor);
  const allowed = checkAttack({ attacker, defender, weapon, situation, turn });
  if (!allowed.ok) {
    return refuse(allowed.reason, {
      ...allowed.detail,
      name: attackerActor.name,
      target: target.name,
      formula: weapon.damage,
    });
  }
  return {
    ok: true,
    value: { attacker, defender, weapon, turn, tracked: inCombat(attackerActor) },
  };
}

async function renderCard(card: WwnAttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    WWN_ATTACK_CARD_TEMPLATE,
    wwnAttackCardContext(card, i18n()),
  );
}

function autoApply(): boolean {
  return game.settings.get(SYSTEM_ID, "autoApplyDamage");
}

/** Resolves the card's attack on its dice (rolling any still missing) against `defender`. */
async function resolveOn(
  card: Pick<WwnAttackCardState, "attacker" | "weapon" | "situation" | "turn">,
  defender: WwnCombatant,
  dice: readonly DieRoll[],
) {
  const input: AttackInput = {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    situation: card.situation,
    turn: card.turn,
  };
  // Checked once, then resolved as checked input (rules/core/checked.ts); the outcome with the
  // document changes the card writes.
  return withDice((source) => {
    const checked = checkWwnAttackInput(input);
    if (!checked.ok) return checked;
    const resolved = resolveAttack(checked.value, source);
    return resolved.ok
      ? {
          ok: true as const,
          value: { ...resolved.value, updates: attackUpdates(input, resolved.value) },
        }
      : resolved;
  }, dice);
}

/** The attack choices of a declaration, from its payload: only known values; else null. */
export function parseWwnSituation(raw: unknown, fromGM: boolean): AttackSituation | null {
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null) return null;
  const s = raw as Record<string, unknown>;
  const bad = Symbol("bad");
  const choice = <T extends string>(value: unknown, allowed: readonly T[]) =>
    value === undefined ? undefined : allowed.includes(value as T) ? (value as T) : bad;
  const flag = (value: unknown) =>
    value === undefined ? undefined : typeof value === "boolean" ? value : bad;
  const situation: Record<string, unknown> = {
    mode: choice<AttackMode>(s["mode"], ["melee", "ranged", "thrown"]),
    cover: choice<Cover>(s["cover"], ["none", "half", "almostFull"]),
    harm: choice<Harm>(s["harm"], ["lethal", "nonLethal", "psychic"]),
    adjacent: flag(s["adjacent"]),
    inMelee: flag(s["inMelee"]),
    dualWielding: flag(s["dualWielding"]),
    grappled: flag(s["grappled"]),
    kind: kindOf(s["kind"]) ?? bad,
  };
  if (s["kind"] === undefined) situation["kind"] = undefined;
  // Numbers (extra modifiers and bonuses) are a GM's call; a player's are ignored.
  if (fromGM) {
    for (const key of ["modifiers", "damageBonuses", "shockBonuses"]) {
      situation[key] = s[key] === undefined ? undefined : (parseModifiers(s[key]) ?? bad);
    }
  }
  if (Object.values(situation).includes(bad)) return null;
  return definedEntries(situation);
}

function kindOf(raw: unknown): AttackKind | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { kind, feet, allies } = raw as Record<string, unknown>;
  if (kind === "attack" || kind === "snap" || kind === "free") return { kind };
  const whole = (value: unknown) =>
    checkNumber("kind", value, { min: 0, max: 10_000, whole: true }) === undefined;
  if (kind === "charge" && whole(feet)) return { kind, feet: feet as number };
  if (kind === "swarm" && whole(allies)) return { kind, allies: allies as number };
  return null;
}

/**
 * Makes an attack against the one targeted token's actor. This client checks it first (a refusal
 * is a warning and nothing is sent); the referee checks it again, rolls, spends the action and
 * posts the card (see {@link refereeWwnDeclare}). Returns the card's message, or null.
 */
export async function declareWwnAttack(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  situation: AttackSituation,
): Promise<ChatMessage.Implementation | null> {
  const checked = checkWwnDeclaration(attackerActor, weaponItem, targets, situation);
  const target = targets[0];
  if (!checked.ok || target === undefined) {
    if (!checked.ok) warnWwnRefusal(checked);
    return null;
  }
  return sendDeclaration(WWN_DECLARE, attackerActor, weaponItem, target, situation, warnWwnRefusal);
}

/**
 * The referee's side of a declaration (on the active GM): re-reads the attacker, the weapon and
 * the target as they are stored now, checks the sender may act for the attacker and what the
 * rules check, rolls with core Roll, spends the action and posts the card, authored by the GM.
 * Answers with the card's message id.
 */
export function refereeWwnDeclare(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  return refereeDeclaration(intent, sender, parseWwnSituation, async (declared) => {
    const { attacker, weapon, targets, request } = declared;
    const checked = checkWwnDeclaration(attacker, weapon, targets, request.situation);
    if (!checked.ok) return checked;
    return postWwnAttack(attacker, checked.value, request, sender);
  });
}

/**
 * Screen an Ally, on the referee: when combatants of the attacker's started combat screen the
 * defender, rolls the opposed checks with core Roll (resolveScreen), writes the blocks they used
 * and, when a screener won, turns the attack onto it. Null when nobody screens the defender; the
 * rules' refusal when a screener's numbers are bad (then the whole attack is refused).
 */
async function screenOnReferee(
  attackerActor: Actor.Implementation,
  declaration: WwnDeclaration,
): Promise<{ defender: WwnCombatant; view: WwnScreenView; rolls: Roll[] } | Refusal | null> {
  const { attacker, defender, weapon } = declaration;
  const started = startedCombatantOf(attackerActor);
  if (started === null) return null;
  const screeners = started.combat.combatants.contents.flatMap((c) => {
    if (c.actor === null) return [];
    const s = toWwnCombatant(c.actor);
    return s.id !== attacker.id &&
      s.id !== defender.id &&
      s.actions.screening?.allyId === defender.id
      ? [s]
      : [];
  });
  if (screeners.length === 0) return null;
  const rolled = await withDice((source) =>
    resolveScreen(attacker, weapon, defender.id, screeners, source),
  );
  if (!rolled.value.ok) return rolled.value;
  const outcome = rolled.value.value;
  if (outcome.attackerCheck === undefined) return null;
  await applyWwnUpdates(outcome.updates);
  const screener = screeners.find((s) => s.id === outcome.targetId);
  const view: WwnScreenView = {
    allyName: defender.name,
    attackerTotal: outcome.attackerCheck.total,
    blockers: outcome.blockers.map((b) => ({
      name: screeners.find((s) => s.id === b.id)?.name ?? "",
      total: b.check.total,
      blocked: b.blocked,
    })),
    takenBy: screener?.name ?? null,
  };
  return { defender: screener ?? defender, view, rolls: rolled.rolls };
}

async function postWwnAttack(
  attackerActor: Actor.Implementation,
  declaration: WwnDeclaration,
  request: DeclareIntent<AttackSituation>,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const { attacker, weapon, turn, tracked } = declaration;
  const situation = request.situation;
  const screened = await screenOnReferee(attackerActor, declaration);
  if (screened !== null && "ok" in screened) return screened;
  const defender = screened?.defender ?? declaration.defender;
  const rolled = await resolveOn({ attacker, weapon, situation, turn }, defender, []);
  const outcome = rolled.value;
  if (!outcome.ok) return outcome;
  // The attacker pays now: its action, and the load of a weapon that reloads.
  const own = outcome.value.updates.filter((u) => u.actorId === attacker.id);
  await applyWwnUpdates(tracked ? own : withoutActions(own));

  const result = wwnResultView(outcome.value, defender);
  const card: WwnAttackCardState = {
    stage: result.dealt > 0 ? "resolved" : "applied",
    attackerId: attacker.id,
    defenderId: defender.id,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    declaredBy: sender.id ?? "",
    attacker,
    weapon,
    situation,
    turn,
    dice: rolled.dice,
    result,
    ...(screened === null ? {} : { screen: screened.view }),
  };
  const message = await postRefereeCard({
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderCard(card),
    flags: { [SYSTEM_ID]: { [WWN_CARD_FLAG]: card } },
    rolls: [...(screened?.rolls ?? []), ...rolled.rolls],
    rollMode: request.rollMode,
    roller: sender.id ?? "",
  });
  if (message === null) return refuse("failed");
  if (card.stage === "resolved" && autoApply()) {
    await serializedBy(message.id ?? "", () => applyOnReferee(message, sender));
  }
  return { ok: true, value: message.id };
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: apply                                                                               */
/* ------------------------------------------------------------------------------------------ */

export function wwnCardOf(message: ChatMessage.Implementation): WwnAttackCardState | null {
  return cardFlag(message, WWN_CARD_FLAG) as WwnAttackCardState | null;
}

/** Collection#get is typed as always finding one; a deleted message or item is not found. */
/** Whether this user may press Apply: the GM, the target's owner, or who declared the attack. */
export function canApplyWwn(card: WwnAttackCardState, user: User.Implementation): boolean {
  return mayRequestApply(card.declaredBy ?? null, resolveActor(card.defenderId), user);
}

/**
 * The referee's side of Apply (on the active GM), one press of a card at a time: the card must be
 * one the referee made, the sender allowed to apply it, and the press is claimed before the write.
 */
export function refereeWwnApply(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const messageId = (intent.payload as { messageId?: unknown } | null)?.messageId;
  return onRefereeCard(messageId, wwnCardOf, (message) => applyOnReferee(message, sender));
}

async function applyOnReferee(
  message: ChatMessage.Implementation,
  sender: User.Implementation,
): Promise<CardResult> {
  const card = wwnCardOf(message);
  if (card === null) return refuse("noSuchCard");
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  if (card.stage === "applied") return refuse("alreadyApplied");
  if (!canApplyWwn(card, sender)) return refuse("notAllowed");
  const badDie = checkReplayedDice(card.dice);
  if (badDie !== undefined) return badDie;
  const claimed = await claimStep(message, "apply");
  if (claimed !== null) return claimed;

  const defender = toWwnCombatant(defenderActor);
  const again = await resolveOn(card, defender, card.dice);
  if (!again.value.ok) return refuse(again.value.reason);
  const result = wwnResultView(again.value.value, defender);
  await applyWwnUpdates(result.updates);
  const done: WwnAttackCardState = { ...card, stage: "applied", dice: again.dice, result };
  await message.update({
    content: await renderCard(done),
    [`flags.${SYSTEM_ID}.${WWN_CARD_FLAG}`]: done,
    ...stepDoneUpdate("apply"),
  } as never);
  return { ok: true };
}

/** What Apply does on the presser's client: check (a warning when refused), then ask the referee. */
export async function requestWwnApply(message: ChatMessage.Implementation): Promise<CardResult> {
  const card = wwnCardOf(message);
  if (card === null) return refuse("noSuchCard");
  if (!canApplyWwn(card, currentUser())) {
    const refusal = refuse("notAllowed");
    warnWwnRefusal(refusal);
    return refusal;
  }
  const outcome = await sendIntent(WWN_APPLY, { messageId: message.id ?? "" });
  if (outcome.ok) return { ok: true };
  if (!isTransportReason(outcome.reason)) warnWwnRefusal(outcome);
  return outcome;
}

/** Wires the Apply button of a WWN card when a message renders (renderChatMessageHTML). */
export function wireWwnCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = wwnCardOf(message);
  if (card === null) return;
  const allowed = canApplyWwn(card, currentUser());
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-wwn-apply]")) {
    if (!allowed) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void requestWwnApply(message).finally(() => {
        button.disabled = false;
      });
    });
  }
  for (const row of html.querySelectorAll(".fray-wwn-buttons")) {
    if (row.querySelector("button") === null) row.remove();
  }
}

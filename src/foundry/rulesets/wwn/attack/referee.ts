/**
 * The WWN attack, the referee's half (on the active GM), through the card protocol
 * (cards/protocol.ts):
 *
 * 1. the declaration (`wwn.attack`): re-reads the attacker, the weapon and the target as they are
 *    stored now, checks the sender may act for the attacker and everything the client checked
 *    (attack/declare.ts) against its own ledger, rolls Screen an Ally where someone screens the
 *    target, rolls the d20 and, on a hit, the damage with core Roll, spends the attacker's action
 *    in the ledger (and a crossbow's load or a shot on the weapon) and posts the card;
 * 2. the card's step "apply" (the GM, the target's owner or who declared the attack): resolves
 *    the card again on its own dice against the target as it is now (hit points taken since, a
 *    Total Defense declared after the roll, as WWN's Instants allow) and writes the hit points.
 *    The driver claims the step first, so a second press is refused.
 *
 * Outside a started combat the action economy is not tracked: the attack is checked and rolled
 * with a fresh round of actions and no action is written.
 */
import { wwnAttackNextStep } from "../cards/next-step.ts";
import { checkNumber } from "../../../../rules/core/guard.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import {
  attackUpdates,
  checkWwnAttackInput,
  resolveAttack,
  resolveScreen,
} from "../../../../rules/wwn/index.ts";
import type {
  AttackInput,
  AttackKind,
  AttackMode,
  AttackSituation,
  Cover,
  Harm,
  WwnCombatant,
} from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { attackView, cardStrategy, postCard, refereeStep } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import type { CombatLike } from "../../../combat/state.ts";
import {
  attackDeclaration,
  definedEntries,
  itemOrBareHands,
  parseModifiers,
} from "../../../shared/attack.ts";
import type { DeclareIntent } from "../../../shared/attack.ts";
import { attackCardHeader, mayRequestApply } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { resolveActor, warnWwnRefusal, wwnWeaponOf } from "../adapter.ts";
import { applyWwnOutcome, fighterIn, fighterOf } from "../budget.ts";
import { WWN_ATTACK_CARD, wwnCardOf, wwnResultView } from "../cards/attack-card.ts";
import type { WwnAttackCardState, WwnScreenView } from "../cards/attack-card.ts";
import { WWN_ATTACK, checkWwnDeclaration } from "./declare.ts";
import { reactionOpen, spendReaction } from "../../../movement/reaction-card.ts";
import { settleWwnAgainstScene, wwnScene, wwnSceneCalls } from "../scene.ts";
import { sceneCallsField } from "../../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";
import type { WwnDeclaration, WwnTableSituation } from "./declare.ts";

/* ------------------------------------------------------------------------------------------ */
/*  The declaration                                                                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * The attack choices of a declaration, from its payload: only known values, else null. Numbers
 * (extra modifiers and bonuses) and a free attack (a foe leaving melee unguarded) are the GM's
 * calls: a player's numbers are ignored, a player's free attack is malformed. A swarm's `allies`
 * is read but never used: the referee counts them (table/swarm.ts).
 */
export function parseWwnSituation(raw: unknown, fromGM: boolean): AttackSituation | null {
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null) return null;
  const s = raw as Record<string, unknown>;
  const bad = Symbol("bad");
  const choice = <T extends string>(value: unknown, allowed: readonly T[]) =>
    value === undefined ? undefined : allowed.includes(value as T) ? (value as T) : bad;
  const flag = (value: unknown) =>
    value === undefined ? undefined : typeof value === "boolean" ? value : bad;
  // A free attack is the GM's call, or a reaction to a move with the GM's card for it (a reaction
  // card's message id, which checkWwnDeclaration checks is open).
  const reaction =
    s["reaction"] === undefined || typeof s["reaction"] === "string" ? s["reaction"] : bad;
  const kind =
    s["kind"] === undefined
      ? undefined
      : (kindOf(s["kind"], fromGM || typeof reaction === "string") ?? bad);
  const situation: Record<string, unknown> = {
    mode: choice<AttackMode>(s["mode"], ["melee", "ranged", "thrown"]),
    cover: choice<Cover>(s["cover"], ["none", "half", "almostFull"]),
    harm: choice<Harm>(s["harm"], ["lethal", "nonLethal", "psychic"]),
    adjacent: flag(s["adjacent"]),
    inMelee: flag(s["inMelee"]),
    dualWielding: flag(s["dualWielding"]),
    grappled: flag(s["grappled"]),
    kind,
    reaction,
  };
  if (fromGM) {
    for (const key of ["modifiers", "damageBonuses", "shockBonuses"]) {
      situation[key] = s[key] === undefined ? undefined : (parseModifiers(s[key]) ?? bad);
    }
  }
  if (Object.values(situation).includes(bad)) return null;
  return definedEntries(situation);
}

function kindOf(raw: unknown, fromGM: boolean): AttackKind | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { kind, feet } = raw as Record<string, unknown>;
  if (kind === "attack" || kind === "snap") return { kind };
  if (kind === "free") return fromGM ? { kind } : null;
  if (kind === "swarm") return { kind, allies: 0 };
  const whole = checkNumber("kind", feet, { min: 0, max: 10_000, whole: true }) === undefined;
  return kind === "charge" && whole ? { kind, feet: feet as number } : null;
}

/** Resolves the card's attack on its dice (rolling any still missing) against `defender`. */
function resolveOn(
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

/**
 * Screen an Ally: when combatants of the attacker's started combat screen the defender (the
 * referee's ledger says so), rolls the opposed checks with core Roll, spends their blocks in the
 * ledger and, when a screener won, turns the attack onto it. Null when nobody screens the
 * defender; the rules' refusal when a screener's numbers are bad (then the attack is refused).
 */
async function screenOnReferee(
  combat: CombatLike | null,
  declaration: WwnDeclaration,
): Promise<{ defender: WwnCombatant; view: WwnScreenView; rolls: Roll[] } | Refusal | null> {
  const { attacker, defender, weapon } = declaration;
  if (combat === null) return null;
  const screeners = combat.combatants.contents.flatMap((combatant) => {
    if (combatant.actor === null) return [];
    const s = fighterIn(combatant.actor, { combat, combatant });
    const screening = s.actions.screening;
    return s.id !== attacker.id && s.id !== defender.id && screening?.allyId === defender.id
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
  await applyWwnOutcome(outcome.updates, combat);
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

function autoApply(): boolean {
  return game.settings.get(SYSTEM_ID, "autoApplyDamage");
}

/** Rolls the checked attack, pays for it and posts the card. Answers with the card's id. */
async function postWwnAttack(
  attackerActor: Actor.Implementation,
  declaration: WwnDeclaration & { readonly calls?: readonly SceneCallEntry[] },
  request: DeclareIntent<AttackSituation>,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const { attacker, weapon, turn, tracked, situation } = declaration;
  const combat = tracked ? (fightOf(attackerActor)?.combat ?? null) : null;
  const screened = await screenOnReferee(combat, declaration);
  if (screened !== null && "ok" in screened) return screened;
  const defender = screened?.defender ?? declaration.defender;
  const rolled = await resolveOn({ attacker, weapon, situation, turn }, defender, []);
  const outcome = rolled.value;
  if (!outcome.ok) return outcome;
  // The attacker pays now: its action (and a swarm's blow), and the load of a weapon that reloads.
  const own = outcome.value.updates.filter((u) => u.actorId === attacker.id);
  const struck = declaration.swarmStruck === null ? [] : [declaration.swarmStruck];
  await applyWwnOutcome(own, combat, struck);

  const result = wwnResultView(outcome.value, defender);
  const card: WwnAttackCardState = {
    stage: result.dealt > 0 ? "resolved" : "applied",
    ...attackCardHeader(attacker, defender, weapon, sender),
    attacker,
    weapon,
    situation,
    turn,
    dice: rolled.dice,
    result,
    ...(screened === null ? {} : { screen: screened.view }),
    ...sceneCallsField(declaration.calls ?? []),
  };
  const message = await postCard(WWN_ATTACK, {
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await WWN_ATTACK_CARD.render(card),
    flags: WWN_ATTACK_CARD.flags(card),
    rolls: [...(screened?.rolls ?? []), ...rolled.rolls],
    rollMode: request.rollMode,
    roller: sender.id ?? "",
  });
  if (message === null) return refuse("failed");
  await spendReaction(declaration.reaction);
  if (card.stage === "resolved" && autoApply()) {
    // The referee's own Apply, checked, claimed and told to modules as a press.
    await serializedBy(message.id ?? "", () => refereeStep(message, "apply"));
  }
  return { ok: true, value: message.id };
}

/**
 * The WWN attack declaration: the shared attack intent and steps (shared/attack.ts: the sender,
 * one per attacker, the live documents; its ids go to `fray.preAttack` on the declaring client),
 * then WWN's: the scene's calls replace a player's (a GM's declaration is the GM's call).
 */
export const wwnAttackDeclaration = attackDeclaration(
  WWN_ATTACK,
  parseWwnSituation,
  async ({ attacker, weapon, targets, request }, sender) => {
    const target = targets[0];
    const scene = sender.isGM || target === undefined ? null : wwnScene(attacker, target);
    const settled =
      scene === null
        ? request.situation
        : settleWwnAgainstScene(scene, wwnWeaponOf(weapon), request.situation);
    if ("ok" in settled) return settled;
    // The free attack on a foe leaving melee is struck as it leaves: the GM's open reaction card
    // for these two says it stood adjacent then, though the scene now shows it gone.
    const { reaction } = request.situation as WwnTableSituation;
    const leaving = target !== undefined && reactionOpen(attacker, target, reaction);
    const situation = leaving ? { ...settled, adjacent: true } : settled;
    const checked = checkWwnDeclaration(attacker, weapon, targets, situation);
    if (!checked.ok) return checked;
    const calls =
      scene === null
        ? []
        : wwnSceneCalls(scene, wwnWeaponOf(weapon), request.situation, situation, sender.name);
    return postWwnAttack(attacker, { ...checked.value, calls }, request, sender);
  },
  warnWwnRefusal,
  // The weapon id "" is bare hands: an unarmed attack needs no weapon item.
  itemOrBareHands,
);

/* ------------------------------------------------------------------------------------------ */
/*  The card                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Whether this user may press Apply: the GM, the target's owner, or who declared the attack. */
export function canApplyWwn(card: WwnAttackCardState, user: User.Implementation): boolean {
  return mayRequestApply(card.declaredBy ?? null, resolveActor(card.defenderId), user);
}

export const wwnAttackCard = cardStrategy<WwnAttackCardState>({
  kind: WWN_ATTACK,
  cardOf: wwnCardOf,
  warn: warnWwnRefusal,
  steps: {
    apply: {
      mayPress: canApplyWwn,
      closed: (card) => (card.stage === "applied" ? refuse("alreadyApplied") : null),
      async resolve({ message, card, claim }) {
        const defenderActor = resolveActor(card.defenderId);
        if (defenderActor === null) return refuse("noSuchTarget");
        const defender = fighterOf(defenderActor);
        const again = await resolveOn(card, defender, card.dice);
        if (!again.value.ok) return refuse(again.value.reason);
        const result = wwnResultView(again.value.value, defender);
        await applyWwnOutcome(result.updates, fightOf(defenderActor)?.combat ?? null);
        const done: WwnAttackCardState = { ...card, stage: "applied", dice: again.dice, result };
        await message.update(await WWN_ATTACK_CARD.stepUpdate(done, claim));
        return { ok: true };
      },
      appliesDamage: true,
    },
  },
  // For the modules' hooks: the result is the card's from its declaration, the damage what
  // the hit (or the Shock of a miss) deals.
  attack: (card) =>
    attackView(
      card,
      { hit: card.result.hit.hit, damage: card.result.dealt },
      card.stage === "applied",
    ),
  nextStep: wwnAttackNextStep,
});

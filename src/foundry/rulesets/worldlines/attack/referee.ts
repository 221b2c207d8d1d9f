/**
 * The Worldlines attack on the referee (the active GM), through the one card protocol
 * (cards/protocol.ts): the declaration's referee and the attack card's strategy.
 *
 * 1. declare: the referee re-reads the attacker, the weapon and the target, checks the sender may
 *    act for the attacker, that the target is one it may attack (same running combat, or a token
 *    on its scene), measures what the scene can tell (range band, flanked: calls.ts), checks the
 *    rules again (turn, Energy, Staggered, Charm …), rolls the Combat die, pays the Energy and
 *    posts the card, which it authors;
 * 2. defend: the defender's owner (or the GM) presses Evade or Take it; the referee rolls the rest
 *    of the dice (Evasion, headshot d20, damage, Armor die, limb Spirit check …). After a failed
 *    Evasion, when the defender may still interrupt (the round's interruption is the ledger's,
 *    budget.ts), the card stops and offers Evade again or Take it;
 * 3. apply: the defender's owner, who declared the attack or the GM presses Apply; the referee
 *    resolves the card again on its own dice against the target as it is now and writes it.
 *
 * The driver does the rest: the GM authored the card, who may press, the card's dice in range,
 * one press at a time, the step claimed once. A critical hit cannot be evaded: straight to 3.
 */
import { attackNextStep } from "../cards/next-step.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../../rules/core/result.ts";
import {
  FIELD_PATHS,
  attackModifiers,
  attackUpdates,
  checkAttackInput,
  checkEvasion,
  checkExtraEvasion,
  critThreshold,
  evasionModifiers,
  refundEnergy,
  resolveAttack,
  spendRound,
} from "../../../../rules/worldlines/index.ts";
import type {
  ActorUpdate,
  Ammo,
  AttackInput,
  AttackRoll,
  DefenseChoice,
  EvasionRefusal,
  EvasionRoll,
  Modifier,
  WorldlinesCombatant,
} from "../../../../rules/worldlines/index.ts";
import {
  attackView,
  cardStrategy,
  dealtResult,
  postCard,
  refereeStep,
} from "../../../cards/protocol.ts";
import type { Press } from "../../../cards/protocol.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { resolveActor } from "../../../shared/actors.ts";
import { attackDeclaration as sharedAttackDeclaration } from "../../../shared/attack.ts";
import type { Declared } from "../../../shared/attack.ts";
import { attackCardHeader, showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { measuredWithCalls } from "../calls.ts";
import { sceneCallsField } from "../../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";
import {
  ATTACK_KIND,
  attackCardOf,
  canApply,
  canDefend,
  renderAttackCard,
  resultView,
  writeAttackCard,
} from "../cards/attack-card.ts";
import type { AttackCardState } from "../cards/attack-card.ts";
import { wireRecoverButtons } from "../cards/recover.ts";
import { autoApplyDamage, worldlinesOptions } from "../settings.ts";
import { dropOnArmHit } from "./limbs.ts";
import { heldBack } from "../table/cover.ts";
import { checkDeclaration, reactionPaid, spendReaction, warnRefusal } from "./declare.ts";
import { parseSituation } from "./parse.ts";
import type { Declaration, TableSituation } from "./declare.ts";

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** The modifiers of an input the attack already checked (none if it was refused after all). */
function listedOrNone(listed: Result<Modifier[]>): Modifier[] {
  return listed.ok ? listed.value : [];
}

/** The attack roll as the card shows it, from the Combat die's natural face. */
export function attackRollOf(input: AttackInput, natural: number): AttackRoll {
  // The input was checked with the attack (checkAttack): a refusal here lists no modifier.
  const modifiers = listedOrNone(attackModifiers(input, worldlinesOptions()));
  const crit = critThreshold(input.attacker, input.weapon);
  const threshold = crit.ok ? crit.value : null;
  return {
    die: input.attacker.traits.combat,
    natural,
    modifiers,
    total: natural + modifiers.reduce((t, m) => t + m.value, 0),
    critical: threshold !== null && natural >= threshold,
  };
}

/**
 * The referee's checks of a declaration on the documents as they are stored now (the sender may
 * act for the attacker: shared/attack.ts refereeDeclaration): the scene's calls replace a
 * player's, then every check of the attack (the target within reach among them); then the card is
 * posted.
 */
async function declareOnReferee(
  declared: Declared<TableSituation>,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const { attacker, weapon, targets, request } = declared;
  const target = targets[0];
  const measured =
    sender.isGM || target === undefined
      ? { situation: request.situation, calls: [] }
      : measuredWithCalls(attacker, target, weapon, request.situation, sender.name);
  if ("ok" in measured) return { ...measured, detail: { ...measured.detail, weapon: weapon.name } };
  const checked = checkDeclaration(attacker, weapon, targets, measured.situation);
  if (!checked.ok) return checked;
  const held = await heldBack(attacker, weapon);
  if (held !== null) return held;
  const declaration = { ...checked.value, calls: measured.calls };
  const message = await postAttack(attacker, declaration, request.rollMode, sender);
  return message === null ? refuse("failed") : { ok: true, value: message.id };
}

async function postAttack(
  attackerActor: Actor.Implementation,
  declaration: Declaration & { readonly calls?: readonly SceneCallEntry[] },
  rollMode: string,
  sender: User.Implementation,
): Promise<ChatMessage.Implementation | null> {
  const { attacker, defender, weapon, cost, situation } = declaration;
  const input: AttackInput = { attacker, defender, weapon, situation };
  const roll = await new Roll(`1d${attacker.traits.combat}`).evaluate();
  const natural = roll.total;
  const attack = attackRollOf(input, natural);

  // The attacker pays when the attack is made.
  const paid: ActorUpdate = {
    actorId: attacker.id,
    changes: { [FIELD_PATHS.energy]: attacker.energy.value - cost, ...reactionPaid(declaration) },
    setStatuses: {},
    removeStatuses: [],
  };
  await applyUpdatesBatch([paid]);
  await spendAmmo(attackerActor, weapon.id);

  let card: AttackCardState = {
    ...attackCardHeader(attacker, defender, weapon, sender),
    stage: "awaitingDefense",
    attacker,
    weapon,
    situation,
    cost,
    attack,
    defense: null,
    dice: [{ sides: attacker.traits.combat, value: natural }],
    result: null,
    ...(declaration.technique ? { refund: declaration.technique.refund } : {}),
    ...sceneCallsField(declaration.calls ?? []),
  };
  let extraRolls: Roll[] = [];
  if (attack.critical) {
    // A critical cannot be evaded: the damage is rolled now.
    const resolved = await resolveCard(card, "take", defender, []);
    card = resolved.card;
    extraRolls = resolved.rolls;
  }
  const message = await postCard(ATTACK_KIND, {
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderAttackCard(card),
    flags: { [SYSTEM_ID]: { attack: card } },
    rolls: [roll, ...extraRolls],
    rollMode,
    roller: sender.id ?? "",
  });
  if (message !== null) await spendReaction(declaration.reaction);
  if (message !== null && attack.critical && autoApplyDamage()) {
    await serializedBy(message.id ?? "", () => applyNow(message));
  }
  return message;
}

/** The attack's round leaves the weapon's magazine (rules/worldlines/ammo.ts spendRound). */
async function spendAmmo(attackerActor: Actor.Implementation, weaponId: string): Promise<void> {
  const item = attackerActor.items.contents.find((i) => i.id === weaponId);
  if (item === undefined) return;
  const spent = spendRound((item.system as unknown as { ammo: Ammo }).ammo);
  if (spent.ok && spent.value.value !== null) {
    await item.update({ "system.ammo.value": spent.value.value } as never);
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: defend                                                                              */
/* ------------------------------------------------------------------------------------------ */

function inputOf(card: AttackCardState, defender: WorldlinesCombatant): AttackInput {
  // The attacker paid when declaring: the resolution must not charge again.
  return {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    situation: { ...card.situation, energyCost: 0 },
  };
}

/** Why the defender may not evade, as the card's refusal reasons. */
const EVADE_REFUSALS: Record<EvasionRefusal, string> = {
  critical: "evadeCritical",
  notActive: "evadeNotActive",
  notEnoughEnergy: "evadeNotEnoughEnergy",
  interruptUsed: "evadeInterruptUsed",
  stressed: "evadeStressed",
  // Bad numbers on the defender: the shared FRAY.Refusal messages (shared/refusal.ts).
  "not-a-number": "not-a-number",
  "not-whole": "not-whole",
  "out-of-range": "out-of-range",
  badName: "badName",
  badChoice: "badChoice",
};

/** A defense step: the first answer to the attack, or the answer after a failed Evasion. */
type DefenseStep = "evade" | "take" | "evadeAgain";

/** The defender's choices for the engine, for a card whose defense is (or becomes) `step`. */
function choiceOf(card: AttackCardState, step: DefenseStep): DefenseChoice {
  if (step === "evadeAgain") return { evade: true, extraEvasion: true };
  // Taking the hit after a failed Evasion: the Evasion stands, no second one.
  if (card.stage === "awaitingExtraEvasion" || card.defense === "evade") {
    return { evade: true, extraEvasion: card.extraEvasion === true };
  }
  return { evade: step === "evade" };
}

/** Thrown inside a replay to stop before the damage dice: the defender has a choice to make. */
class AwaitExtraEvasion extends Error {}

/**
 * The defender as it was before this card's defense: the Energy it already paid on this card given
 * back, and its interruption too when the card used it (so replaying the card's dice retraces it).
 */
function beforeDefense(card: AttackCardState, now: WorldlinesCombatant): WorldlinesCombatant {
  const paid = card.result?.defenderSpent ?? card.evasionPaid ?? 0;
  return {
    ...now,
    energy: { ...now.energy, value: now.energy.value + paid },
    ...(card.extraEvasion === true ? { interruptUsed: false } : {}),
  };
}

/**
 * Rolls the rest of the attack (after the card's dice, then `given`) and the card it makes, from
 * the defender as it was before this card's defense. A first Evasion that fails, when the defender
 * may still interrupt for a second one, stops the card there (stage awaitingExtraEvasion).
 */
async function resolveCard(
  card: AttackCardState,
  step: DefenseStep,
  defender: WorldlinesCombatant,
  given: readonly DieRoll[],
): Promise<{ card: AttackCardState; rolls: Roll[] }> {
  const input = inputOf(card, defender);
  const firstCost = checkEvasion(defender, card.attack.critical);
  const mayPause = step === "evade" && card.stage === "awaitingDefense" && firstCost.ok;
  const paused = { total: 0 };
  const choice: DefenseChoice = mayPause
    ? {
        evade: true,
        extraEvasion: (view) => {
          const paid = {
            ...defender,
            energy: { ...defender.energy, value: defender.energy.value - firstCost.value.cost },
          };
          if (!checkExtraEvasion(paid).ok) return false;
          paused.total = view.evasionTotal ?? 0;
          throw new AwaitExtraEvasion();
        },
      }
    : choiceOf(card, step);
  const rolled = await withDice(
    (dice) => {
      try {
        // Checked once, then resolved as checked input (rules/core/checked.ts).
        const checked = checkAttackInput(input);
        return checked.ok
          ? resolveAttack(checked.value, dice, choice, worldlinesOptions())
          : checked;
      } catch (error) {
        if (error instanceof AwaitExtraEvasion) return null;
        throw error;
      }
    },
    [...card.dice, ...given],
  );
  const outcome = rolled.value;
  if (outcome === null && mayPause) {
    // The first Evasion failed and the defender may interrupt: show it and wait.
    const evasion: EvasionRoll = {
      naturals: rolled.dice.slice(card.dice.length).map((d) => d.value),
      modifiers: listedOrNone(evasionModifiers(input, worldlinesOptions())),
      total: paused.total,
      success: false,
      extra: false,
    };
    return {
      card: {
        ...card,
        stage: "awaitingExtraEvasion",
        defense: "evade",
        dice: rolled.dice,
        pendingEvasion: evasion,
        evasionPaid: firstCost.value.cost,
      },
      rolls: rolled.rolls,
    };
  }
  if (outcome === null || !outcome.ok) {
    throw new Error(`the declared attack no longer resolves: ${outcome?.reason ?? "paused"}`);
  }
  return {
    card: {
      ...card,
      stage: "resolved",
      defense: step === "take" && card.defense !== "evade" ? "take" : "evade",
      extraEvasion: outcome.value.evasions.some((e) => e.extra),
      pendingEvasion: null,
      dice: rolled.dice,
      result: resultView(outcome.value, defender, attackUpdates(input, outcome.value)),
    },
    rolls: rolled.rolls,
  };
}

/** Why the defender may not evade now (`step`), as the card's refusal reasons; null if it may. */
function defenseRefusal(
  step: DefenseStep,
  card: AttackCardState,
  now: WorldlinesCombatant,
): Refusal | null {
  if (step === "evade") {
    const can = checkEvasion(now, card.attack.critical);
    return can.ok ? null : refuse(EVADE_REFUSALS[can.reason], can.detail);
  }
  if (step === "take") return null;
  const can = checkExtraEvasion(now);
  if (can.ok) return null;
  const reason =
    can.reason === "notEnoughEnergy" ? "evadeAgainNotEnoughEnergy" : EVADE_REFUSALS[can.reason];
  return refuse(reason, can.detail);
}

/** Evade, Evade again or Take it, pressed by `press.sender`, on the referee. */
async function defend(press: Press<AttackCardState>, step: DefenseStep): Promise<RefereeOutcome> {
  const { message, card, claim } = press;
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const now = toCombatant(defenderActor);
  const refused = defenseRefusal(step, card, now);
  if (refused !== null) return refused;
  const before = beforeDefense(card, now);
  const { card: resolved, rolls } = await resolveCard(card, step, before, []);
  await showDice(message, rolls);
  // The Evasion Energy (and the interruption, in the ledger) is paid now, whatever follows.
  const spent = resolved.result?.defenderSpent ?? resolved.evasionPaid ?? 0;
  const interrupted = resolved.extraEvasion === true && !now.interruptUsed;
  if (spent !== before.energy.value - now.energy.value || interrupted) {
    await applyUpdatesBatch([
      {
        actorId: card.defenderId,
        changes: {
          [FIELD_PATHS.energy]: before.energy.value - spent,
          ...(interrupted ? { [FIELD_PATHS.interruptUsed]: true } : {}),
        },
        setStatuses: {},
        removeStatuses: [],
      },
    ]);
  }
  const done =
    resolved.result?.hit === false ? { ...resolved, stage: "applied" as const } : resolved;
  await writeAttackCard(message, done, claim, rolls);
  if (done.stage === "resolved" && autoApplyDamage()) return applyNow(message);
  return { ok: true };
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 3: apply                                                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * The updates of a resolved card, minus the Evasion Energy and the interruption (both paid when
 * evading).
 */
function damageUpdates(updates: readonly ActorUpdate[], defenderId: string): ActorUpdate[] {
  return updates
    .map((u) => {
      if (u.actorId !== defenderId) return u;
      const {
        [FIELD_PATHS.energy]: _paid,
        [FIELD_PATHS.interruptUsed]: _interrupted,
        ...changes
      } = u.changes;
      return { ...u, changes };
    })
    .filter(
      (u) =>
        Object.keys(u.changes).length > 0 ||
        Object.keys(u.setStatuses).length > 0 ||
        u.removeStatuses.length > 0,
    );
}

/** The attacker's Energy back from its technique when the attack hit (refundEnergy), or null. */
function refundUpdate(card: AttackCardState, hit: boolean): ActorUpdate | null {
  const refund = card.refund ?? 0;
  const attackerActor = refund > 0 && hit ? resolveActor(card.attackerId) : null;
  if (attackerActor === null) return null;
  const out = refundEnergy(toCombatant(attackerActor), refund, hit);
  return out.ok ? out.value.update : null;
}

/**
 * Apply: re-resolves the card against the defender as it is now (its Evasion Energy given back,
 * since that was paid when evading), on the card's own dice, so what is written always follows
 * the rules from the target's current health; then writes it and the card, ending `claim`.
 */
async function apply(message: ChatMessage.Implementation, card: AttackCardState, claim: string) {
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const before = beforeDefense(card, toCombatant(defenderActor));
  const { card: again } = await resolveCard(
    { ...card, dice: card.dice.slice(0, 1) },
    card.defense ?? "take",
    before,
    card.dice.slice(1),
  );
  const updates = damageUpdates(again.result?.updates ?? [], card.defenderId);
  const refund = refundUpdate(card, again.result?.hit === true);
  await applyUpdatesBatch(refund === null ? updates : [...updates, refund]);
  await dropOnArmHit(defenderActor, again.result?.limbCheck);
  const result = again.result;
  const health = result === null ? null : { ...result.health, before: before.health.value };
  await writeAttackCard(
    message,
    {
      ...again,
      stage: "applied",
      result: result === null || health === null ? null : { ...result, health },
    },
    claim,
  );
  return { ok: true } as const;
}

/**
 * Apply without a press (auto-apply): the card's Apply step taken by the referee itself, checked,
 * claimed and told to modules as a press (a module may stop it: the card then waits for Apply).
 */
async function applyNow(message: ChatMessage.Implementation): Promise<RefereeOutcome> {
  if (attackCardOf(message)?.stage === "resolved") await refereeStep(message, "apply");
  return { ok: true };
}

/* ------------------------------------------------------------------------------------------ */
/*  The declaration and the card, for the protocol                                              */
/* ------------------------------------------------------------------------------------------ */

/**
 * Why the card does not wait for this answer of the defender now: another stage, or what the
 * defender has left (no Energy to evade, the round's interruption spent …). Checked before the
 * step is claimed, and on every client as the card renders (the button goes).
 */
function defenseClosed(step: DefenseStep) {
  return (card: AttackCardState): Refusal | null => {
    const stage =
      step === "take"
        ? card.stage === "awaitingDefense" || card.stage === "awaitingExtraEvasion"
        : card.stage === (step === "evade" ? "awaitingDefense" : "awaitingExtraEvasion");
    if (!stage) {
      const early = step === "evadeAgain" && card.stage === "awaitingDefense";
      return refuse(early ? "badRequest" : "alreadyResolved");
    }
    const defender = resolveActor(card.defenderId);
    if (defender === null) return refuse("noSuchTarget");
    return defenseRefusal(step, card, toCombatant(defender));
  };
}

/**
 * The Worldlines attack declaration: the shared attack intent (shared/attack.ts), which also
 * gives its ids to `fray.preAttack` on the declaring client.
 */
export const attackDeclaration = sharedAttackDeclaration(
  ATTACK_KIND,
  parseSituation,
  declareOnReferee,
  (refusal) => {
    warnRefusal(refusal);
  },
);

/** The Worldlines attack card: Evade, Evade again, Take it, Apply (and Recover once applied). */
export const attackCard = cardStrategy<AttackCardState>({
  kind: ATTACK_KIND,
  cardOf: attackCardOf,
  warn: (refusal) => {
    warnRefusal(refusal);
  },
  steps: {
    evade: {
      mayPress: canDefend,
      closed: defenseClosed("evade"),
      claimKey: () => "defense",
      resolve: (press) => defend(press, "evade"),
    },
    evadeAgain: {
      mayPress: canDefend,
      closed: defenseClosed("evadeAgain"),
      claimKey: () => "extraDefense",
      resolve: (press) => defend(press, "evadeAgain"),
    },
    take: {
      mayPress: canDefend,
      closed: defenseClosed("take"),
      claimKey: (card) => (card.stage === "awaitingDefense" ? "defense" : "extraDefense"),
      resolve: (press) => defend(press, "take"),
    },
    apply: {
      mayPress: canApply,
      closed: (card) =>
        card.stage === "resolved"
          ? null
          : refuse(card.stage === "applied" ? "alreadyApplied" : "notResolved"),
      resolve: ({ message, card, claim }) => apply(message, card, claim),
      appliesDamage: true,
    },
  },
  // For the modules' hooks: the damage the card shows is what gets past the armor; a miss
  // writes no damage (its card closes without Apply).
  attack: (card) =>
    attackView(
      card,
      dealtResult(card.result),
      card.stage === "applied" && card.result?.hit === true,
    ),
  wire: (message, html) => {
    wireRecoverButtons(message, html);
  },
  nextStep: attackNextStep,
});

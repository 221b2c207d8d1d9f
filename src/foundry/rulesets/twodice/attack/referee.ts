/**
 * The two-dice attack, the referee's half (the active GM), on one chat card through the card
 * protocol (cards/protocol.ts), which has already checked who sent each request, that a GM
 * authored the card, that the step is the card's own and claims it once.
 *
 * 1. Declare: the GM re-reads the attacker, its weapon and the target, checks that the sender
 *    owns the attacker, that the target is in its fight or on its scene, its turn (or its cut-in
 *    as a waiting character), the action it costs (the ledger's, in a started combat), the
 *    weapon's ammunition and reach, then rolls the black and the white die with core Roll (both
 *    attacks' dice for full Auto, the second pair only when the first black die left the magazine
 *    going), records the action, spends the ammunition, and posts the card (attack/fire.ts). An
 *    attack declared with a move is, in the book's order, carried out when the turn ends: its
 *    card waits for it, and nobody answers it before (attack/deferred.ts, turn-end.ts).
 * 2. Answer: the defender's owner (or the GM) may Roll with it (before the damage is known: −2
 *    damage, its next action spent) or Counterattack a melee attack while it has not acted (the GM
 *    rolls the counterattack's dice; both attacks land); the GM, the defender's owner or the
 *    attacker's owner may Apply as it stands. Any of the three resolves the card once, on the
 *    card's own dice against the defender as it is now, and marks the wounds.
 *
 * Outside a started combat the action economy is not tracked: no action is spent or checked.
 */
import { twodiceAttackNextStep } from "../cards/next-step.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import {
  resolveAttack,
  resolveAutoFire,
  resolveExchange,
} from "../../../../rules/twodice/attack.ts";
import type { AttackInput, AttackOutcome } from "../../../../rules/twodice/attack.ts";
import { diffCombatant } from "../../../../rules/twodice/changes.ts";
import type { TwodiceUpdate } from "../../../../rules/twodice/changes.ts";
import { trait } from "../../../../rules/twodice/model.ts";
import type { TurnState, TwodiceCombatant } from "../../../../rules/twodice/model.ts";
import type { TwoDice } from "../../../../rules/twodice/roll.ts";
import { takeAction } from "../../../../rules/twodice/turns.ts";
import { checkAbleToAct } from "../../../../rules/twodice/wounds.ts";
import { attackView, cardStrategy } from "../../../cards/protocol.ts";
import type { AttackView, Press } from "../../../cards/protocol.ts";
import { checkWithinReach } from "../../../shared/actors.ts";
import { owns, showDice } from "../../../shared/cards.ts";
import { attackDeclaration } from "../../../shared/attack.ts";
import type { Declared } from "../../../shared/attack.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import {
  resolveActor,
  toTwodiceCombatant,
  toTwodiceWeapon,
  warnTwodiceRefusal,
  weaponsOf,
} from "../adapter.ts";
import type { BudgetRecord } from "../../../combat/budget.ts";
import { commitTwodice, inFight, twodiceNow } from "../budget.ts";
import { rollTwoDice } from "../dice.ts";
import { movesAtTurnEnd } from "../plan.ts";
import { actionRecords } from "../stance.ts";
import { confirmClaims, parseRuling, readRuling } from "./claims.ts";
import { twodiceOptions } from "../settings.ts";
import { TWODICE_ATTACK_CARD, twodiceCardOf } from "../cards/attack-card.ts";
import type {
  AttackResult,
  TwodiceAttackCardState,
  TwodiceResolution,
} from "../cards/attack-card.ts";
import { TWODICE_ATTACK, parseTwodiceChoices } from "./declare.ts";
import type { TwodiceChoices, TwodiceStep } from "./declare.ts";
import { cancelCard, cancelClosed, mayCancel } from "./cancel.ts";
import { declareWithMove } from "./deferred.ts";
import { fireAttack, settleAttack } from "./fire.ts";

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** What the declaration found, checked: the target within reach, the turn or the cut-in. */
function declared(
  { attacker, weapon, targets, request }: Declared<TwodiceChoices>,
  sender: User.Implementation,
) {
  const [target] = targets;
  if (target === undefined) return refuse("noTarget");
  if (weapon.type !== "weapon") return refuse("notAWeapon");
  const away = checkWithinReach(attacker, target);
  if (away !== null) return away;
  // A character a wound took out of the fight attacks no more (first: its turn no longer matters).
  const out = checkAbleToAct(toTwodiceCombatant(attacker));
  if (out) return out;
  // A waiting character cuts in whenever something happens; anyone else acts in its side's turn.
  const cutIn = request.situation.cutIn === true;
  if (!sender.isGM && !cutIn && !isActorsTurn(attacker)) return refuse("notYourTurn");
  if (cutIn && !inFight(attacker)) return refuse("notInCombat");
  return { ok: true as const, attacker, target, weapon };
}

async function declare(
  declaration: Declared<TwodiceChoices>,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const found = declared(declaration, sender);
  if (!found.ok) return found;
  const claimed = declaration.request.situation;
  const s = settleAttack(found, sender, claimed);
  if ("ok" in s) return s;
  const acted = takeAction(
    s.attacker.turn,
    { kind: s.kind, defense: s.weapon.defense },
    s.choices.cutIn === true,
  );
  if (!acted.ok) return acted;
  const records = (attackCard?: string) =>
    actionRecords(found.attacker, { before: s.attacker.turn, after: acted.value.turn }, s.kind, {
      agility: s.attacker.traits["agility"] ?? 0,
      ...(attackCard === undefined ? {} : { attackCard }),
    });
  const how = { timing: acted.value.timing, sender, rollMode: declaration.request.rollMode };
  // In the book's order an attack combined with a move is carried out when the turn ends, after
  // the moves (attack/deferred.ts); where tokens move as dragged, it is rolled now.
  if (s.choices.move !== undefined && inFight(found.attacker) && movesAtTurnEnd()) {
    return declareWithMove(s, { ...how, claimed, records });
  }
  return fireAttack(s, { ...how, records: records() });
}

/**
 * The active GM's side of a declared attack (shared/attack.ts reads the ids and checks the sender
 * owns the attacker): one declaration per attacker at a time, so the second of two quick presses
 * sees the action and the ammunition the first spent.
 */
export const twodiceAttackDeclaration = attackDeclaration(
  TWODICE_ATTACK,
  parseTwodiceChoices,
  declare,
  warnTwodiceRefusal,
);

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: answer the card                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** Who may press a step: the defender's owner or the GM answers; the attacker's owner may Apply. */
export function mayPress(
  card: TwodiceAttackCardState,
  step: TwodiceStep,
  user: User.Implementation,
): boolean {
  if (user.isGM || owns(resolveActor(card.defenderId), user)) return true;
  return step === "apply" && owns(resolveActor(card.attackerId), user);
}

/** The first hitting attack rolls with it (full Auto: the first one that hit). */
function rollWithItShots(card: TwodiceAttackCardState, rolled: boolean) {
  const first = card.reads.findIndex((r) => r.hit);
  return card.shots.map((dice, i) => ({ dice, rollWithIt: rolled && i === first }));
}

/** What the card keeps of one resolved attack. */
function resultOf(outcome: AttackOutcome): AttackResult {
  return {
    hit: outcome.hit,
    armor: outcome.defender.armor,
    toughness: trait(outcome.defender, "toughness"),
    damage: outcome.damage,
    woundCircle: outcome.woundCircle,
    incapacitated: outcome.incapacitated,
  };
}

interface Resolved {
  readonly ok: true;
  readonly updates: readonly (TwodiceUpdate | null)[];
  readonly turns: readonly BudgetRecord<TurnState>[];
  readonly resolution: TwodiceResolution;
  readonly rolls: readonly Roll[];
  /**
   * The attack read again at resolution: a counterattack sets the Defense the defender meets it
   * with (its weapon's), so the dice shown must say what they did against that one.
   */
  readonly reread?: Pick<TwodiceAttackCardState, "setup" | "reads">;
}

/** The counterattack: the GM rolls the defender's dice; both attacks land. */
async function counter(
  card: TwodiceAttackCardState,
  input: AttackInput,
  actors: { attacker: Actor.Implementation; defender: Actor.Implementation },
  weaponId: string | undefined,
): Promise<Resolved | Refusal> {
  const name = input.defender.name;
  if (!card.canCounter) return refuse("cannotCounterattack", { defender: name });
  // Taken out before this attack (its wounds as they stand: the attack has not landed yet).
  const out = checkAbleToAct(input.defender);
  if (out) return out;
  const melee = weaponsOf(actors.defender, "melee");
  const chosen = melee.find((w) => w.id === weaponId) ?? melee[0];
  if (chosen === undefined) return refuse("noMeleeWeapon", { defender: name });
  const weapon = toTwodiceWeapon(chosen);
  const { dice, rolls } = await rollTwoDice(twodiceOptions().dieSides);
  const exchange = resolveExchange(
    { ...input, situation: card.situation },
    card.shots[0] as TwoDice,
    { weapon, dice },
    twodiceOptions(),
  );
  if (!exchange.ok) return exchange;
  const { attack, counter: back } = exchange.value;
  const live = toTwodiceCombatant(actors.attacker);
  return {
    ok: true,
    rolls,
    updates: [
      diffCombatant(input.defender, exchange.value.defender),
      diffCombatant(live, { ...live, wounds: exchange.value.attacker.wounds }),
    ],
    turns: [{ actor: actors.defender, value: exchange.value.defender.turn }],
    reread: {
      setup: attack.setup,
      reads: [{ black: attack.black, white: attack.white, hit: attack.hit }],
    },
    resolution: {
      how: "counter",
      attacks: [resultOf(attack)],
      counter: { ...resultOf(back), dice, weaponName: weapon.name },
    },
  };
}

/** Resolves a press on the card's own dice against the defender as it is now. */
async function resolveCard(
  card: TwodiceAttackCardState,
  step: TwodiceStep,
  weaponId: string | undefined,
): Promise<Resolved | Refusal> {
  const attackerActor = resolveActor(card.attackerId);
  const defenderActor = resolveActor(card.defenderId);
  if (attackerActor === null || defenderActor === null) return refuse("noSuchTarget");
  const defender = twodiceNow(defenderActor);
  const live = toTwodiceCombatant(attackerActor);
  // The attack as it was declared (the attacker's turn and weapon then), on the wounds and
  // armor of now.
  const attacker: TwodiceCombatant = { ...card.attacker, wounds: live.wounds, armor: live.armor };
  const rolled = step === "rollWithIt";
  const input: AttackInput = {
    attacker,
    defender,
    weapon: card.weapon,
    situation: { ...card.situation, rollWithIt: rolled },
  };
  if (step === "counter") {
    return counter(card, input, { attacker: attackerActor, defender: defenderActor }, weaponId);
  }
  const outcome =
    card.mode === "auto"
      ? resolveAutoFire(input, rollWithItShots(card, rolled), twodiceOptions())
      : resolveAttack(input, card.shots[0] as TwoDice, twodiceOptions());
  if (!outcome.ok) return outcome;
  const attacks = "attacks" in outcome.value ? outcome.value.attacks : [outcome.value];
  return {
    ok: true,
    rolls: [],
    updates: [diffCombatant(defender, outcome.value.defender)],
    turns: [{ actor: defenderActor, value: outcome.value.defender.turn }],
    resolution: { how: step, attacks: attacks.map(resultOf), counter: null },
  };
}

/** One step of the card on the referee: resolve, write, then show the card resolved. */
async function pressStep(
  step: TwodiceStep,
  { message, card, choices, claim }: Press<TwodiceAttackCardState>,
): Promise<RefereeOutcome> {
  const weaponId = (choices as { weaponId?: string } | undefined)?.weaponId;
  const resolved = await resolveCard(card, step, weaponId);
  if (!resolved.ok) return resolved;
  await commitTwodice(resolved.updates, resolved.turns);
  const done: TwodiceAttackCardState = {
    ...card,
    ...resolved.reread,
    stage: "resolved",
    resolution: resolved.resolution,
  };
  // The counterattack's dice join the message's rolls: every die the card shows is one of
  // them, so roll modes and Dice So Nice treat them like the attack's (core's ChatMessage
  // stores each Roll as its JSON, the terms' options with it).
  const rolls = resolved.rolls.length === 0 ? {} : { rolls: [...message.rolls, ...resolved.rolls] };
  await message.update({
    ...(await TWODICE_ATTACK_CARD.stepUpdate(done, claim)),
    ...rolls,
  });
  // The counterattack's dice: thrown to whom the card is shown (shared/cards.ts showDice).
  await showDice(message, resolved.rolls);
  return { ok: true };
}

/** Reads a counterattack's choice: which of the defender's melee weapons (default: the first). */
function parseWeaponChoice(raw: unknown): { weaponId?: string } | null {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object") return null;
  const { weaponId } = raw as { weaponId?: unknown };
  if (weaponId === undefined) return {};
  return typeof weaponId === "string" ? { weaponId } : null;
}

function step(name: TwodiceStep) {
  return {
    mayPress: (card: TwodiceAttackCardState, user: User.Implementation) =>
      mayPress(card, name, user),
    closed: (card: TwodiceAttackCardState) =>
      card.stage === "resolved"
        ? refuse("alreadyApplied")
        : card.stage === "claimed"
          ? refuse("awaitingGM")
          : card.stage === "declared"
            ? refuse("awaitingTurnEnd")
            : null,
    // The three answers are one step of the card: whichever comes first resolves it.
    claimKey: () => "resolve",
    ...(name === "counter" ? { parse: parseWeaponChoice } : {}),
    resolve: (press: Press<TwodiceAttackCardState>) => pressStep(name, press),
    // Each answer writes the attack's wounds on the defender.
    appliesDamage: true,
  };
}

/**
 * The attack as modules hear of it: the hit once the dice are read (at the declaration); the
 * damage, the wounds' numbers the defender's answer made (0 before it: the wound depends on the
 * answer and the armor then).
 */
function twodiceAttackView(card: TwodiceAttackCardState): AttackView {
  const attacks = card.resolution?.attacks ?? [];
  const damage = attacks.reduce((sum, a) => sum + (a.hit ? (a.damage?.final ?? 0) : 0), 0);
  return attackView(
    card,
    { hit: card.reads.some((r) => r.hit), damage },
    card.stage === "resolved",
  );
}

/** The attack card: Apply, Roll with it, Counterattack. */
export const twodiceAttackCard = cardStrategy<TwodiceAttackCardState>({
  kind: TWODICE_ATTACK,
  cardOf: twodiceCardOf,
  dice: (card) => {
    const sides = twodiceOptions().dieSides;
    return card.shots.flatMap((d) => [
      { sides, value: d.black },
      { sides, value: d.white },
    ]);
  },
  warn: warnTwodiceRefusal,
  steps: {
    apply: step("apply"),
    rollWithIt: step("rollWithIt"),
    counter: step("counter"),
    // The GM's ruling on a player's claims (claims.ts).
    confirm: {
      mayPress: (_card: TwodiceAttackCardState, user: User.Implementation) => user.isGM,
      closed: (card: TwodiceAttackCardState) =>
        card.stage === "claimed" ? null : refuse("alreadyApplied"),
      parse: parseRuling,
      choicesOf: readRuling,
      resolve: confirmClaims,
    },
    // The attacker's owner or the GM takes the shot back before the GM rules (cancel.ts); it
    // holds the ruling's claim, so a cancel and a Confirm never both run.
    cancel: {
      mayPress: mayCancel,
      closed: cancelClosed,
      claimKey: () => "confirm",
      resolve: cancelCard,
    },
  },
  attack: twodiceAttackView,
  nextStep: twodiceAttackNextStep,
});

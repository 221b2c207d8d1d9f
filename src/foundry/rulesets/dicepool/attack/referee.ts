/**
 * The dice-pool attack, the referee's half (on the active GM), through the one card protocol
 * (src/foundry/cards/protocol.ts): the declaration's referee and the attack card's strategy.
 *
 * 1. declare: the referee re-reads the attacker, the weapon and the target by id, checks the
 *    sender owns the attacker and everything `checkDeclaration` checks on its own copy of the
 *    world (the target at the table, the action left in the ledger's budget …), measures the
 *    distance on its canvas, takes the action and Blitz's Energy, and posts the card. A distance
 *    its canvas cannot measure in a player's declaration waits for the GM (stage confirm);
 *    otherwise the attack pool is rolled at once (stage defend). An NPC defender takes the
 *    world's default defense at once, when one is set.
 * 2. confirm (the GM): the distance and the cover are the GM's; then the attack pool is rolled.
 *    cancel (the GM): the attack is called off.
 * 3. defend (the defender's owner, or the GM): Dodge, Parry or Soak is rolled (or scored static or
 *    flawless), and on a hit the wound-penalty dice; the card shows the outcome.
 * 4. apply (the GM, the defender's owner or who declared): the card is resolved again on its own
 *    dice against the defender as it is now, and every change is written in one batch (and the
 *    grapple it made or drained in the ledger, one Combat update).
 * 5. resist (the grapple's victim's player): once, when the grapple applied holds it down
 *    (attack/resist.ts).
 * The protocol checks who may press, that the GM made the card, its dice and the step's claim.
 */
import { dicepoolAttackNextStep } from "../cards/next-step.ts";
import type { Checked } from "../../../../rules/core/checked.ts";
import { planChecked, resolveChecked } from "../adapter.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";

import type { AttackInput, AttackOutcome, DefenseKind } from "../../../../rules/dicepool/attack.ts";
import {
  DICEPOOL_FIELD_PATHS,
  diffAllDicepool,
  diffDicepool,
} from "../../../../rules/dicepool/changes.ts";
import type { DicepoolUpdate } from "../../../../rules/dicepool/changes.ts";
import { addGrapplePoints, drainGrapple } from "../../../../rules/dicepool/grapple.ts";
import type { DicepoolCombatant } from "../../../../rules/dicepool/model.ts";
import type { CoverKind, DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import { scorePool } from "../../../../rules/dicepool/pool.ts";
import {
  attackView,
  cardDeclaration,
  cardStrategy,
  postCard,
  refereeStep,
} from "../../../cards/protocol.ts";
import type { Press } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { mayRequestApply, owns, showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { worldUsers } from "../../../shared/env.ts";
import { serializedBy, stepDoneUpdate } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import {
  applyDicepoolUpdates,
  combatantId,
  resolveActor,
  toDicepoolCombatant,
  warnDicepoolRefusal,
} from "../adapter.ts";
import { grappleNote, grapplesOf, withLedger, writeLedger } from "../budget.ts";
import type { LedgerNote } from "../budget.ts";
import {
  COVERS,
  DEFENSES,
  DICEPOOL_ATTACK,
  DICEPOOL_CARD_FLAG,
  NO_GRAPPLE,
  defenseChoices,
  dicepoolCardOf,
  renderAttackCard,
  resultView,
} from "../cards/attack-card.ts";
import type { DicepoolAttackCardState, GrappleView } from "../cards/attack-card.ts";
import { defaultDefense, dicepoolOptions } from "../settings.ts";
import { droppedNote } from "../dropped.ts";
import { initiativeMoved, rerolledInitiative, withoutInitiative } from "./initiative-moved.ts";
import { checkDeclaration, sameFight, settleDistance } from "./declare.ts";
import { spendReaction } from "../../../movement/reaction-card.ts";
import { dicepoolScene, dicepoolSceneCalls, settleDicepoolAgainstScene } from "../scene.ts";
import { sceneCallsField } from "../../../scene/card-calls.ts";
import type { Declaration, DicepoolDeclareIntent } from "./declare.ts";
import { MAX_DISTANCE, parseChoice } from "./dialog.ts";
import { someDefense } from "../table/conduct.ts";
import { resistOffer, resistStep } from "./resist.ts";

/* ------------------------------------------------------------------------------------------ */
/*  The declaration                                                                             */
/* ------------------------------------------------------------------------------------------ */

function parseDeclare(raw: unknown): DicepoolDeclareIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const { attackerId, weaponId, targetId } = r;
  if (typeof attackerId !== "string" || typeof weaponId !== "string") return null;
  if (typeof targetId !== "string") return null;
  const choice = parseChoice(r);
  const rollMode = typeof r["rollMode"] === "string" ? r["rollMode"] : "publicroll";
  const vehicleId = r["vehicleId"] ?? "";
  if (typeof vehicleId !== "string") return null;
  return choice === null
    ? null
    : { ...choice, attackerId, weaponId, targetId, rollMode, vehicleId };
}

/** The referee's side of a declaration. Answers with the card's id. */
async function refereeDeclare(
  request: DicepoolDeclareIntent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const attackerActor = resolveActor(request.attackerId);
  if (attackerActor === null || !(sender.isGM || owns(attackerActor, sender))) {
    return refuse("notAllowed");
  }
  // One ledger change at a time: a second declaration sees what the first paid.
  const posted = await withLedger(async () => {
    // A vehicle's weapon: the vehicle holds it, and the attack is measured from the vehicle.
    const vehicleId = request.vehicleId ?? "";
    const vehicle = vehicleId === "" ? null : resolveActor(vehicleId);
    if (vehicleId !== "" && vehicle === null)
      return refuse("notCrew", { name: attackerActor.name });
    const from = vehicle ?? attackerActor;
    const weaponItem: Item.Implementation | null =
      request.weaponId === "" ? null : (from.items.get(request.weaponId) ?? null);
    if (request.weaponId !== "" && weaponItem === null) return refuse("notAWeapon");
    const target = resolveActor(request.targetId);
    if (target === null) return refuse("noSuchTarget");
    const options = dicepoolOptions();
    const where = settleDistance(from, target, request.distance, sender.isGM);
    // The scene's cover bounds a player's (a GM's declaration is the GM's call): scene.ts.
    const scene = sender.isGM ? null : dicepoolScene(from, target);
    const choice = scene === null ? request : settleDicepoolAgainstScene(scene, request);
    if ("ok" in choice) return choice;
    const checked = checkDeclaration(
      attackerActor,
      weaponItem,
      target,
      choice,
      where,
      options,
      vehicle,
    );
    if (!checked.ok) return checked;
    const calls = scene === null ? [] : dicepoolSceneCalls(scene, request, choice, sender.name);
    const declaration = { ...checked.value, ...sceneCallsField(calls) };
    return postAttack(attackerActor, target, declaration, sender, request.rollMode, options);
  });
  if (!posted.ok) return posted;
  const message = posted.value;
  // Out of the ledger's queue: the NPC's defense is a press of the card's own.
  await serializedBy(message.id ?? "", () => autoDefend(message));
  return { ok: true, value: message.id };
}

async function postAttack(
  attackerActor: Actor.Implementation,
  target: Actor.Implementation,
  declaration: Declaration,
  sender: User.Implementation,
  rollMode: string,
  options: Checked<DicepoolOptions>,
): Promise<{ ok: true; value: ChatMessage.Implementation } | Refusal> {
  const { input, where } = declaration;
  // The attacker pays now: the action and the grapple penalties in the ledger, Blitz's Energy
  // (a vehicle's weapon spends the vehicle's: its Energy is the attacker's here).
  if (declaration.energyCost > 0) {
    const energy = input.attacker.energy.value - declaration.energyCost;
    const payer =
      declaration.vehicle === null ? input.attacker.id : combatantId(declaration.vehicle);
    await applyDicepoolUpdates([
      { actorId: payer, changes: { [DICEPOOL_FIELD_PATHS.energy]: energy } },
    ]);
  }
  await writeLedger(declaration.notes);
  const declared: DicepoolAttackCardState = {
    stage: where.by === "stated" ? "confirm" : "defend",
    attackerId: input.attacker.id,
    defenderId: input.defender.id,
    attackerName: attackerActor.name,
    defenderName: target.name,
    weaponName: declaration.weaponName,
    declaredBy: sender.id ?? "",
    attacker: input.attacker,
    weapon: input.weapon,
    intent: input.intent,
    situation: input.situation ?? {},
    distanceBy: where.by,
    disarmWeaponId: input.disarmWeaponId ?? null,
    ...sceneCallsField(declaration.sceneCalls ?? []),
    ...(input.forbid === undefined ? {} : { forbid: input.forbid }),
    attackPool: null,
    choices: [],
    dice: [],
    result: null,
  };
  const rolled =
    declared.stage === "defend" ? await rollAttack(declared, input.defender, options) : null;
  if (rolled !== null && !rolled.ok) return rolled;
  const card = rolled === null ? declared : rolled.card;
  // The roll mode hides the dice (whispered apart), never the card and its buttons.
  const message = await postCard(DICEPOOL_ATTACK, {
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderAttackCard(card, options),
    flags: { [SYSTEM_ID]: { [DICEPOOL_CARD_FLAG]: card } },
    rolls: rolled === null ? [] : rolled.rolls,
    rollMode,
    roller: sender.id ?? "",
  });
  if (message !== null) await spendReaction(declaration.reaction);
  return message === null ? refuse("failed") : { ok: true, value: message };
}

/** The card's attack against `defender` (without the defense). */
function inputOf(card: DicepoolAttackCardState, defender: DicepoolCombatant) {
  return {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    intent: card.intent,
    situation: card.situation,
    ...(card.disarmWeaponId === null ? {} : { disarmWeaponId: card.disarmWeaponId }),
    ...(card.forbid === undefined ? {} : { forbid: card.forbid }),
  } satisfies Omit<AttackInput, "defense">;
}

/** Rolls the attack pool: the card waits for the defense. */
async function rollAttack(
  card: DicepoolAttackCardState,
  defender: DicepoolCombatant,
  options: Checked<DicepoolOptions>,
): Promise<{ ok: true; card: DicepoolAttackCardState; rolls: Roll[] } | Refusal> {
  const input = inputOf(card, defender);
  const plan = planChecked({ ...input, defense: someDefense(input) }, options);
  if (!plan.ok) return plan;
  const dice = plan.value.attackPool.dice;
  const rolled = await withDice((source) => scorePool(dice, "rolled", source, options));
  if (!rolled.value.ok) return rolled.value;
  const score = rolled.value.value;
  return {
    ok: true,
    rolls: rolled.rolls,
    card: {
      ...card,
      stage: "defend",
      attackPool: { dice, faces: score.faces, hits: score.hits, mode: "rolled" },
      choices: defenseChoices(input, score.hits, options),
      dice: rolled.dice,
    },
  };
}

/** Writes the card's new state and ends the claimed step, in one card update. */
async function updateCard(
  message: ChatMessage.Implementation,
  card: DicepoolAttackCardState,
  claim: string,
  options: Checked<DicepoolOptions>,
): Promise<void> {
  await message.update({
    content: await renderAttackCard(card, options),
    [`flags.${SYSTEM_ID}.${DICEPOOL_CARD_FLAG}`]: card,
    ...stepDoneUpdate(claim),
  } as never);
}

/** An NPC (no player owns it) takes the world's default defense at once, chosen by the referee. */
async function autoDefend(message: ChatMessage.Implementation): Promise<void> {
  const card = dicepoolCardOf(message);
  const fallback = defaultDefense();
  const target = card === null ? null : resolveActor(card.defenderId);
  if (card?.stage !== "defend" || fallback === null || target === null) return;
  if (worldUsers().filter((user) => !user.isGM && owns(target, user)).length > 0) return;
  const defense = card.choices.find((c) => c.defense === fallback && c.allowed)?.defense ?? "soak";
  // The referee presses the card's own step (its checks, claim and hooks: cards/protocol.ts).
  await refereeStep(message, "defend", { defense });
}

/* ------------------------------------------------------------------------------------------ */
/*  The card's steps                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** The GM's distance and cover, from the card's inputs. */
function parseConfirm(raw: unknown): { distance: number; cover: CoverKind } | null {
  const { distance, cover } = (raw ?? {}) as Record<string, unknown>;
  // The card's input sends its text: digits only (an empty box is no distance).
  const spaces =
    typeof distance === "string" ? (/^\d+$/.test(distance) ? Number(distance) : NaN) : distance;
  if (typeof spaces !== "number" || !Number.isInteger(spaces)) return null;
  if (spaces < 0 || spaces > MAX_DISTANCE || !COVERS.includes(cover as CoverKind)) return null;
  return { distance: spaces, cover: cover as CoverKind };
}

function readConfirm(button: HTMLElement) {
  const row = button.closest("[data-fray-step-row]") ?? button;
  return {
    distance: row.querySelector<HTMLInputElement>("input[data-dp-distance]")?.value ?? "",
    cover: row.querySelector<HTMLSelectElement>("select[data-dp-cover]")?.value ?? "",
  };
}

async function confirm(press: Press<DicepoolAttackCardState>): Promise<RefereeOutcome> {
  const { message, card, claim } = press;
  const { distance, cover } = press.choices as { distance: number; cover: CoverKind };
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const options = dicepoolOptions();
  const given: DicepoolAttackCardState = {
    ...card,
    situation: { ...card.situation, distance, cover },
    distanceBy: "gm",
  };
  const rolled = await rollAttack(given, toDicepoolCombatant(defenderActor), options);
  if (!rolled.ok) return rolled;
  await showDice(message, rolled.rolls);
  await updateCard(message, rolled.card, claim, options);
  await autoDefend(message);
  return { ok: true };
}

async function cancel({ message, card, claim }: Press<DicepoolAttackCardState>) {
  await updateCard(message, { ...card, stage: "cancelled" }, claim, dicepoolOptions());
  return { ok: true } as const;
}

/**
 * The card's attack against `defender` with `defense`, on its dice (rolling what is missing).
 * `settling`: Apply, on a defense already rolled: it stands though the defender fell since.
 */
function resolveOn(
  card: DicepoolAttackCardState,
  defender: DicepoolCombatant,
  defense: DefenseKind,
  dice: readonly DieRoll[],
  options: Checked<DicepoolOptions>,
  settling = false,
) {
  const input = { ...inputOf(card, defender), defense, ...(settling ? { settling } : {}) };
  return withDice((source) => resolveChecked(input, source, options), dice);
}

/** What the outcome shows and writes: the actors' changes, and the grapple in the ledger. */
interface Settled {
  readonly view: ReturnType<typeof resultView>;
  readonly updates: DicepoolUpdate[];
  readonly notes: LedgerNote[];
}

/** A grapple that hit: its net hits go into the assailant's pool, recorded in the ledger. */
function grappleHeld(
  card: DicepoolAttackCardState,
  outcome: AttackOutcome,
  options: Checked<DicepoolOptions>,
): { grapple: GrappleView; victim: DicepoolCombatant; notes: LedgerNote[] } {
  const none = { grapple: NO_GRAPPLE, victim: outcome.defender, notes: [] };
  if (card.intent !== "grapple" || outcome.grapplePoints <= 0) return none;
  const attackerActor = resolveActor(card.attackerId);
  const defenderActor = resolveActor(card.defenderId);
  const fight = attackerActor === null ? null : fightOf(attackerActor);
  if (attackerActor === null || defenderActor === null || fight === null) return none;
  if (!sameFight(attackerActor, defenderActor)) {
    return { ...none, grapple: { pool: null, refused: "grappleNeedsCombat" } };
  }
  // Multi-Grapple: the assailant may hold 1 + its rating; the rules refuse one more.
  const added = addGrapplePoints(
    grapplesOf(attackerActor),
    card.attacker,
    outcome.defender,
    outcome.grapplePoints,
    options,
  );
  if (!added.ok) return { ...none, grapple: { pool: null, refused: added.reason } };
  if (added.value.grapple === null) return none;
  return {
    grapple: { pool: added.value.grapple.pool, refused: null },
    victim: added.value.victim,
    notes: [grappleNote(fight, card.defenderId, added.value.grapple, card.defenderName)],
  };
}

/** A breakGrapple that hit: its net hits drain the defender's pool (on the attacker first). */
function grappleDrained(
  card: DicepoolAttackCardState,
  outcome: AttackOutcome,
  options: Checked<DicepoolOptions>,
): { pool: number | null; updates: DicepoolUpdate[]; notes: LedgerNote[] } {
  const none = { pool: null, updates: [], notes: [] };
  const defenderActor = resolveActor(card.defenderId);
  const fight = defenderActor === null ? null : fightOf(defenderActor);
  if (card.intent !== "breakGrapple" || outcome.drained <= 0) return none;
  if (defenderActor === null || fight === null) return none;
  const held = grapplesOf(defenderActor);
  const grip = held.find((g) => g.victimId === card.attackerId) ?? held[0] ?? null;
  const victimActor = grip === null ? null : resolveActor(grip.victimId);
  if (grip === null || victimActor === null) return none;
  const victimBefore =
    grip.victimId === card.attackerId ? card.attacker : toDicepoolCombatant(victimActor);
  const drained = drainGrapple(grip, victimBefore, outcome.drained, options);
  if (!drained.ok) return none;
  const freed = diffDicepool(victimBefore, drained.value.victim);
  return {
    pool: drained.value.grapple?.pool ?? 0,
    updates: freed === null ? [] : [freed],
    notes: [grappleNote(fight, grip.victimId, drained.value.grapple)],
  };
}

function settle(
  card: DicepoolAttackCardState,
  outcome: AttackOutcome,
  defense: DefenseKind,
  before: Checked<DicepoolCombatant>,
  options: Checked<DicepoolOptions>,
): Settled {
  const held = grappleHeld(card, outcome, options);
  const drained = grappleDrained(card, outcome, options);
  const grapple: GrappleView =
    drained.pool !== null ? { pool: drained.pool, refused: null } : held.grapple;
  // The attacker paid its Energy at the declaration; its other changes (initiative) apply here.
  const attackerAfter = { ...outcome.attacker, energy: card.attacker.energy };
  // A weapon knocked away lies on the ground again, even one that was picked up (dropped.ts).
  const defenderActor = outcome.disarmed === null ? null : resolveActor(card.defenderId);
  const dropped =
    outcome.disarmed === null || defenderActor === null
      ? []
      : droppedNote(fightOf(defenderActor), { weaponId: outcome.disarmed, pickedUp: false });
  return {
    view: resultView(outcome, defense, before, held.victim, grapple, options),
    updates: withoutInitiative([
      ...drained.updates,
      ...diffAllDicepool([
        [before, held.victim],
        [card.attacker, attackerAfter],
      ]),
    ]),
    notes: [...held.notes, ...drained.notes, ...dropped, ...initiativeMoved(card, outcome, before)],
  };
}

async function defend(
  message: ChatMessage.Implementation,
  card: DicepoolAttackCardState,
  defense: DefenseKind,
  claim: string,
): Promise<RefereeOutcome> {
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const options = dicepoolOptions();
  const defender = toDicepoolCombatant(defenderActor);
  const plan = planChecked({ ...inputOf(card, defender), defense }, options);
  if (!plan.ok) return plan;
  const rolled = await resolveOn(card, defender, defense, card.dice, options);
  if (!rolled.value.ok) return rolled.value;
  await showDice(message, rolled.rolls);
  const { view } = settle(card, rolled.value.value, defense, defender, options);
  const next: DicepoolAttackCardState = {
    ...card,
    stage: "resolved",
    dice: rolled.dice,
    result: view,
  };
  await updateCard(message, next, claim, options);
  if (game.settings.get(SYSTEM_ID, "autoApplyDamage")) await refereeStep(message, "apply");
  return { ok: true };
}

async function apply(
  message: ChatMessage.Implementation,
  card: DicepoolAttackCardState,
  claim: string,
): Promise<RefereeOutcome> {
  const defenderActor = resolveActor(card.defenderId);
  if (card.result === null) return refuse("noDefenseYet");
  if (defenderActor === null) return refuse("noSuchTarget");
  const options = dicepoolOptions();
  const defense = card.result.defense;
  // Resolved again on the card's dice against the defender as it is now (hurt since?), and
  // written with the ledger's grapples as they are now.
  return withLedger(async () => {
    const defender = toDicepoolCombatant(defenderActor);
    const again = await resolveOn(card, defender, defense, card.dice, options, true);
    if (!again.value.ok) return again.value;
    const settled = settle(card, again.value.value, defense, defender, options);
    const reroll = again.value.value.rerollInitiative
      ? await rerolledInitiative(message, card, options)
      : [];
    await applyDicepoolUpdates(settled.updates);
    await writeLedger([...settled.notes, ...reroll]);
    const offer = resistOffer(card);
    const done: DicepoolAttackCardState = {
      ...card,
      stage: "applied",
      dice: again.dice,
      result: settled.view,
      ...(offer === null ? {} : { resist: offer }),
    };
    await updateCard(message, done, claim, options);
    return { ok: true };
  });
}

/** Whether this user picks the defense: the GM, or an owner of the defender. */
export function mayDefend(card: DicepoolAttackCardState, user: User.Implementation): boolean {
  return user.isGM || owns(resolveActor(card.defenderId), user);
}

const gmOnly = (_card: DicepoolAttackCardState, user: User.Implementation) => user.isGM;
const atConfirm = (card: DicepoolAttackCardState) =>
  card.stage === "confirm" ? null : refuse("alreadyHandled");

/** The attack card's strategy: its steps, who may press each, and what a press resolves to. */
export const attackCard = cardStrategy<DicepoolAttackCardState>({
  kind: DICEPOOL_ATTACK,
  cardOf: dicepoolCardOf,
  warn: warnDicepoolRefusal,
  steps: {
    confirm: {
      mayPress: gmOnly,
      closed: atConfirm,
      parse: parseConfirm,
      choicesOf: readConfirm,
      resolve: confirm,
    },
    cancel: { mayPress: gmOnly, closed: atConfirm, claimKey: () => "confirm", resolve: cancel },
    defend: {
      mayPress: mayDefend,
      closed: (card) =>
        card.stage === "defend"
          ? null
          : refuse(card.stage === "confirm" ? "awaitingGM" : "alreadyHandled"),
      parse: (raw) => {
        const defense = (raw as { defense?: unknown } | null)?.defense;
        return DEFENSES.includes(defense as DefenseKind) ? { defense } : null;
      },
      choicesOf: (button) => ({ defense: button.dataset["defense"] ?? "" }),
      resolve: ({ message, card, choices, claim }) =>
        defend(message, card, (choices as { defense: DefenseKind }).defense, claim),
    },
    apply: {
      mayPress: (card, user) =>
        mayRequestApply(card.declaredBy, resolveActor(card.defenderId), user),
      closed: (card) =>
        card.stage === "applied"
          ? refuse("alreadyApplied")
          : card.stage === "resolved"
            ? null
            : refuse("noDefenseYet"),
      resolve: ({ message, card, claim }) => apply(message, card, claim),
      appliesDamage: true,
    },
    resist: resistStep,
  },
  attack: (card) =>
    attackView(
      card,
      card.result === null ? null : { hit: card.result.hit, damage: card.result.damage },
      card.stage === "applied",
    ),
  nextStep: dicepoolAttackNextStep,
});

/** The attack's declaration, for the seam. */
export const attackDeclaration = cardDeclaration<DicepoolDeclareIntent>({
  kind: DICEPOOL_ATTACK,
  parse: (raw) => parseDeclare(raw),
  referee: refereeDeclare,
  warn: warnDicepoolRefusal,
  attack: ({ attackerId, weaponId, targetId }) => ({ attackerId, weaponId, targetId }),
});

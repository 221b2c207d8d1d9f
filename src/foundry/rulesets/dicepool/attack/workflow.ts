/**
 * The dice-pool attack at the table, on one chat card. The active GM is the referee
 * (shared/referee.ts): players send intents (ids and choices); the referee re-reads the live
 * documents, checks them, rolls every die with core Roll, authors the card and writes.
 *
 * 1. declare: the attacker's client checks the attack and sends it; the referee checks it again
 *    (owner, weapon, target, range, the Simple action it costs on the attacker's turn in a started
 *    combat, Blitz Energy), rolls the attack pool, spends the action and the Energy, and posts the
 *    card with one button per defense (its pool and the chance the attack still hits through it).
 *    An NPC defender takes the default defense of the world setting at once, when one is set.
 * 2. defend: the defender's owner (the GM for an NPC) presses Dodge, Parry or Soak. The referee
 *    rolls that defense (or scores it static / flawless) and, on a hit, the wound-penalty dice, and
 *    shows net hits, damage, wound dice and what a grapple, disarm or initiative attack did.
 * 3. apply: the GM, the defender's owner or whoever declared presses Apply; the referee resolves
 *    the card again on its own dice against the defender as it is now and writes every change in
 *    one batch. Each step is claimed on the card first, so a second press is refused.
 */
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { probability } from "../../../../rules/core/distribution.ts";
import { checkNumber } from "../../../../rules/core/guard.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { opportunityAttackOpen, takeAction } from "../../../../rules/dicepool/actions.ts";
import type { ActionName } from "../../../../rules/dicepool/actions.ts";
import {
  ATTACK_INTENTS,
  checkAttackInput,
  DEFENSE_KINDS,
  planAttack,
  resolveAttack,
} from "../../../../rules/dicepool/attack.ts";
import { COVER_KINDS } from "../../../../rules/dicepool/options.ts";
import type {
  AttackInput,
  AttackIntent,
  AttackOutcome,
  DefenseKind,
} from "../../../../rules/dicepool/attack.ts";
import {
  DICEPOOL_FIELD_PATHS,
  diffAllDicepool,
  diffDicepool,
} from "../../../../rules/dicepool/changes.ts";
import type { DicepoolUpdate } from "../../../../rules/dicepool/changes.ts";
import { addGrapplePoints, drainGrapple } from "../../../../rules/dicepool/grapple.ts";
import { maxHealth } from "../../../../rules/dicepool/health.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "../../../../rules/dicepool/model.ts";
import { scoreDistribution } from "../../../../rules/dicepool/odds.ts";
import type { CoverKind, DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import type { Checked } from "../../../../rules/core/checked.ts";
import { scorePool } from "../../../../rules/dicepool/pool.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { canvasDistance } from "../../../shared/actors.ts";
import { cardFlag, onRefereeCard, owns, postRefereeCard, showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { chatMessages, currentUser, i18n, worldUsers } from "../../../shared/env.ts";
import {
  claimStep,
  sendIntent,
  serializedBy,
  stepDoneUpdate,
  TRANSPORT_REFUSALS,
} from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";
import { warnRefusal } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import {
  EMPTY_HANDS,
  applyDicepoolUpdates,
  combatantId,
  grappleOn,
  grapplesOf,
  storedGrapplesAfter,
  resolveActor,
  systemOf,
  toDicepoolCombatant,
  toDicepoolWeapon,
} from "../adapter.ts";
import {
  DICEPOOL_ATTACK_CARD_TEMPLATE,
  DICEPOOL_CARD_FLAG,
  dicepoolAttackCardContext,
} from "../cards/attack-card.ts";
import type {
  DefenseChoice,
  DicepoolAttackCardState,
  DicepoolResultView,
} from "../cards/attack-card.ts";
import { defaultDefense, dicepoolOptions } from "../settings.ts";

export const DICEPOOL_DECLARE = "dicepool.declare";
export const DICEPOOL_DEFEND = "dicepool.defend";
export const DICEPOOL_APPLY = "dicepool.apply";

/** The rules' own lists (what their input check accepts). */
export const DEFENSES: readonly DefenseKind[] = DEFENSE_KINDS;
export const INTENTS: readonly AttackIntent[] = ATTACK_INTENTS;
export const COVERS: readonly CoverKind[] = COVER_KINDS;
/** What sets off an opportunity attack ("none": an ordinary attack on one's own turn). */
export const OPPORTUNITY_TRIGGERS = ["none", "leaveSpace", "rangedAttack"] as const;
export type OpportunityTrigger = (typeof OPPORTUNITY_TRIGGERS)[number];

/** Shows a refusal (the rules' or the referee's) as a localized warning. Nothing else happens. */
export function warnDicepoolRefusal(refusal: ShownRefusal): void {
  warnRefusal((reason) => `FRAY.Dicepool.Refusal.${reason}`, refusal);
}

function isTransport(reason: string): boolean {
  return (TRANSPORT_REFUSALS as readonly string[]).includes(reason);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** What the attacker chooses in the dialog (ids and choices; the GM measures the distance). */
export interface DicepoolChoice {
  readonly intent: AttackIntent;
  readonly cover: CoverKind;
  readonly blitz: boolean;
  /** Spaces to the target when there is no canvas to measure on (0: the same space). */
  readonly distance: number;
  /** A disarm's aim: an item id of the target's, or null. */
  readonly disarmWeaponId: string | null;
  /** An opportunity attack (an Interrupt on the target's turn), and what set it off. */
  readonly opportunity: OpportunityTrigger;
}

export const DEFAULT_CHOICE: DicepoolChoice = {
  intent: "damage",
  cover: "none",
  blitz: false,
  distance: 0,
  disarmWeaponId: null,
  opportunity: "none",
};

export interface DicepoolDeclareIntent extends DicepoolChoice {
  readonly attackerId: string;
  /** "" for bare hands. */
  readonly weaponId: string;
  readonly targetId: string;
  /** The chat roll mode the declaring user chose (hides the dice, never the card). */
  readonly rollMode: string;
}

/** Spaces between two tokens on the canvas (grid units), or null without a canvas. */
function measuredSpaces(a: Actor.Implementation, b: Actor.Implementation): number | null {
  const distance = canvasDistance(a, b);
  const board = (globalThis as { canvas?: foundry.canvas.Canvas | null }).canvas;
  const unit = board?.grid?.distance ?? 0;
  if (distance === null || unit <= 0) return null;
  return Math.round(distance / unit);
}

export interface Declaration {
  readonly input: Omit<AttackInput, "defense">;
  readonly actionName: ActionName;
  /** The attacker fights in a started combat: its actions are counted. */
  readonly tracked: boolean;
  readonly weaponName: string;
}

/** Whether this actor fights in the current, started combat (its actions are counted). */
export function startedCombatant(actor: Actor.Implementation): boolean {
  const combat = (game as { combat?: Combat.Implementation | null }).combat ?? null;
  if (combat === null || turnStateOf(combat).round < 1) return false;
  return combat.combatants.some(
    (c) => c.actorId === actor.id || (actor.isToken && c.tokenId === actor.token?.id),
  );
}

/** The rules' plan of `input`, after the rules' input check (checkAttackInput). */
function checkedPlan(input: AttackInput, options: DicepoolOptions) {
  const checked = checkAttackInput(input);
  return checked.ok ? planAttack(checked.value, options) : checked;
}

/** Checks everything that may refuse an attack before any die is rolled. */
export function checkDeclaration(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation | null,
  target: Actor.Implementation | null,
  choice: DicepoolChoice,
  options: DicepoolOptions = dicepoolOptions(),
): { ok: true; value: Declaration } | Refusal {
  if (weaponItem !== null && weaponItem.type !== "weapon") return refuse("notAWeapon");
  if (target === null) return refuse("noTarget");
  const weapon: DicepoolWeapon = weaponItem === null ? EMPTY_HANDS : toDicepoolWeapon(weaponItem);
  const distance = measuredSpaces(attackerActor, target) ?? choice.distance;
  const attacker = toDicepoolCombatant(attackerActor);
  const input: Omit<AttackInput, "defense"> = {
    attacker,
    defender: toDicepoolCombatant(target),
    weapon,
    intent: choice.intent,
    ...(choice.disarmWeaponId === null ? {} : { disarmWeaponId: choice.disarmWeaponId }),
    situation: {
      distance,
      cover: choice.cover,
      blitz: choice.blitz,
      // Points an assailant spent against either side (an interrupt before this roll).
      grapplePenaltyOnAttack: systemOf(attackerActor).grapplePenalty,
      grapplePenaltyOnDefense: systemOf(target).grapplePenalty,
    },
  };
  // Soak is open to every defender: the plan checks all that does not depend on the defense.
  const plan = checkedPlan({ ...input, defense: "soak" }, options);
  if (!plan.ok) return plan;
  if (choice.intent === "breakGrapple" && grapplesOf(target).length === 0) {
    return refuse("noGrappleToBreak");
  }
  if (choice.opportunity !== "none") {
    // The trigger happens on the target's turn: it leaves the shared space or shoots from it.
    const open = opportunityAttackOpen({
      kind: choice.opportunity,
      sameSpace: distance === 0,
      closeWeapon: weapon.kind === "close",
      watcherIncapacitated: attacker.incapacitated !== null || attacker.dead,
    });
    if (!open || choice.blitz || !isActorsTurn(target)) return refuse("opportunityNotOpen");
  }
  const actionName: ActionName =
    choice.opportunity !== "none"
      ? "opportunityAttack"
      : choice.blitz
        ? "blitzAttack"
        : weapon.kind === "close"
          ? "closeAttack"
          : "rangedAttack";
  const tracked = startedCombatant(attackerActor);
  if (tracked) {
    const spent = takeAction(
      systemOf(attackerActor).actions,
      actionName,
      { ownTurn: isActorsTurn(attackerActor), incapacitated: attacker.incapacitated !== null },
      options,
    );
    if (!spent.ok) return spent;
  }
  return {
    ok: true,
    value: { input, actionName, tracked, weaponName: weaponItem?.name ?? "" },
  };
}

/** The chance an attack that scored `attackHits` hits through each defense. */
export function defenseChoices(
  input: Omit<AttackInput, "defense">,
  attackHits: number,
  options: DicepoolOptions,
): DefenseChoice[] {
  return DEFENSES.map((defense) => {
    const plan = checkedPlan({ ...input, defense }, options);
    if (!plan.ok) return { defense, allowed: false, dice: 0, mode: "rolled", hitChance: 0 };
    const { defensePool, defenseMode } = plan.value;
    const dist = scoreDistribution(defensePool.dice, defenseMode, options);
    const hitChance = dist.ok ? probability(dist.value, (hits) => attackHits - hits >= 1) : 0;
    return { defense, allowed: true, dice: defensePool.dice, mode: defenseMode, hitChance };
  });
}

function parseChoice(raw: Record<string, unknown>): DicepoolChoice | null {
  const { intent, cover, blitz, distance, disarmWeaponId, opportunity } = raw;
  if (!OPPORTUNITY_TRIGGERS.includes(opportunity as OpportunityTrigger)) return null;
  if (!INTENTS.includes(intent as AttackIntent)) return null;
  if (!COVERS.includes(cover as CoverKind)) return null;
  if (typeof blitz !== "boolean") return null;
  if (checkNumber("distance", distance, { min: 0, max: 1000, whole: true }) !== undefined) {
    return null;
  }
  if (disarmWeaponId !== null && typeof disarmWeaponId !== "string") return null;
  return {
    intent: intent as AttackIntent,
    cover: cover as CoverKind,
    blitz,
    distance: distance as number,
    disarmWeaponId,
    opportunity: opportunity as OpportunityTrigger,
  };
}

function parseDeclare(raw: unknown): DicepoolDeclareIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const { attackerId, weaponId, targetId } = r;
  if (typeof attackerId !== "string" || typeof weaponId !== "string") return null;
  if (typeof targetId !== "string") return null;
  const choice = parseChoice(r);
  const rollMode = typeof r["rollMode"] === "string" ? r["rollMode"] : "publicroll";
  return choice === null ? null : { ...choice, attackerId, weaponId, targetId, rollMode };
}

/** Collection#get is typed as always finding one; a deleted document is not found. */
function found<T>(value: T): T | undefined {
  return value;
}

/**
 * Attacks the target: this client checks first (a refusal is a warning and nothing is sent),
 * then the referee checks again, rolls and posts the card. Returns the card, or null.
 */
export async function declareDicepoolAttack(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation | null,
  targets: readonly Actor.Implementation[],
  choice: DicepoolChoice = DEFAULT_CHOICE,
): Promise<ChatMessage.Implementation | null> {
  if (targets.length > 1) {
    warnDicepoolRefusal(refuse("tooManyTargets"));
    return null;
  }
  const target = targets[0] ?? null;
  const checked = checkDeclaration(attackerActor, weaponItem, target, choice);
  if (!checked.ok || target === null) {
    if (!checked.ok) warnDicepoolRefusal(checked);
    return null;
  }
  const intent: DicepoolDeclareIntent = {
    ...choice,
    attackerId: combatantId(attackerActor),
    weaponId: weaponItem?.id ?? "",
    targetId: combatantId(target),
    rollMode: game.settings.get("core", "rollMode") ?? "publicroll",
  };
  const outcome = await sendIntent(DICEPOOL_DECLARE, intent);
  if (!outcome.ok) {
    if (!isTransport(outcome.reason)) warnDicepoolRefusal(outcome);
    return null;
  }
  const id = typeof outcome.value === "string" ? outcome.value : "";
  return (found(chatMessages().get(id)) as ChatMessage.Implementation | undefined) ?? null;
}

async function renderCard(card: DicepoolAttackCardState, options: DicepoolOptions) {
  return foundry.applications.handlebars.renderTemplate(
    DICEPOOL_ATTACK_CARD_TEMPLATE,
    dicepoolAttackCardContext(card, i18n(), options.hitOn),
  );
}

/** The referee's side of a declaration (on the active GM). Answers with the card's id. */
export async function refereeDicepoolDeclare(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const request = parseDeclare(intent.payload);
  if (request === null) return refuse("badRequest");
  const attackerActor = resolveActor(request.attackerId);
  if (attackerActor === null || !(sender.isGM || owns(attackerActor, sender))) {
    return refuse("notAllowed");
  }
  return serializedBy(`${SYSTEM_ID}.attacker.${request.attackerId}`, async () => {
    const weaponItem =
      request.weaponId === "" ? null : (found(attackerActor.items.get(request.weaponId)) ?? null);
    if (request.weaponId !== "" && weaponItem === null) return refuse("notAWeapon");
    const target = resolveActor(request.targetId);
    const options = dicepoolOptions();
    const checked = checkDeclaration(attackerActor, weaponItem, target, request, options);
    if (!checked.ok || target === null) return checked.ok ? refuse("noTarget") : checked;
    return postCard(attackerActor, target, checked.value, sender, request.rollMode, options);
  });
}

async function postCard(
  attackerActor: Actor.Implementation,
  target: Actor.Implementation,
  declaration: Declaration,
  sender: User.Implementation,
  rollMode: string,
  options: DicepoolOptions,
): Promise<RefereeOutcome> {
  const { input, actionName, tracked } = declaration;
  const plan = checkedPlan({ ...input, defense: "soak" }, options);
  if (!plan.ok) return plan;
  const rolled = await withDice((dice) =>
    scorePool(plan.value.attackPool.dice, "rolled", dice, options),
  );
  if (!rolled.value.ok) return rolled.value;
  const attackScore = rolled.value.value;
  // The attacker pays now: the action (in a started combat) and Blitz's Energy.
  const own: Record<string, number | boolean> = {};
  if (tracked) {
    const spent = takeAction(
      systemOf(attackerActor).actions,
      actionName,
      { ownTurn: true },
      options,
    );
    if (spent.ok) {
      for (const [key, value] of Object.entries(spent.value) as [string, number | boolean][]) {
        own[`system.actions.${key}`] = value;
      }
    }
  }
  if (plan.value.energyCost > 0) {
    own[DICEPOOL_FIELD_PATHS.energy] = input.attacker.energy.value - plan.value.energyCost;
  }
  // A grapple penalty counts against one roll: the attack, or this defense.
  const spentPenalties: DicepoolUpdate[] = [];
  if ((input.situation?.grapplePenaltyOnAttack ?? 0) > 0) own["system.grapplePenalty"] = 0;
  if ((input.situation?.grapplePenaltyOnDefense ?? 0) > 0) {
    spentPenalties.push({ actorId: input.defender.id, changes: { "system.grapplePenalty": 0 } });
  }
  const paid = Object.keys(own).length > 0 ? [{ actorId: input.attacker.id, changes: own }] : [];
  if (paid.length + spentPenalties.length > 0) {
    await applyDicepoolUpdates([...paid, ...spentPenalties]);
  }
  const card: DicepoolAttackCardState = {
    stage: "defend",
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
    disarmWeaponId: input.disarmWeaponId ?? null,
    attackPool: {
      dice: plan.value.attackPool.dice,
      faces: attackScore.faces,
      hits: attackScore.hits,
      mode: "rolled",
    },
    choices: defenseChoices(input, attackScore.hits, options),
    dice: rolled.dice,
    result: null,
  };
  // The roll mode hides the dice (whispered apart), never the card and its defense buttons.
  const message = await postRefereeCard({
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderCard(card, options),
    flags: { [SYSTEM_ID]: { [DICEPOOL_CARD_FLAG]: card } },
    rolls: rolled.rolls,
    rollMode,
    roller: sender.id ?? "",
  });
  if (message === null) return refuse("failed");
  // An NPC (no player owns it) takes the world's default defense at once, chosen by the referee.
  const fallback = defaultDefense();
  const playerOwned = worldUsers().filter((user) => !user.isGM && owns(target, user)).length > 0;
  if (!playerOwned && fallback !== null) {
    const choice = card.choices.find((c) => c.defense === fallback && c.allowed);
    const defense = choice?.defense ?? "soak";
    await serializedBy(message.id ?? "", () => defendOnReferee(message, defense, currentUser()));
  }
  return { ok: true, value: message.id };
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: defend                                                                              */
/* ------------------------------------------------------------------------------------------ */

export function dicepoolCardOf(
  message: ChatMessage.Implementation,
): DicepoolAttackCardState | null {
  return cardFlag(message, DICEPOOL_CARD_FLAG) as DicepoolAttackCardState | null;
}

/** Whether this user picks the defense: the GM, or an owner of the defender. */
export function mayDefend(card: DicepoolAttackCardState, user: User.Implementation): boolean {
  return user.isGM || owns(resolveActor(card.defenderId), user);
}

function isRefereeCard(message: ChatMessage.Implementation): boolean {
  const author = (message as { author?: { isGM?: boolean } | null }).author;
  return author?.isGM === true;
}

/** The card's attack against the defender as it is now, with the defense it chose. */
function cardInput(
  card: DicepoolAttackCardState,
  defender: DicepoolCombatant,
  defense: DefenseKind,
): AttackInput {
  return {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    intent: card.intent,
    defense,
    situation: card.situation,
    ...(card.disarmWeaponId === null ? {} : { disarmWeaponId: card.disarmWeaponId }),
  };
}

/** The card's attack against `defender` with `defense`, on its dice (rolling what is missing). */
function resolveOn(
  card: DicepoolAttackCardState,
  defender: DicepoolCombatant,
  defense: DefenseKind,
  dice: readonly DieRoll[],
  options: DicepoolOptions,
) {
  const input = checkAttackInput(cardInput(card, defender, defense));
  return withDice(
    (source) => (input.ok ? resolveAttack(input.value, source, options) : input),
    dice,
  );
}

/** The outcome as the card shows it, and every change it makes. */
export function resultView(
  outcome: AttackOutcome,
  defense: DefenseKind,
  card: DicepoolAttackCardState,
  before: Checked<DicepoolCombatant>,
  attackerActor: Actor.Implementation | null,
  options: Checked<DicepoolOptions>,
): DicepoolResultView {
  let defender = outcome.defender;
  const updates: DicepoolUpdate[] = [];
  let grapplePool: number | null = null;
  let refusedGrapple: string | null = null;
  if (card.intent === "grapple" && outcome.grapplePoints > 0 && attackerActor !== null) {
    // Multi-Grapple: the assailant may hold 1 + its rating; the rules refuse one more.
    const added = addGrapplePoints(
      grapplesOf(attackerActor),
      card.attacker,
      defender,
      outcome.grapplePoints,
      options,
    );
    if (!added.ok) refusedGrapple = added.reason;
    if (added.ok && added.value.grapple !== null) {
      defender = added.value.victim;
      grapplePool = added.value.grapple.pool;
      updates.push({
        actorId: card.attackerId,
        changes: {
          "system.grapples": storedGrapplesAfter(
            systemOf(attackerActor).grapples,
            card.defenderId,
            added.value.grapple,
            card.defenderName,
          ) as never,
        },
      });
    }
  }
  const defenderActor = resolveActor(card.defenderId);
  if (card.intent === "breakGrapple" && outcome.drained > 0 && defenderActor !== null) {
    // The victim (or its ally) drains the assailant's pool: the grapple on the attacker first.
    const grip = grappleOn(defenderActor, card.attackerId) ?? grapplesOf(defenderActor)[0] ?? null;
    const victimActor = grip === null ? null : resolveActor(grip.victimId);
    if (grip !== null && victimActor !== null) {
      const victimBefore =
        grip.victimId === card.attackerId ? card.attacker : toDicepoolCombatant(victimActor);
      const drained = drainGrapple(grip, victimBefore, outcome.drained, options);
      if (drained.ok) {
        grapplePool = drained.value.grapple?.pool ?? 0;
        updates.push({
          actorId: card.defenderId,
          changes: {
            "system.grapples": storedGrapplesAfter(
              systemOf(defenderActor).grapples,
              grip.victimId,
              drained.value.grapple,
            ) as never,
          },
        });
        const freed = diffDicepool(victimBefore, drained.value.victim);
        if (freed !== null) updates.push(freed);
      }
    }
  }
  // The attacker paid its Energy at the declaration; its other changes (initiative) apply here.
  const attackerAfter = { ...outcome.attacker, energy: card.attacker.energy };
  updates.push(
    ...diffAllDicepool([
      [before, defender],
      [card.attacker, attackerAfter],
    ]),
  );
  const max = maxHealth(before, options);
  return {
    defense,
    defensePool: {
      dice: outcome.plan.defensePool.dice,
      faces: outcome.defense.faces,
      hits: outcome.defense.hits,
      mode: outcome.plan.defenseMode,
    },
    net: outcome.net,
    hit: outcome.hit,
    damage: outcome.damage?.taken ?? 0,
    nonLethal: outcome.plan.nonLethal,
    woundDice: outcome.damage?.woundDice ?? 0,
    woundFaces: outcome.damage?.woundFaces ?? [],
    woundAdded: outcome.damage?.woundAdded ?? 0,
    incapacitated:
      defender.incapacitated !== null && defender.incapacitated !== before.incapacitated,
    died: outcome.damage?.died === true,
    grapplePool,
    refusedGrapple,
    disarmed: outcome.disarmed !== null,
    initiativeMoved: outcome.initiativeMoved,
    health: { before: max - before.damage, after: max - defender.damage, max },
    updates,
  };
}

function parseDefend(raw: unknown): { messageId: string; defense: DefenseKind } | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { messageId, defense } = raw as Record<string, unknown>;
  if (typeof messageId !== "string" || !DEFENSES.includes(defense as DefenseKind)) return null;
  return { messageId, defense: defense as DefenseKind };
}

/** The referee's side of a defense button (on the active GM). */
export async function refereeDicepoolDefend(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const request = parseDefend(intent.payload);
  if (request === null) return refuse("badRequest");
  return serializedBy(request.messageId, async () => {
    const message = found(chatMessages().get(request.messageId)) ?? null;
    if (message === null || dicepoolCardOf(message) === null) return refuse("noSuchCard");
    if (!isRefereeCard(message)) return refuse("notRefereeCard");
    return defendOnReferee(message, request.defense, sender);
  });
}

async function defendOnReferee(
  message: ChatMessage.Implementation,
  defense: DefenseKind,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const card = dicepoolCardOf(message);
  if (card === null) return refuse("noSuchCard");
  if (card.stage !== "defend") return refuse("alreadyHandled");
  if (!mayDefend(card, sender)) return refuse("notAllowed");
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const options = dicepoolOptions();
  const defender = toDicepoolCombatant(defenderActor);
  const plan = checkedPlan(cardInput(card, defender, defense), options);
  if (!plan.ok) return plan;
  const claimed = await claimStep(message, "defend");
  if (claimed !== null) return claimed;
  const rolled = await resolveOn(card, defender, defense, card.dice, options);
  if (!rolled.value.ok) return rolled.value;
  await showDice(rolled.rolls);
  const result = resultView(
    rolled.value.value,
    defense,
    card,
    defender,
    resolveActor(card.attackerId),
    options,
  );
  const next: DicepoolAttackCardState = { ...card, stage: "resolved", dice: rolled.dice, result };
  await message.update({
    content: await renderCard(next, options),
    [`flags.${SYSTEM_ID}.${DICEPOOL_CARD_FLAG}`]: next,
    ...stepDoneUpdate("defend"),
  } as never);
  if (game.settings.get(SYSTEM_ID, "autoApplyDamage")) await applyOnReferee(message, sender);
  return { ok: true };
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 3: apply                                                                               */
/* ------------------------------------------------------------------------------------------ */

/** Whether this user may press Apply: the GM, the defender's owner, or who declared the attack. */
export function canApplyDicepool(card: DicepoolAttackCardState, user: User.Implementation) {
  return (
    user.isGM || owns(resolveActor(card.defenderId), user) || card.declaredBy === (user.id ?? "")
  );
}

/** The referee's side of Apply (on the active GM). */
export function refereeDicepoolApply(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const messageId = (intent.payload as { messageId?: unknown } | null)?.messageId;
  return onRefereeCard(messageId, dicepoolCardOf, (message) => applyOnReferee(message, sender));
}

async function applyOnReferee(
  message: ChatMessage.Implementation,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const card = dicepoolCardOf(message);
  if (card === null) return refuse("noSuchCard");
  if (card.stage === "applied") return refuse("alreadyApplied");
  if (card.stage !== "resolved" || card.result === null) return refuse("noDefenseYet");
  if (!canApplyDicepool(card, sender)) return refuse("notAllowed");
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const claimed = await claimStep(message, "apply");
  if (claimed !== null) return claimed;
  const options = dicepoolOptions();
  // Resolved again on the card's dice against the defender as it is now (hurt since?).
  const defender = toDicepoolCombatant(defenderActor);
  const again = await resolveOn(card, defender, card.result.defense, card.dice, options);
  if (!again.value.ok) return again.value;
  const result = resultView(
    again.value.value,
    card.result.defense,
    card,
    defender,
    resolveActor(card.attackerId),
    options,
  );
  await applyDicepoolUpdates(result.updates);
  const done: DicepoolAttackCardState = { ...card, stage: "applied", dice: again.dice, result };
  await message.update({
    content: await renderCard(done, options),
    [`flags.${SYSTEM_ID}.${DICEPOOL_CARD_FLAG}`]: done,
    ...stepDoneUpdate("apply"),
  } as never);
  return { ok: true };
}

/* ------------------------------------------------------------------------------------------ */
/*  The card's buttons                                                                          */
/* ------------------------------------------------------------------------------------------ */

async function ask(action: string, payload: unknown): Promise<boolean> {
  const outcome = await sendIntent(action, payload);
  if (!outcome.ok && !isTransport(outcome.reason)) warnDicepoolRefusal(outcome);
  return outcome.ok;
}

/** A defense button: checked here (a warning when refused), then sent to the referee. */
export async function requestDefense(
  message: ChatMessage.Implementation,
  defense: DefenseKind,
): Promise<boolean> {
  const card = dicepoolCardOf(message);
  if (card === null || !mayDefend(card, currentUser())) {
    warnDicepoolRefusal(refuse("notAllowed"));
    return false;
  }
  return ask(DICEPOOL_DEFEND, { messageId: message.id ?? "", defense });
}

export async function requestDicepoolApply(message: ChatMessage.Implementation): Promise<boolean> {
  const card = dicepoolCardOf(message);
  if (card === null || !canApplyDicepool(card, currentUser())) {
    warnDicepoolRefusal(refuse("notAllowed"));
    return false;
  }
  return ask(DICEPOOL_APPLY, { messageId: message.id ?? "" });
}

/** Wires a dice-pool card's buttons as it renders; a user sees only the buttons it may press. */
export function wireDicepoolCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = dicepoolCardOf(message);
  if (card === null) return;
  const user = currentUser();
  const wire = (selector: string, allowed: boolean, press: (b: HTMLButtonElement) => unknown) => {
    for (const button of html.querySelectorAll<HTMLButtonElement>(selector)) {
      if (!allowed) {
        button.remove();
        continue;
      }
      button.addEventListener("click", (event) => {
        event.preventDefault();
        button.disabled = true;
        void Promise.resolve(press(button)).finally(() => {
          button.disabled = false;
        });
      });
    }
  };
  wire("button[data-fray-dp-defense]", mayDefend(card, user), (b) =>
    requestDefense(message, b.dataset["frayDpDefense"] as DefenseKind),
  );
  wire("button[data-fray-dp-apply]", canApplyDicepool(card, user), () =>
    requestDicepoolApply(message),
  );
}

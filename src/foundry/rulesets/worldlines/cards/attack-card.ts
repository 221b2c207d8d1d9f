/**
 * The Worldlines attack card: its state (kept in the ChatMessage's flags.fray.attack), who may
 * press its buttons, the template context built from it, and its writes (content, state and the
 * step's end in one update). The card moves through three stages: the attack is rolled and waits
 * for the defender (Evade / Take it), and after a failed Evasion may wait again (Evade again /
 * Take it); the defense is resolved and damage is rolled (Apply); the result is applied, and the
 * defender may try to recover from the statuses it brought (Recover). The card protocol
 * (cards/protocol.ts) plays it; its strategy is attack/referee.ts's.
 */
import type { DieRoll } from "../../../../rules/core/dice.ts";
import type {
  ActorUpdate,
  AttackOutcome,
  AttackRoll,
  AttackSituation,
  EvasionRoll,
  WorldlinesCombatant,
  WorldlinesWeapon,
} from "../../../../rules/worldlines/index.ts";
import { DEFAULT_OPTIONS } from "../../../../rules/worldlines/index.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { resolveActor } from "../../../shared/actors.ts";
import {
  cardFlag,
  cardStepUpdate,
  isRefereeCard,
  mayRequestApply,
  owns,
} from "../../../shared/cards.ts";
import type { AttackCardHeader } from "../../../shared/cards.ts";
import { chatMessages, i18n } from "../../../shared/env.ts";
import { modifierLines, signed } from "../../../shared/format.ts";
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader, resultLine } from "../../../cards/parts.ts";
import type { ResultLine } from "../../../cards/parts.ts";
import { attackNextStep } from "./next-step.ts";

/** The attack card's kind, for the card protocol (declaration and card). */
export const ATTACK_KIND = "worldlines.attack";

export const ATTACK_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/worldlines/chat/attack-card.hbs`;
export const STATUS_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/worldlines/chat/status-card.hbs`;

export type AttackStage = "awaitingDefense" | "awaitingExtraEvasion" | "resolved" | "applied";

/** What the card shows of a resolved attack (the outcome minus the combatants). */
export interface AttackResultView {
  readonly hit: boolean;
  readonly evasions: AttackOutcome["evasions"];
  readonly evasionRefused: string | null;
  readonly headshot: AttackOutcome["headshot"] | null;
  readonly damage: AttackOutcome["damage"] | null;
  readonly healthLost: number;
  readonly killed: boolean;
  readonly downed: AttackOutcome["downed"] | null;
  readonly unconsciousMinutes: number | null;
  readonly limbCheck: AttackOutcome["limbCheck"] | null;
  readonly statusesApplied: readonly string[];
  readonly charmBroken: boolean;
  readonly defenderSpent: number;
  readonly health: { readonly before: number; readonly after: number; readonly max: number };
  readonly updates: readonly ActorUpdate[];
}

/** The card's state: who attacks whom with what (the shared header), and how far it went. */
export interface AttackCardState extends AttackCardHeader {
  readonly stage: AttackStage;
  /** The attacker as it was when declaring (before paying). */
  readonly attacker: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly situation: AttackSituation;
  readonly cost: number;
  readonly attack: AttackRoll;
  /** The defender's choice, once made. */
  readonly defense: "evade" | "take" | null;
  /** Every die of the attack so far, in the order the rules drew them (attack die first). */
  readonly dice: readonly DieRoll[];
  readonly result: AttackResultView | null;
  /** The failed first Evasion while the defender decides on a second one. */
  readonly pendingEvasion?: EvasionRoll | null;
  /** Energy the first Evasion cost (paid), while the defender decides. */
  readonly evasionPaid?: number;
  /** The defender interrupted for a second Evasion. */
  readonly extraEvasion?: boolean;
  /** Energy the attacker gets back if the attack hits (its technique's refund). */
  readonly refund?: number;
}

/** Whether a status has a recovery check in the recovery table (so a Recover button makes sense). */
export function hasRecoveryCheck(statusId: string): boolean {
  return Object.hasOwn(DEFAULT_OPTIONS.recovery, statusId);
}

export function resultView(
  outcome: AttackOutcome,
  before: WorldlinesCombatant,
  updates: readonly ActorUpdate[],
): AttackResultView {
  return {
    hit: outcome.hit,
    evasions: outcome.evasions,
    evasionRefused: outcome.evasionRefused ?? null,
    headshot: outcome.headshot ?? null,
    damage: outcome.damage ?? null,
    healthLost: outcome.healthLost,
    killed: outcome.killed,
    downed: outcome.downed ?? null,
    unconsciousMinutes: outcome.unconsciousMinutes ?? null,
    limbCheck: outcome.limbCheck ?? null,
    statusesApplied: outcome.statusesApplied,
    charmBroken: outcome.charmBroken,
    defenderSpent: outcome.energySpent.defender,
    health: {
      before: before.health.value,
      after: outcome.defender.health.value,
      max: before.health.max,
    },
    updates,
  };
}

const KNOWN_MODIFIERS = new Set([
  "skill",
  "weapon",
  "zone",
  "cover",
  "poorVisibility",
  "flanked",
  "stance",
  "range",
  "blinded",
  "exhausted",
]);

const modifierKey = (source: string): string => `FRAY.Worldlines.Attack.Modifier.${source}`;

type Localize = (key: string) => string;
type Format = (key: string, data: Record<string, string | number>) => string;

function evasionLine(e: EvasionRoll, localize: Localize) {
  return {
    dice: e.naturals.join(" / "),
    modifiers: modifierLines(e.modifiers, KNOWN_MODIFIERS, modifierKey, localize),
    total: e.total,
    success: e.success,
    extra: e.extra,
  };
}

/** The template context of an attack card. `i18n` is game.i18n (a stand-in in browser tests). */
export function attackCardContext(
  card: AttackCardState,
  i18n: { localize: Localize; format: Format },
) {
  const { localize, format } = i18n;
  const s = card.situation;
  const zone = s.zone ?? "torso";
  const tags = [
    localize(`FRAY.Worldlines.Attack.Zone.${zone}`),
    ...(card.weapon.kind === "melee"
      ? []
      : [localize(`FRAY.Worldlines.Attack.Range.${s.range ?? "short"}`)]),
    ...(s.cover !== undefined && s.cover !== "none"
      ? [localize(`FRAY.Worldlines.Attack.Cover.${s.cover}`)]
      : []),
    ...(s.nonLethal === true ? [localize("FRAY.Worldlines.Attack.NonLethal")] : []),
  ];
  const r = card.result;
  const damage = r?.damage ?? null;
  const { stage, defenderName } = card;
  return {
    stage,
    header: cardHeader(card.attackerName, defenderName, card.weaponName, tags),
    next: nextStepView(attackNextStep(card), i18n),
    outcome: r === null ? null : attackResultLine(card, r, format),
    sceneCalls: card.sceneCalls ?? [],
    die: `d${card.attack.die}`,
    natural: card.attack.natural,
    modifiers: modifierLines(card.attack.modifiers, KNOWN_MODIFIERS, modifierKey, localize),
    total: card.attack.total,
    critical: card.attack.critical,
    awaiting: card.stage === "awaitingDefense",
    awaitingExtra: card.stage === "awaitingExtraEvasion",
    pendingEvasion:
      card.pendingEvasion === null || card.pendingEvasion === undefined
        ? null
        : evasionLine(card.pendingEvasion, localize),
    evadeLabel: format("FRAY.Worldlines.Card.Evade", { cost: DEFAULT_OPTIONS.costs.evade }),
    evadeAgainLabel: format("FRAY.Worldlines.Card.EvadeAgain", {
      cost: DEFAULT_OPTIONS.costs.extraEvasion,
    }),
    evadeAgainHint: format("FRAY.Worldlines.Card.EvadeAgainHint", { name: defenderName }),
    result:
      r === null
        ? null
        : {
            hit: r.hit,
            evasions: r.evasions.map((e) => evasionLine(e, localize)),
            evasionRefused:
              r.evasionRefused === null
                ? null
                : localize(`FRAY.Worldlines.Card.EvasionRefused.${r.evasionRefused}`),
            headshot:
              r.headshot === null || r.headshot === undefined
                ? null
                : {
                    roll: r.headshot.roll,
                    from: r.headshot.from,
                    text: localize(`FRAY.Worldlines.Card.Headshot.${r.headshot.effect}`),
                    special: r.headshot.effect !== "miss" && r.headshot.effect !== "none",
                  },
            damage:
              damage === null
                ? null
                : {
                    formula: card.weapon.damage,
                    weapon: damage.weapon,
                    critical: damage.critical,
                    rangeBonus: damage.rangeBonus === 0 ? null : signed(damage.rangeBonus),
                    multiplier: damage.multiplier === 1 ? null : damage.multiplier,
                    total: damage.total,
                    armorDie: damage.armorDie === null ? null : `d${damage.armorDie}`,
                    armorRoll: damage.armorRoll,
                    armor: damage.armor,
                    dealt: damage.dealt,
                    absorbed: damage.dealt === 0 && damage.total > 0,
                  },
            killed: r.killed,
            downed:
              r.downed === null || r.downed === undefined
                ? null
                : format(`FRAY.Worldlines.Card.Downed.${r.downed}`, {
                    name: card.defenderName,
                    minutes: r.unconsciousMinutes ?? 0,
                  }),
            limbCheck:
              r.limbCheck === null || r.limbCheck === undefined
                ? null
                : {
                    zone: localize(`FRAY.Worldlines.Attack.Zone.${r.limbCheck.zone}`),
                    die: `d${String(r.limbCheck.check.die)}: ${String(r.limbCheck.check.natural)}`,
                    bonus: r.limbCheck.check.bonus === 0 ? null : signed(r.limbCheck.check.bonus),
                    total: r.limbCheck.check.total,
                    needs: format("FRAY.Worldlines.Card.Needs", { td: r.limbCheck.check.td }),
                    passed: r.limbCheck.check.passed,
                    effect: format(`FRAY.Worldlines.Card.Limb.${r.limbCheck.effect}`, {
                      name: defenderName,
                    }),
                    disabled: r.limbCheck.limbDisabled,
                  },
            statuses: r.statusesApplied.map((id) => localize(`FRAY.Worldlines.Status.${id}.Name`)),
            // Once written, the defender may try to shake off what it can recover from.
            recover:
              card.stage === "applied"
                ? [...new Set(r.statusesApplied)].filter(hasRecoveryCheck).map((id) => ({
                    actorId: card.defenderId,
                    statusId: id,
                    label: format("FRAY.Worldlines.Card.Recover", {
                      status: localize(`FRAY.Worldlines.Status.${id}.Name`),
                    }),
                  }))
                : [],
            charmBroken: r.charmBroken,
            health: r.health,
            healthLost: r.healthLost,
            applied: card.stage === "applied",
          },
  };
}

export type AttackCardContext = ReturnType<typeof attackCardContext>;

/** What the resolved attack came to, in one line: evaded, missed, or the damage the hit deals. */
function attackResultLine(card: AttackCardState, r: AttackResultView, format: Format): ResultLine {
  const names = { target: card.defenderName, attacker: card.attackerName };
  if (!r.hit) {
    const evaded = r.evasions.some((e) => e.success);
    return resultLine(
      format(
        evaded ? "FRAY.Worldlines.Card.Result.evaded" : "FRAY.Worldlines.Card.Result.missed",
        names,
      ),
      "bad",
    );
  }
  if (r.killed) return resultLine(format("FRAY.Worldlines.Card.Result.killed", names), "good");
  return resultLine(
    format("FRAY.Worldlines.Card.Result.hit", { ...names, dealt: r.damage?.dealt ?? 0 }),
    (r.damage?.dealt ?? 0) > 0 ? "good" : "plain",
  );
}

/** The attack card's state, from its message (null when the message is not one). */
export function attackCardOf(message: ChatMessage.Implementation): AttackCardState | null {
  return cardFlag(message, "attack") as AttackCardState | null;
}

/** Whether this user may press Evade / Evade again / Take it: the GM or the defender's owner. */
export function canDefend(card: AttackCardState, user: User.Implementation): boolean {
  return user.isGM || owns(resolveActor(card.defenderId), user);
}

/** Whether this user may press Apply: the GM, the target's owner, or who declared the attack. */
export function canApply(card: AttackCardState, user: User.Implementation): boolean {
  return mayRequestApply(card.declaredBy, resolveActor(card.defenderId), user);
}

export function renderAttackCard(card: AttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    ATTACK_CARD_TEMPLATE,
    attackCardContext(card, i18n()),
  );
}

/**
 * The card's new state and text, with the step it finishes (`claim`), in one update. Dice rolled
 * for this step join the message's own rolls (so Dice So Nice and the roll mode see the dice the
 * card shows): the card's, or, when a private roll mode put the dice in a whispered message of
 * their own (shared/cards.ts postRefereeCard), that message's.
 */
export async function writeAttackCard(
  message: ChatMessage.Implementation,
  card: AttackCardState,
  claim: string,
  rolls: readonly Roll[] = [],
): Promise<void> {
  const diceMessage = rolls.length === 0 ? undefined : diceMessageOf(message);
  await message.update({
    ...cardStepUpdate("attack", card, await renderAttackCard(card), claim),
    ...(rolls.length > 0 && diceMessage === undefined
      ? { rolls: [...message.rolls, ...rolls] }
      : {}),
  });
  if (diceMessage !== undefined) {
    await diceMessage.update({ rolls: [...diceMessage.rolls, ...rolls] });
  }
}

/**
 * The whispered message holding a card's dice under a private roll mode, if there is one: only a
 * message a GM authored counts (a player's message flagged as the card's dice gets nothing).
 */
function diceMessageOf(card: ChatMessage.Implementation): ChatMessage.Implementation | undefined {
  return chatMessages().contents.find((m) => isRefereeCard(m) && cardFlag(m, "diceOf") === card.id);
}

/**
 * The dice-pool attack card: its state (kept in the ChatMessage's flags.fray.dicepoolAttack), what
 * a resolved attack shows, and the template context built from it. The card is the one card
 * protocol's (src/foundry/cards/protocol.ts): its buttons are `data-fray-step` steps, resolved by
 * the referee (attack/referee.ts). Stages:
 * - confirm: a player declared it where the GM's canvas could not measure the distance; the GM
 *   gives the distance and the cover (or cancels), and then the attack pool is rolled;
 * - defend: the attack pool is rolled; the defender (its owner, or the GM for an NPC) picks
 *   Dodge, Parry or Soak, each button showing its pool and the chance the attack still hits;
 * - resolved: the defense is rolled; the card shows both rolls, the net hits, the damage (or the
 *   Grappling Pool, the disarm, the initiative moved), the wound-penalty dice and Apply;
 * - applied: the outcome is written (a grapple that holds its victim down offers it Resist:
 *   attack/resist.ts); cancelled: the GM called the attack off at confirm.
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader, resultLine } from "../../../cards/parts.ts";
import type { ResultLine } from "../../../cards/parts.ts";
import { dicepoolAttackNextStep } from "./next-step.ts";
import type { Checked } from "../../../../rules/core/checked.ts";
import { planChecked } from "../adapter.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { probability } from "../../../../rules/core/distribution.ts";

import type {
  AttackInput,
  AttackIntent,
  AttackOutcome,
  AttackSituation,
  DefenseKind,
} from "../../../../rules/dicepool/attack.ts";
import { maxHealth } from "../../../../rules/dicepool/health.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "../../../../rules/dicepool/model.ts";
import { scoreDistribution } from "../../../../rules/dicepool/odds.ts";
import type { CoverKind, DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import type { PoolMode } from "../../../../rules/dicepool/pool.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { cardFlag } from "../../../shared/cards.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";
import { i18n } from "../../../shared/env.ts";
import type { I18n } from "../../../shared/env.ts";
import { percent } from "../../../shared/format.ts";

export const DICEPOOL_ATTACK_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/attack-card.hbs`;
/** The message flag (under flags.fray) holding the card state. */
export const DICEPOOL_CARD_FLAG = "dicepoolAttack";
/** The card's kind in the card protocol. */
export const DICEPOOL_ATTACK = "dicepool.attack";

export const DEFENSES: readonly DefenseKind[] = ["dodge", "parry", "soak"];
export const COVERS: readonly CoverKind[] = ["none", "light", "medium", "full"];

export type DicepoolCardStage = "confirm" | "defend" | "resolved" | "applied" | "cancelled";

/** Who settled the distance: the GM's canvas, the GM, or the attacker's player (to confirm). */
export type DistanceBy = "measured" | "gm" | "stated";

/** One defense button: its pool and the chance the rolled attack still hits through it. */
export interface DefenseChoice {
  readonly defense: DefenseKind;
  readonly allowed: boolean;
  readonly dice: number;
  readonly mode: PoolMode;
  /** The chance the attack (already rolled) hits through this defense. */
  readonly hitChance: number;
}

/** A rolled (or static / flawless) pool as the card shows it. */
export interface PoolView {
  readonly dice: number;
  readonly faces: readonly number[];
  readonly hits: number;
  readonly mode: PoolMode;
}

/** What the card keeps of a resolved attack. */
export interface DicepoolResultView {
  readonly defense: DefenseKind;
  readonly defensePool: PoolView;
  readonly net: number;
  readonly hit: boolean;
  readonly damage: number;
  readonly nonLethal: boolean;
  readonly woundDice: number;
  readonly woundFaces: readonly number[];
  readonly woundAdded: number;
  readonly incapacitated: boolean;
  readonly died: boolean;
  /** The Grappling Pool after a grapple (filled) or a breakGrapple (drained); null otherwise. */
  readonly grapplePool: number | null;
  /** Why a grapple that hit took no hold (Multi-Grapple's limit, no combat), or null. */
  readonly refusedGrapple: string | null;
  readonly disarmed: boolean;
  readonly initiativeMoved: number;
  readonly health: { readonly before: number; readonly after: number; readonly max: number };
}

export interface DicepoolAttackCardState {
  readonly stage: DicepoolCardStage;
  readonly attackerId: string;
  readonly defenderId: string;
  readonly attackerName: string;
  readonly defenderName: string;
  readonly weaponName: string;
  /** Who declared it (may press Apply). */
  readonly declaredBy: string;
  /** The attacker as it was when it attacked. */
  readonly attacker: DicepoolCombatant;
  readonly weapon: DicepoolWeapon;
  readonly intent: AttackIntent;
  readonly situation: AttackSituation;
  readonly distanceBy: DistanceBy;
  readonly disarmWeaponId: string | null;
  /** The defenses the weapon rules out (absent on cards posted before; table/conduct.ts). */
  readonly forbid?: readonly DefenseKind[];
  /** Null until the attack is rolled (stage confirm). */
  readonly attackPool: PoolView | null;
  readonly choices: readonly DefenseChoice[];
  /** Every die of the attack in the order the rules drew them: attack, defense, wound dice. */
  readonly dice: readonly DieRoll[];
  readonly result: DicepoolResultView | null;
  /**
   * Resist, offered once the grapple applied left the victim incapacitated by it (attack/resist.ts):
   * absent when not offered; `energy` null while it waits, then what was spent and the pool left.
   */
  readonly resist?: ResistView;
  /** The situation as the scene decided it and as the player claimed it (scene/card-calls.ts). */
  readonly sceneCalls?: readonly SceneCallEntry[];
}

/** The victim's Resist on a grapple card: the Energy spent (null: not yet) and the pool after. */
export interface ResistView {
  readonly energy: number | null;
  readonly pool: number | null;
}

/** The card's state, from its message (null for any other message). */
export function dicepoolCardOf(
  message: ChatMessage.Implementation,
): DicepoolAttackCardState | null {
  return cardFlag(message, DICEPOOL_CARD_FLAG) as DicepoolAttackCardState | null;
}

/** The chance an attack that scored `attackHits` hits through each defense. */
export function defenseChoices(
  input: Omit<AttackInput, "defense">,
  attackHits: number,
  options: Checked<DicepoolOptions>,
): DefenseChoice[] {
  return DEFENSES.map((defense) => {
    const plan = planChecked({ ...input, defense }, options);
    if (!plan.ok) return { defense, allowed: false, dice: 0, mode: "rolled", hitChance: 0 };
    const { defensePool, defenseMode } = plan.value;
    const dist = scoreDistribution(defensePool.dice, defenseMode, options);
    const hitChance = dist.ok ? probability(dist.value, (hits) => attackHits - hits >= 1) : 0;
    return { defense, allowed: true, dice: defensePool.dice, mode: defenseMode, hitChance };
  });
}

/** What a grapple did on the card: the pool after it, or why it took no hold. */
export interface GrappleView {
  readonly pool: number | null;
  readonly refused: string | null;
}

export const NO_GRAPPLE: GrappleView = { pool: null, refused: null };

/** The outcome as the card shows it: the defender `before` and `after` it, and the grapple. */
export function resultView(
  outcome: AttackOutcome,
  defense: DefenseKind,
  before: Checked<DicepoolCombatant>,
  after: DicepoolCombatant,
  grapple: GrappleView,
  options: Checked<DicepoolOptions>,
): DicepoolResultView {
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
    incapacitated: after.incapacitated !== null && after.incapacitated !== before.incapacitated,
    died: outcome.damage?.died === true,
    grapplePool: grapple.pool,
    refusedGrapple: grapple.refused,
    disarmed: outcome.disarmed !== null,
    initiativeMoved: outcome.initiativeMoved,
    health: { before: max - before.damage, after: max - after.damage, max },
  };
}

function faces(list: readonly number[], hitOn: number) {
  return list.map((value) => ({ value, hit: value >= hitOn }));
}

/** What the defense came to, in one line: the damage a hit deals, its net hits, or a miss. */
function dicepoolResult(
  card: DicepoolAttackCardState,
  r: DicepoolResultView,
  i18n: I18n,
): ResultLine {
  const target = card.defenderName;
  if (!r.hit) return resultLine(i18n.format("FRAY.Dicepool.Card.Result.miss", { target }), "bad");
  return r.damage > 0
    ? resultLine(
        i18n.format("FRAY.Dicepool.Card.Result.damage", { target, damage: String(r.damage) }),
        "good",
      )
    : resultLine(i18n.format("FRAY.Dicepool.Card.Result.hit", { net: String(r.net) }), "good");
}

/** The template's context. Texts are localized here; the template escapes them. */
export function dicepoolAttackCardContext(
  card: DicepoolAttackCardState,
  i18n: I18n,
  hitOn = 4,
  dieSides = 6,
) {
  const r = card.result;
  const poolLine = (pool: PoolView) => ({
    dice: pool.dice,
    hits: pool.hits,
    faces: faces(pool.faces, hitOn),
    mode: pool.mode === "rolled" ? "" : i18n.localize(`FRAY.Dicepool.Card.Mode.${pool.mode}`),
  });
  const distance = card.situation.distance ?? 0;
  const cover = card.situation.cover ?? "none";
  return {
    dieSides,
    stage: card.stage,
    header: cardHeader(
      card.attackerName,
      card.defenderName,
      [card.weaponName, i18n.localize(`FRAY.Dicepool.Intent.${card.intent}`)]
        .filter((part) => part !== "")
        .join(" · "),
    ),
    outcome: r === null ? null : dicepoolResult(card, r, i18n),
    next: nextStepView(dicepoolAttackNextStep(card), i18n),
    sceneCalls: card.sceneCalls ?? [],
    where: i18n.format("FRAY.Dicepool.Card.Where", {
      spaces: String(distance),
      by: i18n.localize(`FRAY.Dicepool.Card.DistanceBy.${card.distanceBy}`),
      cover: i18n.localize(`FRAY.Dicepool.Cover.${cover}`),
    }),
    attack: card.attackPool === null ? null : poolLine(card.attackPool),
    confirm:
      card.stage === "confirm"
        ? {
            distance,
            covers: COVERS.map((id) => ({
              id,
              label: i18n.localize(`FRAY.Dicepool.Cover.${id}`),
              selected: id === cover,
            })),
          }
        : null,
    choices:
      card.stage === "defend"
        ? card.choices.map((c) => ({
            defense: c.defense,
            label: i18n.localize(`FRAY.Dicepool.Defense.${c.defense}`),
            allowed: c.allowed,
            detail: c.allowed
              ? i18n.format("FRAY.Dicepool.Card.DefenseOdds", {
                  dice: String(c.dice),
                  chance: percent(c.hitChance),
                })
              : i18n.localize("FRAY.Dicepool.Card.DefenseNotAllowed"),
          }))
        : [],
    result:
      r === null
        ? null
        : {
            defense: i18n.localize(`FRAY.Dicepool.Defense.${r.defense}`),
            defensePool: poolLine(r.defensePool),
            net: r.net,
            hit: r.hit,
            damage: r.damage,
            nonLethal: r.nonLethal,
            wound:
              r.woundDice > 0
                ? { dice: r.woundDice, faces: faces(r.woundFaces, hitOn), added: r.woundAdded }
                : null,
            health: r.health,
            incapacitated: r.incapacitated,
            died: r.died,
            grapplePool: r.grapplePool,
            drainedTo: card.intent === "breakGrapple" ? r.grapplePool : null,
            refusedGrapple:
              r.refusedGrapple === null
                ? null
                : i18n.localize(`FRAY.Dicepool.Refusal.${r.refusedGrapple}`),
            disarmed: r.disarmed,
            initiativeMoved: r.initiativeMoved,
          },
    canApply: card.stage === "resolved",
    resist:
      card.resist === undefined
        ? null
        : {
            open: card.resist.energy === null,
            line:
              card.resist.energy === null
                ? i18n.format("FRAY.Dicepool.Card.ResistOffer", { name: card.defenderName })
                : i18n.format("FRAY.Dicepool.Card.Resisted", {
                    name: card.defenderName,
                    energy: String(card.resist.energy),
                    pool: String(card.resist.pool ?? 0),
                  }),
          },
  };
}

export type DicepoolAttackCardContext = ReturnType<typeof dicepoolAttackCardContext>;

/** The card's HTML, from its state. */
export function renderAttackCard(
  card: DicepoolAttackCardState,
  options: Checked<DicepoolOptions>,
): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    DICEPOOL_ATTACK_CARD_TEMPLATE,
    dicepoolAttackCardContext(card, i18n(), options.hitOn, options.dieSides),
  );
}

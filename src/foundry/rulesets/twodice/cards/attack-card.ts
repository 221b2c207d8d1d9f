/**
 * The two-dice attack card: its state (kept in the message's flags, authored by the GM) and
 * the view its template shows. The black and the white die are drawn apart, each saying whether
 * it succeeded and hit; full Auto shows each attack's ammunition check; once resolved, each hit
 * shows its damage digit (and from which die), the weapon's Damage, each armor layer struck
 * (−Protection) or bypassed by the white die, rolling with it, and the wound circle marked.
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader, resultLine } from "../../../cards/parts.ts";
import type { ResultLine } from "../../../cards/parts.ts";
import { twodiceAttackNextStep } from "./next-step.ts";
import type {
  AttackSetup,
  AttackSituation,
  DamageReading,
  DieReading,
} from "../../../../rules/twodice/attack.ts";
import type {
  ArmorLayer,
  TwodiceCombatant,
  TwodiceWeapon,
} from "../../../../rules/twodice/model.ts";
import { DEFAULT_TWODICE_OPTIONS } from "../../../../rules/twodice/options.ts";
import type { TwodiceOptions } from "../../../../rules/twodice/options.ts";
import type { TwoDice } from "../../../../rules/twodice/roll.ts";
import { cardView, chatTemplate } from "../../../shared/cards.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";
import { twodiceOptions } from "../settings.ts";
import type { CardI18n as I18n } from "../../../shared/cards.ts";
import { signed } from "../../../shared/format.ts";
import type { TwodiceChoices } from "../attack/declare.ts";

export interface AttackResult {
  readonly hit: boolean;
  /** The defender's armor layers and Toughness when the attack landed. */
  readonly armor: readonly ArmorLayer[];
  readonly toughness: number;
  readonly damage: DamageReading | null;
  readonly woundCircle: number | null;
  readonly incapacitated: boolean;
}

export interface TwodiceResolution {
  readonly how: "apply" | "rollWithIt" | "counter";
  readonly attacks: readonly AttackResult[];
  readonly counter: (AttackResult & { readonly dice: TwoDice; readonly weaponName: string }) | null;
}

/**
 * A player's claims on a shot (attack/claims.ts), or the GM's ruling on them: a target modifier,
 * a cover penalty, and, where no scene measured them, the distance and whether the shooter moved
 * (null: measured on the scene).
 */
export interface CardClaims {
  readonly targetModifier: number;
  readonly cover: number;
  readonly distance: number | null;
  readonly moved: boolean | null;
}

/**
 * What the attacker had before its action (attack/cancel.ts gives it back): the fight's round it
 * acted in (null outside a fight), and whether it was hiding then.
 */
export interface CardSpent {
  readonly round: number | null;
  readonly hidden: boolean;
}

export interface TwodiceAttackCardState {
  /** The situation as the scene decided it and as the player claimed it (scene/card-calls.ts). */
  readonly sceneCalls?: readonly SceneCallEntry[];
  /**
   * "declared": an attack declared with a move, rolled when the turn ends (attack/deferred.ts);
   * "claimed": a player's claims wait for the GM's Confirm before anything else.
   */
  readonly stage: "declared" | "claimed" | "pending" | "resolved";
  readonly mode: "single" | "auto";
  readonly attackerId: string;
  readonly defenderId: string;
  readonly weaponId: string;
  readonly attackerName: string;
  readonly defenderName: string;
  readonly weaponName: string;
  /** The attacker and its weapon as they were when the attack was declared. */
  readonly attacker: TwodiceCombatant;
  readonly weapon: TwodiceWeapon;
  readonly situation: AttackSituation;
  readonly setup: AttackSetup;
  /** The dice of each attack (full Auto: one or two). */
  readonly shots: readonly TwoDice[];
  readonly reads: readonly { black: DieReading; white: DieReading; hit: boolean }[];
  /** Full Auto ran the magazine dry. */
  readonly emptied: boolean;
  /** A melee attack the defender, not having acted, may answer with a counterattack. */
  readonly canCounter: boolean;
  /**
   * A waiting attacker that cut in: "before" the event it answers (its declared action) or
   * "after" it; "now" (or absent, on older cards) for an attack in its own turn.
   */
  readonly timing?: "now" | "before" | "after";
  /** What the attacker claimed (absent or null: nothing left to the GM). */
  readonly claims?: CardClaims | null;
  /** What the GM ruled on the claims (what resolves). */
  readonly ruling?: CardClaims | null;
  /** The move the attack is part of (move + melee, move + half and shoot). */
  readonly move?: "moveAndMelee" | "moveAndShoot";
  readonly resolution: TwodiceResolution | null;
  /** An attack declared with a move: what it was declared with, for the end of the turn. */
  readonly deferred?: {
    readonly choices: Partial<TwodiceChoices>;
    readonly senderId: string;
    readonly rollMode: string;
  };
  /** Why an attack declared with a move could not be made when the turn ended (localized). */
  readonly lapsed?: string;
  /** What the attacker spent, for a cancel (absent on older cards: only the ammunition). */
  readonly spent?: CardSpent;
  /** Cancelled before the GM ruled (attack/cancel.ts): what it spent was given back. */
  readonly cancelled?: boolean;
}

/** The claims (or the ruling) as the card lists them. */
function claimsView(c: CardClaims | null | undefined, i18n: I18n) {
  if (c === null || c === undefined) return null;
  const rows = [
    {
      key: "targetModifier",
      label: "FRAY.Twodice.Dialog.TargetModifier",
      value: signed(c.targetModifier),
    },
    { key: "cover", label: "FRAY.Twodice.Dialog.Cover", value: String(c.cover), raw: c.cover },
  ];
  if (c.distance !== null) {
    rows.push({
      key: "distance",
      label: "FRAY.Twodice.Dialog.Distance",
      value: `${String(c.distance)} m`,
    });
  }
  return {
    rows: rows.map((r) => ({ ...r, label: i18n.localize(r.label) })),
    targetModifier: c.targetModifier,
    cover: c.cover,
    distance: c.distance,
    moved: c.moved,
    askDistance: c.distance !== null,
    askMoved: c.moved !== null,
    movedText:
      c.moved === null
        ? null
        : i18n.localize(c.moved ? "FRAY.Twodice.Card.ClaimMoved" : "FRAY.Twodice.Card.ClaimStill"),
  };
}

function dieView(colour: "black" | "white", read: DieReading, i18n: I18n) {
  const state = read.hit ? "hit" : read.success ? "success" : "fail";
  return {
    colour,
    face: read.face,
    state,
    label: i18n.localize(`FRAY.Twodice.Card.Die.${colour}`),
    verdict: i18n.localize(`FRAY.Twodice.Card.DieState.${state}`),
  };
}

/** The ammunition check of one Auto attack, as the card words it. */
function ammoCheck(weapon: TwodiceWeapon, black: number, i18n: I18n): string | null {
  if (weapon.type.kind !== "auto") return null;
  const threshold = String(weapon.type.threshold);
  if (weapon.ammo.fresh) return i18n.localize("FRAY.Twodice.Card.Ammo.fresh");
  const key = black > weapon.type.threshold ? "empty" : "holds";
  return i18n.format(`FRAY.Twodice.Card.Ammo.${key}`, { black: String(black), threshold });
}

function damageView(result: AttackResult, white: number, i18n: I18n, rollWithIt: number) {
  const d = result.damage;
  if (!result.hit || d === null) return null;
  return {
    digit: d.digit,
    from: i18n.localize(`FRAY.Twodice.Card.Die.${d.from}`),
    raw: d.raw,
    layers: result.armor.map((layer) => {
      const struck = d.struck.some((s) => s.id === layer.id);
      return {
        struck,
        text: struck
          ? i18n.format("FRAY.Twodice.Card.Struck", {
              name: layer.name,
              white: String(white),
              coverage: String(layer.coverage),
              protection: String(layer.protection),
            })
          : i18n.format("FRAY.Twodice.Card.Bypassed", {
              name: layer.name,
              white: String(white),
              coverage: String(layer.coverage),
            }),
      };
    }),
    rolledWithIt: d.rolledWithIt
      ? i18n.format("FRAY.Twodice.Card.RolledWithIt", {
          value: String(rollWithIt),
        })
      : null,
    final: d.final,
    wound:
      result.woundCircle === null
        ? i18n.localize("FRAY.Twodice.Card.NoWound")
        : i18n.format("FRAY.Twodice.Card.Wound", { circle: String(result.woundCircle) }),
    incapacitated: result.incapacitated
      ? i18n.format("FRAY.Twodice.Card.Incapacitated", { toughness: String(result.toughness) })
      : null,
  };
}

/**
 * Everything the card template shows; `options` are the world's (settings.ts), for the damage
 * rolling with it takes off.
 */
export function twodiceAttackCardContext(
  card: TwodiceAttackCardState,
  i18n: I18n,
  options: Pick<TwodiceOptions, "rollWithIt"> = DEFAULT_TWODICE_OPTIONS,
) {
  const resolution = card.resolution;
  const unruled = (d: DieReading): DieReading =>
    card.stage === "claimed" ? { ...d, hit: false } : d;
  const attacks = card.shots.map((dice, i) => {
    const read = card.reads[i];
    const result = resolution?.attacks[i] ?? null;
    const damage =
      result === null ? null : damageView(result, dice.white, i18n, options.rollWithIt);
    return {
      index: i + 1,
      // Until the GM rules on a player's claims, a die says only whether it succeeded.
      black: read === undefined ? null : dieView("black", unruled(read.black), i18n),
      white: read === undefined ? null : dieView("white", unruled(read.white), i18n),
      hit: read?.hit ?? false,
      verdict: card.stage !== "claimed",
      ammo: card.mode === "auto" ? ammoCheck(card.weapon, dice.black, i18n) : null,
      damage,
    };
  });
  const counter = resolution?.counter ?? null;
  const claimed = card.stage === "claimed";
  return {
    stage: card.stage,
    declared: card.stage === "declared",
    cancelled: card.cancelled === true,
    lapsed:
      card.lapsed === undefined
        ? ""
        : i18n.format("FRAY.Twodice.Card.Lapsed", { why: card.lapsed }),
    pending: card.stage === "pending",
    claimed,
    claims: claimsView(card.claims, i18n),
    ruling: claimsView(card.ruling, i18n),
    sceneCalls: card.sceneCalls ?? [],
    move: card.move === undefined ? "" : i18n.localize(`FRAY.Twodice.Action.${card.move}`),
    header: cardHeader(
      card.attackerName,
      card.defenderName,
      card.mode === "auto"
        ? `${card.weaponName} · ${i18n.localize("FRAY.Twodice.Card.Auto")}`
        : card.weaponName,
    ),
    outcome: twodiceResult(card, i18n),
    next: nextStepView(twodiceAttackNextStep(card), i18n),
    defenderName: card.defenderName,
    auto: card.mode === "auto",
    value: card.setup.value,
    defense: card.setup.defense,
    defenseLabel: i18n.localize(
      card.weapon.kind === "melee" ? "FRAY.Twodice.Card.VsDefense" : "FRAY.Twodice.Card.VsStep",
    ),
    usesDefense: card.setup.usesDefense,
    modifiers: card.setup.modifiers
      .filter((m) => m.value !== 0)
      .map((m) => ({
        label: i18n.localize(`FRAY.Twodice.Modifier.${m.source}`),
        value: signed(m.value),
      })),
    attacks,
    emptied: card.emptied,
    canCounter: card.canCounter,
    cutIn:
      card.timing === "before" || card.timing === "after"
        ? i18n.localize(`FRAY.Twodice.Card.CutIn.${card.timing}`)
        : "",
    anyHit: !claimed && card.reads.some((r) => r.hit),
    counter:
      counter === null
        ? null
        : {
            weaponName: counter.weaponName,
            black: counter.dice.black,
            white: counter.dice.white,
            hit: counter.hit,
            damage: damageView(counter, counter.dice.white, i18n, options.rollWithIt),
          },
    rolledWithIt: resolution?.how === "rollWithIt",
    resolved: card.stage === "resolved",
    // Resolved by an answer (not cancelled, nor lapsed at the turn's end).
    applied: card.stage === "resolved" && card.cancelled !== true && card.lapsed === undefined,
  };
}

/**
 * What the rolled attack came to, in one line (none before the dice are read, nor for an attack
 * called off or lapsed).
 */
function twodiceResult(card: TwodiceAttackCardState, i18n: I18n): ResultLine | null {
  const rolled = card.stage === "pending" || card.stage === "resolved";
  if (!rolled || card.cancelled === true || card.lapsed !== undefined) return null;
  const names = { attacker: card.attackerName, target: card.defenderName };
  return card.reads.some((r) => r.hit)
    ? resultLine(i18n.format("FRAY.Twodice.Card.Result.hit", names), "good")
    : resultLine(i18n.format("FRAY.Twodice.Card.Result.miss", names), "bad");
}

/** The card as its message holds it (flags.fray.twodiceAttack) and shows it. */
export const TWODICE_ATTACK_CARD = cardView<TwodiceAttackCardState>(
  chatTemplate("twodice", "attack-card"),
  "twodiceAttack",
  // The world's rules options (its "rolling with it" value), as the referee resolved with.
  (card, i18n) => twodiceAttackCardContext(card, i18n, twodiceOptions()),
);

/** The card's state, from its message (null when the message is no two-dice attack card). */
export const twodiceCardOf = TWODICE_ATTACK_CARD.of;

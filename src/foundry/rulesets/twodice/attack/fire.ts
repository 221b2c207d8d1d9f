/**
 * The referee's reading and rolling of a two-dice attack (the active GM), shared by an attack
 * declared and rolled at once (attack/referee.ts) and one declared with a move, which the book
 * carries out at the end of the turn (attack/deferred.ts):
 *
 * - `settleAttack`: the attack read from the documents as they stand and the scene between the
 *   tokens (the scene's calls replace a player's: scene.ts; a player's claims wait for the GM:
 *   claims.ts), and everything that may refuse before a die is rolled;
 * - `fireAttack`: rolls the black and the white die (both attacks' for full Auto, the second pair
 *   only when the first black die left the magazine going), spends the ammunition, records the
 *   action and posts the card, or shows the dice on the card posted when the move was declared.
 */
import type { Refusal } from "../../../../rules/core/result.ts";
import { refuse } from "../../../../rules/core/result.ts";
import { checkCanFire } from "../../../../rules/twodice/ammo.ts";
import {
  autoFireNeedsSecond,
  resolveAttack,
  resolveAutoFire,
} from "../../../../rules/twodice/attack.ts";
import type { AttackInput, AttackOutcome, AttackSetup } from "../../../../rules/twodice/attack.ts";
import { checkAttackFromHiding } from "../../../../rules/twodice/hide.ts";
import { parseWeaponType } from "../../../../rules/twodice/model.ts";
import type {
  ActionKind,
  TwodiceCombatant,
  TwodiceWeapon,
} from "../../../../rules/twodice/model.ts";
import { attackOdds } from "../../../../rules/twodice/odds.ts";
import type { TwoDice } from "../../../../rules/twodice/roll.ts";
import type { Timing } from "../../../../rules/twodice/turns.ts";
import { answerWithCard } from "../../../cards/protocol.ts";
import type { ActorLedgerWrite } from "../../../combat/ledger.ts";
import { canvasDistance } from "../../../shared/actors.ts";
import { showDice } from "../../../shared/cards.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { toTwodiceWeapon, weaponWrite } from "../adapter.ts";
import { commitTwodice, twodiceNow } from "../budget.ts";
import { TWODICE_ATTACK_CARD } from "../cards/attack-card.ts";
import type { CardClaims, CardSpent, TwodiceAttackCardState } from "../cards/attack-card.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { turnStateOf } from "../../../combat/state.ts";
import type { TwodiceWeaponSystem } from "../data.ts";
import { rollTwoDice } from "../dice.ts";
import { settleTwodiceAgainstScene, twodiceScene, twodiceSceneCalls } from "../scene.ts";
import { sceneCallsField } from "../../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";
import { twodiceOptions } from "../settings.ts";
import { recordAction, tokenMovedThisTurn, twodiceHidden } from "../stance.ts";
import { claimsOf, withClaims } from "./claims.ts";
import { TWODICE_ATTACK, situationOf } from "./declare.ts";
import type { TwodiceChoices } from "./declare.ts";
import { turnedToFire } from "./facing.ts";

/** The documents of an attack, found and checked by the caller. */
export interface AttackDocuments {
  readonly attacker: Actor.Implementation;
  readonly target: Actor.Implementation;
  readonly weapon: Item.Implementation;
}

/** An attack read and checked, ready to roll. */
export interface SettledAttack {
  readonly found: AttackDocuments;
  readonly input: AttackInput;
  readonly attacker: TwodiceCombatant;
  readonly defender: TwodiceCombatant;
  readonly weapon: TwodiceWeapon;
  readonly choices: Partial<TwodiceChoices>;
  readonly claims: CardClaims | null;
  readonly kind: ActionKind;
  readonly setup: AttackSetup;
  /** What the attacker had before its action, to give back when the attack is cancelled. */
  readonly spent: CardSpent;
  /** The situation as the scene decided it and as the player claimed it (scene.ts). */
  readonly sceneCalls: readonly SceneCallEntry[];
}

/** The action an attack takes: its declared move (which must fit the weapon), or the attack. */
function actionKindOf(choices: Partial<TwodiceChoices>, weapon: TwodiceWeapon): ActionKind | null {
  if (choices.move === "moveAndMelee") {
    return weapon.kind === "melee" && choices.mode !== "auto" ? "moveAndMelee" : null;
  }
  if (choices.move === "moveAndShoot") return weapon.kind === "ranged" ? "moveAndShoot" : null;
  return choices.mode === "auto"
    ? "autoFire"
    : weapon.kind === "melee"
      ? "meleeAttack"
      : "rangedAttack";
}

/** The attack as the documents and the scene have it now, or the first refusal. */
export function settleAttack(
  found: AttackDocuments,
  sender: User.Implementation,
  claimed: Partial<TwodiceChoices>,
): SettledAttack | Refusal {
  // The scene's calls replace a player's (a GM's declaration is the GM's call): scene.ts.
  const onScene = twodiceScene(found.attacker, found.target);
  const scene = sender.isGM ? null : onScene;
  const weapon = toTwodiceWeapon(found.weapon);
  // A shooter whose token turned more than 90° this turn, or must to face the target (facing.ts).
  const turned = weapon.kind === "ranged" && turnedToFire(found.attacker, found.target);
  const settled = scene === null ? claimed : settleTwodiceAgainstScene(scene, claimed, turned);
  const options = twodiceOptions();
  const attacker = twodiceNow(found.attacker);
  const defender = twodiceNow(found.target);
  const measured = canvasDistance(found.attacker, found.target, "m");
  // A player's target modifier, cover, and what no scene measures, wait for the GM (claims.ts).
  const claims = claimsOf(settled, {
    fromGM: sender.isGM,
    ranged: weapon.kind === "ranged",
    measured: measured !== null,
    onScene: onScene !== null,
  });
  // The GM's record: a hiding target is out of sight; a target whose token moved this turn runs.
  const choices = {
    ...settled,
    ...(twodiceHidden(found.target) ? { hidden: true } : {}),
  };
  const base = {
    ...situationOf(choices, measured),
    targetMoving: tokenMovedThisTurn(found.target),
  };
  const situation = claims === null ? base : withClaims(base, claims);
  const input: AttackInput = { attacker, defender, weapon, situation };

  // Everything that may refuse, before a die is rolled: the move fits the weapon, the attacker is
  // not hiding, the Type within the world's Auto bounds, the ammunition, the odds' checks.
  const kind = actionKindOf(choices, weapon);
  if (kind === null) return refuse("moveNotForWeapon");
  const hiding = checkAttackFromHiding(twodiceHidden(found.attacker), kind);
  if (hiding) return hiding;
  const stored = (found.weapon.system as unknown as TwodiceWeaponSystem).type;
  const type = parseWeaponType(stored, options);
  if (!type.ok) return type;
  if (choices.mode === "auto" || weapon.kind === "ranged") {
    const can = checkCanFire(weapon, choices.mode === "auto");
    if (!can.ok) return can;
  }
  const odds = attackOdds(input, options);
  if (!odds.ok) return odds;
  const fight = fightOf(found.attacker);
  const spent: CardSpent = {
    round: fight === null ? null : turnStateOf(fight.combat).round,
    hidden: twodiceHidden(found.attacker),
  };
  return {
    spent,
    sceneCalls: scene === null ? [] : twodiceSceneCalls(scene, claimed, settled, sender.name),
    found,
    input,
    attacker,
    defender,
    weapon,
    choices,
    claims,
    kind,
    setup: odds.value.setup,
  };
}

/** The card of an attack settled (with its dice once rolled). */
export function attackCardState(
  s: SettledAttack,
  rolled: {
    readonly shots: readonly TwoDice[];
    readonly attacks: readonly AttackOutcome[];
    readonly emptied: boolean;
  } | null,
  timing: Timing,
): TwodiceAttackCardState {
  const canCounter =
    s.weapon.kind === "melee" && s.choices.mode !== "auto" && !s.defender.turn.acted;
  const hits = (rolled?.attacks ?? []).some((a) => a.hit) || canCounter;
  return {
    stage:
      rolled === null ? "declared" : s.claims !== null ? "claimed" : hits ? "pending" : "resolved",
    mode: s.choices.mode ?? "single",
    attackerId: s.attacker.id,
    defenderId: s.defender.id,
    weaponId: s.weapon.id,
    attackerName: s.attacker.name,
    defenderName: s.defender.name,
    weaponName: s.weapon.name,
    attacker: s.attacker,
    weapon: s.weapon,
    situation: s.input.situation ?? {},
    setup: s.setup,
    shots: rolled?.shots ?? [],
    reads: (rolled?.attacks ?? []).map((a) => ({ black: a.black, white: a.white, hit: a.hit })),
    emptied: rolled?.emptied ?? false,
    canCounter,
    timing,
    claims: s.claims,
    ...(s.choices.move === undefined ? {} : { move: s.choices.move }),
    resolution: null,
    spent: s.spent,
    ...sceneCallsField(s.sceneCalls),
  };
}

/** The dice of an attack: one pair, or full Auto's one or two (rolled as needed). */
async function rollShots(auto: boolean, weapon: TwodiceWeapon) {
  const sides = twodiceOptions().dieSides;
  const first = await rollTwoDice(sides);
  if (!auto || !autoFireNeedsSecond(weapon, first.dice.black)) {
    return { shots: [first.dice], rolls: first.rolls };
  }
  const second = await rollTwoDice(sides);
  return { shots: [first.dice, second.dice], rolls: [...first.rolls, ...second.rolls] };
}

/**
 * Rolls the attack and resolves it: spends the ammunition, records the action (`records`, when it
 * was not recorded at its declaration), then posts its card, or, for an attack declared with a
 * move, shows the dice on the card posted then (`message`).
 */
export async function fireAttack(
  s: SettledAttack,
  how: {
    readonly timing: Timing;
    readonly sender: User.Implementation;
    readonly rollMode: string;
    readonly records?: readonly ActorLedgerWrite[];
    readonly message?: ChatMessage.Implementation;
  },
): Promise<RefereeOutcome> {
  const options = twodiceOptions();
  const auto = s.choices.mode === "auto";
  const { shots, rolls } = await rollShots(auto, s.weapon);
  const resolved = auto
    ? resolveAutoFire(
        s.input,
        shots.map((dice) => ({ dice })),
        options,
      )
    : resolveAttack(s.input, shots[0] as TwoDice, options);
  if (!resolved.ok) return resolved;
  const attacks: readonly AttackOutcome[] =
    "attacks" in resolved.value ? resolved.value.attacks : [resolved.value];
  // The attacker pays now: the ammunition, and its action (in a started combat: with whether it
  // still hides and, for a move, what the end of the turn carries out).
  await commitTwodice([weaponWrite(s.found.weapon, s.weapon, resolved.value.weapon)], []);
  if (how.records !== undefined) await recordAction(how.records);
  const emptied = "emptied" in resolved.value ? resolved.value.emptied : false;
  const card = attackCardState(s, { shots, attacks, emptied }, how.timing);
  const content = await TWODICE_ATTACK_CARD.render(card);
  const flags = TWODICE_ATTACK_CARD.flags(card);
  if (how.message === undefined) {
    const posted = { actor: s.found.attacker, content, rolls, flags, rollMode: how.rollMode };
    return answerWithCard(TWODICE_ATTACK, posted, how.sender);
  }
  // The card of the declared move: its dice join the message's rolls (roll modes, Dice So Nice).
  await how.message.update({ content, flags, rolls: [...how.message.rolls, ...rolls] });
  await showDice(how.message, rolls);
  return { ok: true, value: how.message.id };
}

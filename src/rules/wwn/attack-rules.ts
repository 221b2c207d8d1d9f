/**
 * The WWN attack rules, for input its check accepted (attack.ts, checkWwnAttackInput): the hit
 * roll (d20 + combat skill + attack bonus + attribute modifier + the situational table, against
 * AC), damage (weapon dice + attribute modifier + bonuses), Shock (on a missed melee attack, and as
 * the floor of a hit), and 0 hit points. attack.ts re-exports the public ones; the steps the odds
 * and the maneuvers share (the hit roll from a natural d20, damage totals, what a blow deals,
 * paying for the attack) stay internal to the rules.
 *
 * `resolveAttack` draws dice in a fixed order: the d20, then (on a hit) the weapon's dice.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { formulaMax, parseCachedFormula, rollFormula } from "../core/formula.ts";
import type { Formula } from "../core/formula.ts";
import { addModifier, sumModifiers } from "../core/modifier.ts";
import type { Modifier } from "../core/modifier.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { spendAction } from "./actions.ts";
import type { ActionCost, ActionRefusal } from "./actions.ts";
import { spendShot } from "./ammo.ts";
import type {
  AttackInput,
  AttackKind,
  AttackOutcome,
  AttackRefusal,
  AttackSituation,
  DamageRoll,
  HitRoll,
  Shock,
} from "./attack-types.ts";
import { changedActions, copyOf } from "./combatant.ts";
import { applyHpLoss, bestAttributeOf, skillLevelOf } from "./internal.ts";
import type { AttackMode, WwnCombatant, WwnWeapon } from "./model.ts";
import { CHECKED_WWN_DEFAULTS } from "./valid.ts";
import type { WwnOptions } from "./options.ts";

/** The mode this attack uses. */
export function attackMode(weapon: WwnWeapon, situation: AttackSituation = {}): AttackMode {
  return situation.mode ?? weapon.mode;
}

function kindOf(situation: AttackSituation): AttackKind {
  return situation.kind ?? { kind: "attack" };
}

function isAdjacent(mode: AttackMode, situation: AttackSituation): boolean {
  return situation.adjacent ?? mode === "melee";
}

function attributeOf(attacker: WwnCombatant, weapon: WwnWeapon): number {
  return bestAttributeOf(attacker, weapon.attributes);
}

/** The defender's AC this round: Total Defense raises it, a Charge lowers it. */
export function effectiveAc(
  defender: Checked<WwnCombatant>,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): number {
  return (
    defender.ac +
    (defender.actions.totalDefense ? options.totalDefenseAc : 0) +
    (defender.actions.charged ? options.chargeAc : 0)
  );
}

/** Every hit-roll modifier, in the order shown to players, for an attack its check accepted. */
export function hitModifiers(
  input: Checked<AttackInput>,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Modifier[] {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  const mode = attackMode(weapon, s);
  const kind = kindOf(s);
  const t = options.hit;
  const list: Modifier[] = [];
  if (typeof attacker.hitBonus === "number") {
    addModifier(list, "statBlock", attacker.hitBonus);
  } else {
    addModifier(list, "skill", skillLevelOf(attacker, weapon.skill) ?? options.unskilledHit);
    addModifier(list, "attackBonus", attacker.attackBonus);
    addModifier(list, "attribute", attributeOf(attacker, weapon));
  }
  addModifier(list, "magic", weapon.magicBonus ?? 0);
  if (defender.prone) {
    if (isAdjacent(mode, s)) addModifier(list, "proneTarget", t.proneTargetAdjacent);
    else if (mode !== "melee") addModifier(list, "proneTarget", t.proneTargetDistant);
  }
  if (attacker.prone && mode === "melee") addModifier(list, "attackerProne", t.attackerProneMelee);
  if (s.cover === "half") addModifier(list, "cover", t.halfCover);
  if (s.cover === "almostFull") addModifier(list, "cover", t.almostFullCover);
  if (s.inMelee === true && mode !== "melee") addModifier(list, "inMelee", t.rangedWhileMeleed);
  if (s.dualWielding === true) addModifier(list, "dualWield", t.dualWield);
  if (kind.kind === "snap") addModifier(list, "snapAttack", t.snapAttack);
  if (kind.kind === "charge") addModifier(list, "charge", t.charge);
  if (kind.kind === "swarm") {
    addModifier(list, "swarm", Math.min(t.swarmMax, t.swarmPerAlly * kind.allies));
  }
  for (const extra of s.modifiers ?? []) addModifier(list, extra.source, extra.value);
  return list;
}

/** Damage bonuses besides the weapon dice, in order; a Swarm's is capped later. */
export function damageBonuses(
  input: Checked<AttackInput>,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Modifier[] {
  const { attacker, weapon } = input;
  const s = input.situation ?? {};
  const kind = kindOf(s);
  const list: Modifier[] = [];
  addModifier(list, "attribute", attributeOf(attacker, weapon));
  addModifier(list, "magic", weapon.magicBonus ?? 0);
  for (const extra of s.shockBonuses ?? []) addModifier(list, extra.source, extra.value);
  if (s.dualWielding === true) addModifier(list, "dualWield", options.damage.dualWield);
  for (const extra of s.damageBonuses ?? []) addModifier(list, extra.source, extra.value);
  if (kind.kind === "swarm") {
    const bonus = Math.min(options.damage.swarmMax, options.damage.swarmPerAlly * kind.allies);
    addModifier(list, "swarm", bonus);
  }
  return list;
}

/**
 * The Shock of this attack against this defender: the weapon's Shock points + attribute modifier +
 * magic bonus + bonuses that say they add to Shock. It reaches a target whose AC is at or under
 * the weapon's Shock AC and who is not immune; a Swarm's Shock ignores the AC limit and Shock
 * immunity, but not Total Defense.
 */
export function shockFor(
  input: Checked<AttackInput>,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Shock {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  if (weapon.shock === undefined) return { value: 0, applies: false, blocked: "noShock" };
  const value = Math.max(
    0,
    weapon.shock.damage +
      attributeOf(attacker, weapon) +
      (weapon.magicBonus ?? 0) +
      sumModifiers(s.shockBonuses ?? []),
  );
  if (attackMode(weapon, s) !== "melee") return { value, applies: false, blocked: "notMelee" };
  if (defender.actions.shockProof) return { value, applies: false, blocked: "totalDefense" };
  if (kindOf(s).kind === "swarm") return { value, applies: true };
  if (defender.shockImmune === true) return { value, applies: false, blocked: "immune" };
  if (effectiveAc(checkedAs(defender), options) > weapon.shock.ac) {
    return { value, applies: false, blocked: "acTooHigh" };
  }
  return { value, applies: true };
}

/** The action this attack costs. */
export function attackCost(situation: AttackSituation = {}): ActionCost | null {
  switch (kindOf(situation).kind) {
    case "attack":
      return "main";
    case "snap":
      return "mainAsInstant";
    case "charge":
      // A Charge whose move was made on the map paid both with it.
      return chargeMoved(situation) ? null : "moveAndMain";
    case "swarm":
    case "free":
      return null;
  }
}

function chargeMoved(situation: AttackSituation): boolean {
  const kind = situation.kind;
  return kind?.kind === "charge" && kind.moved === true;
}

/** Whether the weapon may make a non-lethal attack (declared via situation.harm). */
export function allowsNonLethal(weapon: WwnWeapon): boolean {
  return weapon.nonLethal === true || weapon.unarmed === true;
}

/**
 * Whether the attack may be made, ignoring the action economy, for an attack its check accepted;
 * its parsed damage formula. Changes nothing.
 */
export function checkAttackRules(
  input: Checked<AttackInput>,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Result<Formula, AttackRefusal> {
  const { attacker, defender, weapon } = input;
  const s = input.situation ?? {};
  const mode = attackMode(weapon, s);
  const kind = kindOf(s);
  if (attacker.id === defender.id) return refuse("sameCombatant");
  if (attacker.life !== "active") return refuse("notActive");
  if (defender.life === "dead") return refuse("targetDead");
  if (!weapon.readied) return refuse("notReadied");
  if (weapon.reload !== undefined && weapon.loaded === false) return refuse("notLoaded");
  if (weapon.reload === undefined && weapon.ammo !== undefined && weapon.ammo.value <= 0) {
    return refuse("outOfAmmo");
  }
  const parsed = parseCachedFormula(weapon.damage);
  if (!parsed.ok) return parsed;
  const formula = parsed.value;
  if (mode === "melee" && weapon.mode === "ranged") return refuse("notMeleeWeapon");
  if (mode === "thrown" && weapon.mode !== "thrown" && weapon.throwable !== true) {
    return refuse("cannotThrow");
  }
  if (mode === "ranged" && weapon.mode !== "ranged") return refuse("cannotThrow");
  if (mode === "melee" && !isAdjacent(mode, s)) return refuse("targetNotAdjacent");
  if (mode === "ranged" && weapon.twoHandedRanged === true && s.inMelee === true) {
    return refuse("bowInMelee");
  }
  if ((s.grappled === true || attacker.grappling !== null) && weapon.unarmed !== true) {
    return refuse("onlyUnarmedWhileGrappling");
  }
  if (s.dualWielding === true) {
    if (weapon.unarmed === true) return refuse("unarmedCannotDualWield");
    const need = options.dualWieldSkill;
    if ((skillLevelOf(attacker, need.skill) ?? -1) < need.level) {
      return refuse("dualWieldSkill", { skill: need.skill, level: need.level });
    }
  }
  if (s.harm === "nonLethal" && !allowsNonLethal(weapon)) return refuse("nonLethalNotAllowed");
  switch (kind.kind) {
    case "snap":
      if (options.snapAttacks === "namedOnly" && !attacker.isPC && attacker.named !== true) {
        return refuse("snapNotAllowed");
      }
      break;
    case "charge": {
      if (mode === "ranged") return refuse("chargeNeedsMeleeOrThrown");
      if (kind.feet < options.chargeMinFeet) {
        return refuse("needsTenFeet", { feet: options.chargeMinFeet });
      }
      const most = options.chargeSpeedMultiple * attacker.speed;
      if (kind.feet > most) return refuse("chargeTooFar", { feet: most });
      break;
    }
    case "swarm":
      if (kind.allies >= options.swarmSize) return refuse("badSwarm");
      break;
    default:
      break;
  }
  return ok(formula);
}

/** The attack rules and its action paid: what `checkAttack` and `resolveAttack` allow. */
export function allowedAttack(
  input: Checked<AttackInput>,
  options: Checked<WwnOptions>,
): Result<{ formula: Formula; attacker: Checked<WwnCombatant> }, AttackRefusal> {
  const rules = checkAttackRules(input, options);
  if (!rules.ok) return rules;
  const paid = payForAttack(input, options);
  if (!paid.ok) return paid;
  return ok({ formula: rules.value, attacker: paid.value });
}

/** The attacker after paying the attack's action (and a Charge's AC penalty). */
function payForAttack(
  input: Checked<AttackInput>,
  options: WwnOptions,
): Result<Checked<WwnCombatant>, ActionRefusal> {
  const s = input.situation ?? {};
  const kind = kindOf(s);
  const cost = attackCost(s);
  const { attacker } = input;
  // A Charge's move made on the map leaves the charger charged: without it there is none to end.
  if (chargeMoved(s) && !attacker.actions.charged) return refuse("noMainAction");
  if (cost === null) return ok(checkedAs(attacker));
  const spent =
    kind.kind === "charge"
      ? spendAction(checkedAs(attacker.actions), cost, input.turn ?? { ownTurn: true }, {
          feet: kind.feet,
          limit: options.chargeSpeedMultiple * attacker.speed,
        })
      : spendAction(checkedAs(attacker.actions), cost, input.turn ?? { ownTurn: true });
  if (!spent.ok) return spent;
  const next = copyOf(attacker);
  next.actions =
    kind.kind === "charge" ? changedActions(spent.value, { charged: true }) : spent.value;
  // An action spent within the round's counts: the check's bounds hold.
  return ok(checkedAs<WwnCombatant>(next));
}

/** The hit roll from its natural d20 (a face of the d20): the modifiers against this round's AC. */
export function hitRollOf(
  input: Checked<AttackInput>,
  natural: number,
  options: Checked<WwnOptions>,
): HitRoll {
  const modifiers = hitModifiers(input, options);
  const total = natural + sumModifiers(modifiers);
  const ac = effectiveAc(checkedAs(input.defender), options);
  return { natural, modifiers, total, ac, hit: total >= ac };
}

/** The most a blow can deal before any Swarm bonus: the formula's maximum plus its other bonuses. */
function usualMaximum(formula: Formula, bonuses: readonly Modifier[]): number {
  return formulaMax(formula) + sumModifiers(bonuses.filter((b) => b.source !== "swarm"));
}

/** Damage of a hit from its rolled formula total: bonuses added, a Swarm's capped. */
export function damageTotalOf(
  formula: Formula,
  rolled: number,
  bonuses: readonly Modifier[],
): number {
  const swarm = bonuses.find((b) => b.source === "swarm")?.value ?? 0;
  const plain = rolled + sumModifiers(bonuses) - swarm;
  return swarm > 0
    ? Math.max(plain, Math.min(plain + swarm, usualMaximum(formula, bonuses)))
    : plain;
}

/** What a blow deals: a hit at least its Shock (when Shock applies), never below 0. */
export function dealtDamageOf(hit: boolean, damage: number, shock: Shock): number {
  const floor = shock.applies ? shock.value : 0;
  return hit ? Math.max(0, damage, floor) : Math.max(0, floor);
}

/**
 * Resolves one attack its check accepted: pays its action, rolls the d20 against this round's AC,
 * rolls damage on a hit, applies Shock, takes the hit points. Refused (nothing changed) when the
 * attack may not be made. The combatants and the weapon of the outcome keep their checks' bounds
 * (hit points in 0..max, counts never negative), so the simulator plays on with them unchecked;
 * the document changes are `attackUpdates(input, outcome)` (attack.ts).
 */
export function resolveAttack(
  input: Checked<AttackInput>,
  dice: DiceSource,
  options: Checked<WwnOptions> = CHECKED_WWN_DEFAULTS,
): Result<AttackOutcome, AttackRefusal> {
  const allowed = allowedAttack(input, options);
  if (!allowed.ok) return allowed;
  const { formula, attacker } = allowed.value;
  const s = input.situation ?? {};
  const hit = hitRollOf(input, dice.roll(20), options);
  const shock = shockFor(input, options);

  let damage: DamageRoll | undefined;
  if (hit.hit) {
    const rolled = rollFormula(formula, dice);
    const bonuses = damageBonuses(input, options);
    damage = {
      faces: rolled.faces,
      rolled: rolled.total,
      bonuses,
      total: damageTotalOf(formula, rolled.total, bonuses),
    };
  }
  const dealt = dealtDamageOf(hit.hit, damage?.total ?? 0, shock);
  const byShock = shock.applies && dealt > 0 && (!hit.hit || dealt > (damage?.total ?? 0));
  const loss = applyHpLoss(input.defender, dealt, s.harm ?? "lethal", options);
  return ok({
    hit,
    damage,
    shock,
    dealt,
    byShock,
    hpLost: loss.lost,
    downed: loss.downed,
    attacker,
    // Hit points in 0..max, a life from the list: the check's bounds hold.
    defender: checkedAs(loss.actor),
    weapon: checkedAs(spendShot(input.weapon)),
  });
}

/**
 * The Worldlines attack rule, for input already checked (attack-checks.ts checks it): who may
 * attack whom for what Energy, whether the defender may evade, the critical and headshot ranges,
 * critical damage, the band a weapon uses, every modifier of the attack and Evasion rolls, and the
 * resolution itself (attack.ts is its entry point). In one module, so the resolution's steps call
 * each other directly: the encounter simulator runs them in its innermost loop. Internal to the
 * rules: the ruleset's index exports the checked entry points only.
 *
 * Dice are drawn in a fixed order, so the same dice always give the same outcome: attack die;
 * Evasion die (two with a disabled leg); extra Evasion die; headshot d20; damage dice (none on a
 * critical); Armor die; unconscious duration; limb Spirit check; status dice.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { stepDie } from "../core/dice.ts";
import type { DiceSource } from "../core/dice.ts";
import { formulaMax, parseCachedFormula, rollFormulaTotal } from "../core/formula.ts";
import type { Formula } from "../core/formula.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import type {
  AttackInput,
  AttackOutcome,
  AttackRefusal,
  AttackRoll,
  AttackSituation,
  DamageRoll,
  Decide,
  DefenseChoice,
  DefenseView,
  EvasionRefusal,
  EvasionRoll,
  LimbCheck,
  Modifier,
} from "./attack-types.ts";
import { withoutStatus } from "./changes.ts";
import { atValue, changed, copyOf } from "./combatant.ts";
import type { Draft } from "./combatant.ts";
import { exhaustionPenaltyOf, putStatus, spiritCheckOf } from "./internal.ts";
import { applyHealthLoss } from "./lose-health.ts";
import type { RangeBand, StatusId, WorldlinesCombatant, WorldlinesWeapon } from "./model.ts";
import type { WorldlinesOptions } from "./options.ts";

export function critDamageOf(formula: Formula, options: WorldlinesOptions): number {
  return options.critDamageMultiplier * formulaMax(formula);
}

export function critFaceOf(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions,
): number | null {
  const die = attacker.traits.combat;
  const widen = (attacker.critWiden ?? 0) + (weapon.critWiden ?? 0);
  const table = options.critFrom;
  const base = table[die];
  if (base === undefined) return widen > 0 ? die - widen + 1 : null;
  return base - widen;
}

export function headshotFaceOf(
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  options: WorldlinesOptions,
): number {
  return options.headshotFrom - (attacker.headshotWiden ?? 0) - (weapon.headshotWiden ?? 0);
}

/** Whether this weapon may be used for a non-lethal takedown. */
export function allowsNonLethal(weapon: WorldlinesWeapon): boolean {
  if (weapon.lethalOnly === true) return false;
  return weapon.kind === "melee" || weapon.blunt === true || weapon.nonLethal === true;
}

export function isRanged(weapon: WorldlinesWeapon): boolean {
  return weapon.kind !== "melee";
}

/** The band's accuracy and damage: the weapon's own profile for it, else the options' default. */
export function bandFor(
  weapon: WorldlinesWeapon,
  band: RangeBand,
  options: WorldlinesOptions,
): { readonly accuracy: number; readonly damage: number } {
  const bands = weapon.rangeBands;
  const own = bands?.[band];
  return own ?? options.rangeBands[band];
}

function addModifier(list: Modifier[], source: string, value: number): void {
  if (value !== 0) list.push({ source, value });
}

export function attackModifierList(input: AttackInput, options: WorldlinesOptions): Modifier[] {
  const { attacker, weapon } = input;
  const s = input.situation ?? {};
  const list: Modifier[] = [];
  // The lookup stays here, not in a helper shared with the Evasion skill's: one skill name per
  // lookup keeps V8's lookup fast.
  addModifier(list, "skill", attacker.skills[weapon.skill] ?? 0);
  addModifier(list, "weapon", weapon.accuracy ?? 0);
  addModifier(list, "zone", options.zoneAccuracy[s.zone ?? "torso"]);
  addModifier(list, "cover", options.coverAccuracy[s.cover ?? "none"]);
  if (s.poorVisibility === true) addModifier(list, "poorVisibility", options.poorVisibility);
  if (s.flanked === true) addModifier(list, "flanked", options.flanked);
  addModifier(list, "stance", options.attackerStance[attacker.stance]);
  if (isRanged(weapon))
    addModifier(list, "range", bandFor(weapon, s.range ?? "short", options).accuracy);
  if (attacker.statuses.blinded) addModifier(list, "blinded", options.blindedAccuracy);
  addModifier(list, "exhausted", -exhaustionPenaltyOf(attacker, options));
  const extras = s.modifiers;
  if (extras !== undefined)
    for (const extra of extras) addModifier(list, extra.source, extra.value);
  return list;
}

export function evasionModifierList(input: AttackInput, options: WorldlinesOptions): Modifier[] {
  const { defender, weapon } = input;
  const list: Modifier[] = [];
  addModifier(list, "skill", defender.skills[options.evasionSkill] ?? 0);
  const table = isRanged(weapon) ? options.evasionStance.ranged : options.evasionStance.melee;
  addModifier(list, "stance", table[defender.stance]);
  addModifier(list, "exhausted", -exhaustionPenaltyOf(defender, options));
  const extras = input.situation?.evasionModifiers;
  if (extras !== undefined)
    for (const extra of extras) addModifier(list, extra.source, extra.value);
  return list;
}

export function sum(modifiers: readonly Modifier[]): number {
  let total = 0;
  for (const m of modifiers) total += m.value;
  return total;
}

/**
 * An attack made of parts already checked (the simulator's fighters and their situations): checked
 * input as it stands, since the input check checks nothing but its parts.
 */
export function checkedAttackOf(parts: {
  readonly attacker: Checked<WorldlinesCombatant>;
  readonly defender: Checked<WorldlinesCombatant>;
  readonly weapon: Checked<WorldlinesWeapon>;
  readonly situation: Checked<AttackSituation>;
}): Checked<AttackInput> {
  return checkedAs<AttackInput>(parts);
}

/** The Energy an attack costs: the situation's own, or the action table's for its weapon. */
export function attackCostOf(input: AttackInput, options: WorldlinesOptions): number {
  const s = input.situation;
  return (
    s?.energyCost ?? (input.weapon.kind === "thrown" ? options.costs.throw : options.costs.attack)
  );
}

/**
 * The attack rule itself (who may attack whom, for `cost` Energy), for input already checked: its
 * parsed damage formula, or why not. (A bare formula or a refusal, no result around them: the
 * encounter simulator asks on every attack.)
 */
export function attackAllowed(
  input: AttackInput,
  options: WorldlinesOptions,
  cost: number,
): Formula | Refusal<AttackRefusal> {
  const { attacker, defender, weapon } = input;
  if (attacker.id === defender.id) return refuse("sameCombatant");
  if (attacker.life !== "active") return refuse("notActive");
  if (attacker.statuses.staggered) return refuse("staggered");
  if (attacker.statuses.charmed?.sourceId === defender.id) return refuse("charmedByTarget");
  if (input.situation?.nonLethal === true && !allowsNonLethal(weapon)) {
    return refuse("nonLethalNotAllowed");
  }
  const parsed = parseCachedFormula(weapon.damage);
  if (!parsed.ok) return parsed;
  if (cost > attacker.energy.value) {
    return refuse("notEnoughEnergy", { cost, energy: attacker.energy.value });
  }
  return parsed.value;
}

/** {@link attackAllowed} with its cost, as a result (the checks and the odds). */
export function attackRule(
  input: AttackInput,
  options: WorldlinesOptions,
): Result<{ cost: number; formula: Formula }, AttackRefusal> {
  const cost = attackCostOf(input, options);
  const formula = attackAllowed(input, options, cost);
  return "ok" in formula ? formula : ok({ cost, formula });
}

/**
 * Why the defender may not roll Evasion (costs.evade Energy), or undefined, for a defender and
 * options already checked.
 */
export function evasionRefusal(
  defender: WorldlinesCombatant,
  critical: boolean,
  options: WorldlinesOptions,
): Refusal<EvasionRefusal> | undefined {
  if (critical) return refuse("critical");
  if (defender.life !== "active") return refuse("notActive");
  const cost = options.costs.evade;
  if (defender.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: defender.energy.value });
  }
  return undefined;
}

/** Why the defender may not interrupt for an extra Evasion (costs.extraEvasion), or undefined. */
export function extraEvasionRefusal(
  defender: WorldlinesCombatant,
  options: WorldlinesOptions,
): Refusal<EvasionRefusal> | undefined {
  if (defender.life !== "active") return refuse("notActive");
  if (defender.interruptUsed) return refuse("interruptUsed");
  if (defender.statuses.stressed) return refuse("stressed");
  const cost = options.costs.extraEvasion;
  if (defender.energy.value < cost) {
    return refuse("notEnoughEnergy", { cost, energy: defender.energy.value });
  }
  return undefined;
}

/**
 * The defender's choice: a given answer, or the answer of its function of what it sees (the view
 * built only then: the simulator's defenders answer the first question with a plain `true`).
 */
function decide(
  choice: Decide | undefined,
  attackTotal: number,
  critical: boolean,
  evasionTotal?: number,
): boolean {
  if (choice === undefined) return false;
  if (typeof choice === "boolean") return choice;
  const view: DefenseView =
    evasionTotal === undefined
      ? { attackTotal, critical }
      : { attackTotal, critical, evasionTotal };
  return choice(view);
}

function rollEvasion(
  defender: WorldlinesCombatant,
  modifiers: readonly Modifier[],
  attackTotal: number,
  extra: boolean,
  dice: DiceSource,
): EvasionRoll {
  const die = defender.traits.combat;
  const first = dice.roll(die);
  // A disabled leg gives disadvantage on Evasion: roll twice, keep the lower.
  if (defender.disabledLimbs.legs) {
    const second = dice.roll(die);
    const total = Math.min(first, second) + sum(modifiers);
    return { naturals: [first, second], modifiers, total, success: total >= attackTotal, extra };
  }
  const total = first + sum(modifiers);
  return { naturals: [first], modifiers, total, success: total >= attackTotal, extra };
}

export function resolveRule(
  input: AttackInput,
  dice: DiceSource,
  defense: DefenseChoice,
  options: WorldlinesOptions,
): Result<AttackOutcome, AttackRefusal> {
  const cost = attackCostOf(input, options);
  const formula = attackAllowed(input, options, cost);
  if ("ok" in formula) return formula;
  const { weapon } = input;
  const s = input.situation ?? {};
  const zone = s.zone ?? "torso";
  const nonLethal = s.nonLethal === true;
  const attacker = copyOf(input.attacker);
  attacker.energy = atValue(attacker.energy, attacker.energy.value - cost);
  let defender: WorldlinesCombatant = input.defender;
  // The defender's copy this rule made (paying for an Evasion), written on until it is handed back.
  let owned: Draft | null = null;

  // Step 2: the attack roll.
  const die = attacker.traits.combat;
  const natural = dice.roll(die);
  const modifiers = attackModifierList(input, options);
  const threshold = critFaceOf(attacker, weapon, options);
  const critical = threshold !== null && natural >= threshold;
  const attack: AttackRoll = {
    die,
    natural,
    modifiers,
    total: natural + sum(modifiers),
    critical,
  };

  // Step 3: the defender may evade (not a critical), then interrupt for one more try.
  const evasions: EvasionRoll[] = [];
  let evasionRefused: EvasionRefusal | undefined;
  let defenderSpent = 0;
  let hit = true;
  if (decide(defense.evade, attack.total, critical)) {
    // The defender and the options were checked with the attack: the rule alone, not the guard.
    const refused = evasionRefusal(defender, critical, options);
    if (refused === undefined) {
      const evadeCost = options.costs.evade;
      const paid = copyOf(defender);
      paid.energy = atValue(paid.energy, paid.energy.value - evadeCost);
      defender = paid;
      owned = paid;
      defenderSpent += evadeCost;
      const evMods = evasionModifierList(input, options);
      const first = rollEvasion(defender, evMods, attack.total, false, dice);
      evasions.push(first);
      if (first.success) hit = false;
      else if (decide(defense.extraEvasion, attack.total, critical, first.total)) {
        if (extraEvasionRefusal(defender, options) === undefined) {
          // The defender is this rule's own copy already (it paid for the first Evasion).
          const againCost = options.costs.extraEvasion;
          paid.interruptUsed = true;
          paid.energy = atValue(paid.energy, paid.energy.value - againCost);
          defenderSpent += againCost;
          const second = rollEvasion(defender, evMods, attack.total, true, dice);
          evasions.push(second);
          if (second.success) hit = false;
        }
      }
    } else {
      evasionRefused = refused.reason;
    }
  }

  let headshot: AttackOutcome["headshot"];
  let damage: DamageRoll | undefined;
  let healthLost = 0;
  let killed = false;
  let downed: AttackOutcome["downed"];
  let unconsciousMinutes: number | undefined;
  let limbCheck: LimbCheck | undefined;
  const statusesApplied: StatusId[] = [];

  if (hit) {
    // Headshot: a ranged hit on the head rolls a separate d20.
    let multiplier = 1;
    if (zone === "head" && isRanged(weapon)) {
      const roll = dice.roll(20);
      const from = headshotFaceOf(attacker, weapon, options);
      const effect = roll >= from ? options.headshotEffect[defender.rank] : "miss";
      headshot = { roll, from, effect };
      if (effect === "kill") killed = true;
      if (effect === "triple") multiplier = options.headshotMultiplier;
    }
    if (killed) {
      const loss = applyHealthLoss(
        defender,
        defender.health.value,
        { nonLethal, dice },
        options,
        owned,
      );
      healthLost = loss.lost;
      if (nonLethal) {
        defender = loss.actor;
        if (loss.downed !== undefined) downed = loss.downed;
        if (loss.unconsciousMinutes !== undefined) unconsciousMinutes = loss.unconsciousMinutes;
      } else {
        defender = changed(loss.actor, { life: "dead", unconsciousMinutes: undefined });
        downed = "dead";
      }
    } else {
      // Step 4: damage, then the zone's Armor die (a step higher in Defensive Posture).
      const critDamage = critical || defender.statuses.vulnerable !== undefined;
      const weaponDamage = critDamage
        ? critDamageOf(formula, options)
        : rollFormulaTotal(formula, dice);
      const rangeBonus = isRanged(weapon) ? bandFor(weapon, s.range ?? "short", options).damage : 0;
      const total = (weaponDamage + rangeBonus) * multiplier;
      const armorDie = stepDie(defender.armor[zone] ?? null, defender.defensivePosture ? 1 : 0);
      const armorRoll = armorDie === null ? 0 : dice.roll(armorDie);
      const armor = armorDie === null ? 0 : Math.max(0, armorRoll + defender.armorBonus);
      const dealt = Math.max(0, total - armor);
      damage = {
        weapon: weaponDamage,
        critical: critDamage,
        rangeBonus,
        multiplier,
        total,
        armorDie,
        armorRoll,
        armor,
        dealt,
      };
      const loss = applyHealthLoss(defender, dealt, { nonLethal, dice }, options, owned);
      defender = loss.actor;
      healthLost = loss.lost;
      if (loss.downed !== undefined) downed = loss.downed;
      if (loss.unconsciousMinutes !== undefined) unconsciousMinutes = loss.unconsciousMinutes;

      // Arm and leg hits: a Spirit check to hold on / stay up.
      if (
        (zone === "arms" || zone === "legs") &&
        defender.life === "active" &&
        (dealt > 0 || options.limbCheckWithoutDamage)
      ) {
        const check = spiritCheckOf(defender, options.limbCheckTd, dice, options);
        const effect = check.passed ? "held" : zone === "arms" ? "droppedItem" : "fellProne";
        if (effect === "fellProne") defender = changed(defender, { stance: "prone" });
        if (check.criticalFailure) {
          defender = putStatus(defender, { status: "bleeding" }, dice, options, owned);
          defender = changed(defender, {
            disabledLimbs: { ...defender.disabledLimbs, [zone]: true },
          });
          statusesApplied.push("bleeding");
        }
        limbCheck = { zone, check, effect, limbDisabled: check.criticalFailure };
      }
    }

    // Step 5: the weapon's statuses; none from a hit the armor stopped, unless the options say so.
    const stopped = damage !== undefined && damage.dealt === 0 && !options.statusesWhenAbsorbed;
    const onHit = weapon.onHit;
    if (defender.life !== "dead" && !stopped && onHit !== undefined) {
      for (const application of onHit) {
        defender = putStatus(defender, application, dice, options, owned);
        statusesApplied.push(application.status);
      }
    }
  }

  // Attacking the one you charmed breaks the charm.
  const charmBroken = defender.statuses.charmed?.sourceId === attacker.id;
  if (charmBroken) {
    defender = changed(defender, { statuses: withoutStatus(defender.statuses, "charmed") });
  }
  return ok({
    attack,
    evasions,
    evasionRefused,
    hit,
    headshot,
    damage,
    healthLost,
    killed,
    downed,
    unconsciousMinutes,
    limbCheck,
    statusesApplied,
    charmBroken,
    energySpent: { attacker: cost, defender: defenderSpent },
    // Health and Energy stay within 0..max, every other field is the input's or the rules'.
    attacker: checkedAs<WorldlinesCombatant>(attacker),
    defender: checkedAs(defender),
  });
}

/**
 * The dice-pool simulator adapter: plays fights with the dice-pool engine itself. Every fight
 * starts with individual initiative: each fighter rolls its initiative pool as it stands
 * (initiativePool, wound penalty included), initiativeFromDice counts the hits and
 * dicepoolInitiative orders everybody, ties by the world's default rule (the larger pool, then
 * the players' side, then the request's order, as the tracker's order). Each round follows
 * dicepoolRoundPlan, one turn per fighter in that order:
 * - a fighter down from lethal damage and not stabilized bleeds on its turn (bleedOnTurn, with its
 *   wound die), and may die of it; the dead take no turn;
 * - a fighter still up spends its turn's Simple actions on attacks (takeAction: two Simple
 *   actions, so two attacks), each against the target its tactic picks, resolved by resolveAttack
 *   (the contested roll, the defender's defense, damage, the wound-penalty dice, incapacitation at
 *   the total health and death at twice it).
 *
 * A fighter's tactic:
 * - `target` as targets.ts (weakest: least health left);
 * - `defend`: when attacked, meet each attack with the defense (Dodge, Parry or Soak) that leaves
 *   the least damage to expect, by the engine's exact odds (attackOdds); without it, Soak every
 *   attack (Physical + the better of Protection and the armor rating). Defending costs no action
 *   in this game, so this is a choice of pool, never a lost attack;
 * - `reserve`: the Energy kept back. A fighter with Blitz Attack (Close Combat 3 or the power) and
 *   a close weapon makes its attacks as Blitz Attacks (+4 dice for 2 Energy) while that leaves it
 *   at least `reserve` Energy; others spend none.
 *
 * Not played: movement (a fighter fights at its situation's distance; a close weapon needs the
 * same space), cover changes, opportunity attacks, disarms, grapples, Stabilize, the book's
 * plugins (the default options: static defense and Initiative Damage off).
 *
 * Mid-fight (a request with a settled `order`, fighter ids in the tracker's order): no fight rolls
 * initiative, every fight keeps that order. The engine rolls initiative once per combat and plays
 * every round in the same order (dicepoolRoundPlan), so all rounds follow it; with `resume` the
 * first round goes on from the phase being played, and who has acted this round takes no turn.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers, checkNumber } from "../core/guard.ts";
import { refuse } from "../core/result.ts";
import type { Refusal } from "../core/result.ts";
import { FRESH_TURN, takeAction } from "../dicepool/actions.ts";
import type { TurnActions } from "../dicepool/actions.ts";
import {
  checkAttackNumbers,
  hasBlitz,
  planAttackPrechecked,
  resolvePlannedAttack,
} from "../dicepool/attack.ts";
import type { AttackInput, AttackPlan, AttackSituation, DefenseKind } from "../dicepool/attack.ts";
import { checkDicepoolCombatant, checkDicepoolWeapon } from "../dicepool/check.ts";
import { bleedOnTurnPrechecked, maxHealth, remainingHealth } from "../dicepool/health.ts";
import {
  dicepoolInitiative,
  dicepoolRoundPlan,
  initiativeFromDice,
} from "../dicepool/initiative.ts";
import { initiativePool } from "../dicepool/initiative.ts";
import type { DicepoolInitiativeRoll } from "../dicepool/initiative.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "../dicepool/model.ts";
import { attackOddsPrechecked } from "../dicepool/odds.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "../dicepool/options.ts";
import type { DicepoolOptions } from "../dicepool/options.ts";
import { partRule, scorePool } from "../dicepool/pool.ts";
import type { SettledOrder } from "../combat/order.ts";
import { endOf, firstFighterRefusal, roster } from "./roster.ts";
import { pickTarget } from "./targets.ts";
import type {
  Arena,
  ArenaSettings,
  FighterEnd,
  SimAdapter,
  SimFighterBase,
  SimTactic,
  SimTeam,
} from "./types.ts";

export interface DicepoolSimFighter extends SimFighterBase {
  /** The engine's combatant (it has no name or team of its own: those are the fighter's). */
  readonly combatant: DicepoolCombatant;
  readonly name: string;
  readonly teamId: string;
  /** The weapon its attack pool fights with (empty hands are a close weapon). */
  readonly weapon: DicepoolWeapon;
  /** How it attacks: the distance to its foes in spaces, their cover, named dice. */
  readonly situation?: AttackSituation;
}

export const DICEPOOL_TACTIC: SimTactic = { target: "weakest", defend: true, reserve: 0 };

/** The defenses a defender weighs, in the order that wins a tie. */
const DEFENSES: readonly DefenseKind[] = ["soak", "dodge", "parry"];

/** The defense a defender meets one pairing with, and the attack's plan against it. */
interface Choice {
  readonly defense: DefenseKind;
  readonly plan: AttackPlan;
}

/** Wound penalties above this share no key (MAX_STATE in check.ts bounds them; see choiceKey). */
const WOUND_KEYS = 1_000_001;

const OWN_TURN = { ownTurn: true } as const;

/** How a fighter stands: up (may act), down (incapacitated, alive) or dead. */
function lifeOf(c: DicepoolCombatant | undefined): "active" | "down" | "dead" {
  if (c === undefined || c.dead) return "dead";
  return c.incapacitated === null ? "active" : "down";
}

/**
 * One fight's arena with the book's numbers (DEFAULT_DICEPOOL_OPTIONS; checkFighter checked the
 * fighters against them). The Initiative Damage plugin could not be played by this tactic: with it
 * no fighter at 0 initiative may deal health damage.
 */
export function dicepoolArena(
  teams: readonly SimTeam[],
  setup: readonly DicepoolSimFighter[],
  settings: ArenaSettings = {},
): Arena {
  const options = DEFAULT_DICEPOOL_OPTIONS;
  const n = setup.length;
  const state: DicepoolCombatant[] = setup.map((f) => f.combatant);
  const indexOf = new Map(setup.map((f, i) => [f.combatant.id, i]));
  const { teamOf, views, ...standing } = roster(
    teams,
    setup.map((f) => ({
      combatant: { id: f.combatant.id, teamId: f.teamId },
      ...(f.position === undefined ? {} : { position: f.position }),
    })),
  );
  const isUp = (i: number) => lifeOf(state[i]) === "active";
  /** The team of the fighter whose turn it is (made once: the target rule's tests read it). */
  let actingTeam: number | undefined = -1;
  const isFoe = (j: number) => teamOf[j] !== actingTeam && isUp(j);
  const healthLeft = (j: number) => {
    const c = state[j];
    return c === undefined ? 0 : remainingHealth(c, options);
  };
  const tactics: SimTactic[] = setup.map((f) => ({ ...DICEPOOL_TACTIC, ...f.tactic }));
  const situations = setup.map((f) => f.situation ?? {});
  const blitzSituations = situations.map((s) => ({ ...s, blitz: true }));
  const blitzers = setup.map((f) => f.weapon.kind === "close" && hasBlitz(f.combatant, options));
  /**
   * The defense a defender picks and the attack's plan against it, by what decides them: attacker,
   * defender, Blitz (the slot, `(i·n + t)·2 + blitz`) and both wound penalties (the key in the
   * slot). Everything else a plan reads stays as it was when the fight began, or is the same at
   * every attack: the attacker is up and can pay for its Blitz, the target is up, nobody drops a
   * weapon, the initiative plugin is off. So a pairing is planned (and its odds worked out) once
   * per simulation and rolled many times.
   */
  const choices: (Map<number, Choice> | undefined)[] = new Array<Map<number, Choice> | undefined>(
    n * n * 2,
  );
  /** The settled order of the request (kept by every fight), or null: each fight rolls its own. */
  const settled: SettledOrder | null =
    settings.order === undefined
      ? null
      : { mode: "individual", order: [...settings.order], values: {}, surpriseRound: [] };
  let order: SettledOrder = settled ?? {
    mode: "individual",
    order: [],
    values: {},
    surpriseRound: [],
  };
  const resumed = settled === null ? null : (settings.resume ?? null);
  /** Who took their turn this round before the simulation starts (only in its first round). */
  const actedFirst = setup.map((f) => resumed?.acted.includes(f.combatant.id) === true);

  const isOver = () => standing.oneTeamLeft(isUp);

  function rollInitiative(dice: DiceSource): void {
    const rolls: DicepoolInitiativeRoll[] = [];
    for (let i = 0; i < n; i++) {
      const c = state[i];
      if (c === undefined) continue;
      const pool = initiativePool(c, options);
      const faces = pool.ok ? scorePool(pool.value.dice, "rolled", dice, options) : null;
      const isPlayerSide = teams[teamOf[i] ?? -1]?.isPlayerSide === true;
      const rolled = faces?.ok ? faces.value.faces : [];
      const roll = initiativeFromDice(c.id, rolled, isPlayerSide, options);
      if (roll.ok) rolls.push(roll.value);
    }
    const settled = dicepoolInitiative(rolls);
    order = settled.ok ? settled.order : { ...order, order: setup.map((f) => f.combatant.id) };
  }

  /** The defense `t` picks: the least damage to expect by the exact odds, or Soak. */
  function defenseOf(t: number, attack: Omit<AttackInput, "defense">): DefenseKind {
    if (!(tactics[t] ?? DICEPOOL_TACTIC).defend) return "soak";
    let best: DefenseKind = "soak";
    let least = Number.POSITIVE_INFINITY;
    for (const defense of DEFENSES) {
      const odds = attackOddsPrechecked({ ...attack, defense }, options);
      if (odds.ok && odds.value.expectedEffect < least) {
        best = defense;
        least = odds.value.expectedEffect;
      }
    }
    return best;
  }

  /** The defense and the plan of attacker `i` with(out) Blitz against `t` (see `choices`). */
  function choiceOf(i: number, t: number, blitz: boolean, input: AttackInput): Choice | undefined {
    const slot = (i * n + t) * 2 + (blitz ? 1 : 0);
    const key = input.attacker.woundPenalty * WOUND_KEYS + input.defender.woundPenalty;
    let known = choices[slot];
    if (known === undefined) {
      known = new Map();
      choices[slot] = known;
    }
    const choice = known.get(key);
    if (choice !== undefined) return choice;
    const defense = defenseOf(t, input);
    const plan = planAttackPrechecked({ ...input, defense }, options);
    if (!plan.ok) return undefined;
    const made = { defense, plan: plan.value };
    known.set(key, made);
    return made;
  }

  function takeTurn(i: number, dice: DiceSource): void {
    let me = state[i];
    if (me === undefined || me.dead) return;
    const bled = bleedOnTurnPrechecked(me, dice, options);
    if (bled.ok) me = bled.value.combatant;
    state[i] = me;
    if (!isUp(i)) return;
    const weapon = setup[i]?.weapon;
    if (weapon === undefined) return;
    const tactic = tactics[i] ?? DICEPOOL_TACTIC;
    const situation = situations[i] ?? {};
    actingTeam = teamOf[i];
    let turn: TurnActions = FRESH_TURN;
    for (;;) {
      const blitz =
        blitzers[i] === true && me.energy.value - options.blitz.energy >= tactic.reserve;
      const action = blitz
        ? "blitzAttack"
        : weapon.kind === "close"
          ? "closeAttack"
          : "rangedAttack";
      const spent = takeAction(turn, action, OWN_TURN, options);
      if (!spent.ok) break;
      turn = spent.value;
      const t = pickTarget(
        tactic.target,
        views[i] ?? { idRank: 0 },
        views,
        isFoe,
        healthLeft,
        dice,
      );
      const target = state[t];
      if (target === undefined) break;
      // Built whole, in one shape (the defense is the pairing's choice, set below).
      const input: { -readonly [K in keyof AttackInput]: AttackInput[K] } = {
        attacker: me,
        defender: target,
        weapon,
        intent: "damage",
        defense: "soak",
        situation: blitz ? (blitzSituations[i] ?? situation) : situation,
      };
      const choice = choiceOf(i, t, blitz, input);
      if (choice === undefined) break;
      input.defense = choice.defense;
      const result = resolvePlannedAttack(input, choice.plan, dice, options);
      if (!result.ok) break;
      me = result.value.attacker;
      state[i] = me;
      state[t] = result.value.defender;
      if (isOver()) break;
    }
  }

  return {
    start(dice: DiceSource): void {
      for (let i = 0; i < n; i++) {
        const f = setup[i];
        if (f !== undefined) state[i] = f.combatant;
      }
      if (settled === null) rollInitiative(dice);
    },
    playRound(dice: DiceSource, round: number): void {
      const plan = dicepoolRoundPlan(order, round);
      const first = round === 1 && resumed !== null;
      for (let p = first ? resumed.phaseIndex : 0; p < plan.length; p++) {
        const phase = plan[p];
        if (isOver()) break;
        if (phase?.kind !== "combatant") continue;
        const i = indexOf.get(phase.combatantId);
        if (i !== undefined && !(first && actedFirst[i] === true)) takeTurn(i, dice);
      }
    },
    standingTeams: () => standing.standingTeams(isUp),
    fighterEnd(i: number): FighterEnd {
      const c = state[i];
      return endOf(lifeOf(c), [
        c === undefined ? 0 : Math.max(0, remainingHealth(c, options)),
        c?.energy.value ?? 0,
      ]);
    },
  };
}

/**
 * The engine's own boundary checks of a fighter, done once when a simulation is created: every
 * number finite (its tactic and position too), then the combatant, its weapon and its attack as
 * resolveAttack checks them, and the named dice of its situation as a pool's parts.
 */
function checkFighter(f: DicepoolSimFighter, options: DicepoolOptions): Refusal | undefined {
  const id = f.combatant.id;
  const situation = f.situation ?? {};
  const bad =
    checkAllNumbers(id, f) ??
    checkDicepoolCombatant(id, f.combatant, options) ??
    checkDicepoolWeapon(`${id}.weapon`, f.weapon, options);
  if (bad) return bad;
  // The combatant and the weapon passed: what is left to refuse is its situation's counts.
  const attack = checkAttackNumbers(
    {
      attacker: f.combatant,
      defender: f.combatant,
      weapon: f.weapon,
      intent: "damage",
      defense: "soak",
      situation,
    },
    options,
  );
  if (attack) {
    return refuse(attack.reason, {
      ...attack.detail,
      field: `${id}.situation.${String(attack.detail?.field)}`,
    });
  }
  const named = [
    ...(situation.attackModifiers ?? []).map((m) => ["attackModifiers", m] as const),
    ...(situation.defenseModifiers ?? []).map((m) => ["defenseModifiers", m] as const),
  ];
  for (const [list, m] of named) {
    const refusal = checkNumber(`${id}.situation.${list}.${m.source}`, m.value, partRule(options));
    if (refusal) return refusal;
  }
  return undefined;
}

/** The first fighter whose numbers the engine would refuse, as that refusal (see checkFighter). */
export function checkDicepoolFighters(
  fighters: readonly DicepoolSimFighter[],
  options: DicepoolOptions = DEFAULT_DICEPOOL_OPTIONS,
): Refusal | undefined {
  return firstFighterRefusal(fighters, (f) => checkFighter(f, options));
}

export const dicepoolSimAdapter: SimAdapter<DicepoolSimFighter> = {
  ruleset: "dicepool",
  orderMode: "individual",
  // Health left (total health − damage, never below 0) and Energy.
  resources: [{ key: "health" }, { key: "energy" }],
  defaultTactic: DICEPOOL_TACTIC,
  reserveMax: DEFAULT_DICEPOOL_OPTIONS.defaultEnergyMax,
  validate: (fighters) => checkDicepoolFighters(fighters),
  startResources: (f) => {
    const health = Math.max(0, remainingHealth(f.combatant));
    return [{ value: health, max: maxHealth(f.combatant) }, f.combatant.energy];
  },
  fighterInfo: (f) => ({ id: f.combatant.id, name: f.name, teamId: f.teamId }),
  arena: (teams, fighters, settings) => dicepoolArena(teams, fighters, settings),
};

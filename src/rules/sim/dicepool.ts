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
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers } from "../core/guard.ts";
import { refuse } from "../core/result.ts";
import type { Refusal } from "../core/result.ts";
import { FRESH_TURN, takeAction } from "../dicepool/actions.ts";
import type { ActionName, TurnActions } from "../dicepool/actions.ts";
import {
  attackBetween,
  checkAttackTerms,
  hasBlitz,
  planAttack,
  resolvePlannedAttack,
} from "../dicepool/attack.ts";
import type {
  AttackPlan,
  AttackSituation,
  CheckedAttack,
  CheckedTerms,
  DefenseKind,
} from "../dicepool/attack.ts";
import { checkDicepoolCombatant } from "../dicepool/check.ts";
import { bleedOnTurn, bleeds, maxHealth, remainingHealth } from "../dicepool/health.ts";
import { dicepoolInitiative, dicepoolRoundPlan, initiativePool } from "../dicepool/initiative.ts";
import type { DicepoolInitiativeRoll } from "../dicepool/initiative.ts";
import { DICEPOOL_LIMITS } from "../dicepool/limits.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "../dicepool/model.ts";
import { attackOdds } from "../dicepool/odds.ts";
import { DEFAULT_DICEPOOL_OPTIONS } from "../dicepool/options.ts";
import { scorePool } from "../dicepool/pool.ts";
import type { SettledOrder } from "../combat/order.ts";
import { UpCounts, endOf, firstFighterRefusal, roster } from "./roster.ts";
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

/** The defense a defender meets one pairing with, the attack's terms with it, and its plan. */
interface Choice {
  readonly terms: CheckedTerms;
  readonly plan: Checked<AttackPlan>;
}

/** Wound penalties are 0..DICEPOOL_LIMITS.wounds, so this many keys keep each pair apart. */
const WOUND_KEYS = DICEPOOL_LIMITS.wounds + 1;

const OWN_TURN = { ownTurn: true } as const;

/** How a defense scores, and how many damage bonuses a weapon may have (±rating): odds keys. */
const MODES: readonly AttackPlan["defenseMode"][] = ["rolled", "static", "flawless"];
const BONUSES = 2 * DICEPOOL_LIMITS.rating + 1;

/** How a fighter stands: up (may act), down (incapacitated, alive) or dead. */
function lifeOf(c: DicepoolCombatant | undefined): "active" | "down" | "dead" {
  if (c === undefined || c.dead) return "dead";
  return c.incapacitated === null ? "active" : "down";
}

/** The attack's terms of one fighter, for each defense, with and without Blitz (checked once). */
interface FighterTerms {
  readonly plain: Readonly<Record<DefenseKind, CheckedTerms>>;
  readonly blitz: Readonly<Record<DefenseKind, CheckedTerms>>;
}

function termsOf(f: DicepoolSimFighter): FighterTerms | undefined {
  const situation = f.situation ?? {};
  const blitzSituation = { ...situation, blitz: true };
  const plain: Partial<Record<DefenseKind, CheckedTerms>> = {};
  const blitz: Partial<Record<DefenseKind, CheckedTerms>> = {};
  for (const defense of DEFENSES) {
    const base = { weapon: f.weapon, intent: "damage", defense } as const;
    const a = checkAttackTerms({ ...base, situation });
    const b = checkAttackTerms({ ...base, situation: blitzSituation });
    if (!a.ok || !b.ok) return undefined;
    plain[defense] = a.value;
    blitz[defense] = b.value;
  }
  return {
    plain: plain as Record<DefenseKind, CheckedTerms>,
    blitz: blitz as Record<DefenseKind, CheckedTerms>,
  };
}

/** Simple actions one turn allows: takeAction from a fresh turn until it refuses (all attacks,
 * Blitz Attack included, are Simple actions in the book's table, so any mix counts the same). */
function attacksPerTurn(action: ActionName): number {
  let turn: TurnActions = FRESH_TURN;
  let count = 0;
  for (;;) {
    const spent = takeAction(turn, action, OWN_TURN, DEFAULT_DICEPOOL_OPTIONS);
    if (!spent.ok || count >= DICEPOOL_LIMITS.actions) return count;
    turn = spent.value;
    count++;
  }
}

/**
 * One fight's arena with the book's numbers (DEFAULT_DICEPOOL_OPTIONS; checkFighter checked the
 * fighters against them). The Initiative Damage plugin could not be played by this tactic: with it
 * no fighter at 0 initiative may deal health damage.
 *
 * Planned once per simulation, rolled many times: each fighter's combatant is checked into its
 * `Checked` form, its attack terms for every defense (with and without Blitz), its initiative pool
 * and how many attacks a turn allows. Every fight starts from the same state, so these never
 * change; what a fight changes (damage, wounds, Energy) comes back checked from the engine.
 */
export function dicepoolArena(
  teams: readonly SimTeam[],
  setup: readonly DicepoolSimFighter[],
  settings: ArenaSettings = {},
): Arena {
  const options = DEFAULT_DICEPOOL_OPTIONS;
  const n = setup.length;
  const starts: (Checked<DicepoolCombatant> | undefined)[] = setup.map((f) => {
    const checked = checkDicepoolCombatant(f.combatant.id, f.combatant);
    return checked.ok ? checked.value : undefined;
  });
  const state = new Array<Checked<DicepoolCombatant> | undefined>(n).fill(undefined);
  const indexOf = new Map(setup.map((f, i) => [f.combatant.id, i]));
  const { teamOf, views } = roster(
    teams,
    setup.map((f) => ({
      combatant: { id: f.combatant.id, teamId: f.teamId },
      ...(f.position === undefined ? {} : { position: f.position }),
    })),
  );
  /**
   * Who may act, kept as each fighter's state changes (roster's UpCounts), so "is the fight over"
   * and "which teams stand" are read off counts instead of a walk over everyone after every attack.
   */
  const alive = new UpCounts(teamOf, teams.length);
  const up = alive.up;
  /** Sets fighter `i`'s state and keeps `alive` with it. */
  function setState(i: number, c: Checked<DicepoolCombatant> | undefined): void {
    state[i] = c;
    alive.set(i, lifeOf(c) === "active");
  }
  /** The team of the fighter whose turn it is (made once: the target rule's tests read it). */
  let actingTeam: number | undefined = -1;
  const isFoe = (j: number) => up[j] === 1 && teamOf[j] !== actingTeam;
  const healthLeft = (j: number) => {
    const c = state[j];
    return c === undefined ? 0 : remainingHealth(c, options);
  };
  const tactics: SimTactic[] = setup.map((f) => ({ ...DICEPOOL_TACTIC, ...f.tactic }));
  const terms = setup.map(termsOf);
  const blitzers = starts.map(
    (c, i) => c !== undefined && setup[i]?.weapon.kind === "close" && hasBlitz(c, options),
  );
  const attacks = setup.map((f) =>
    attacksPerTurn(f.weapon.kind === "close" ? "closeAttack" : "rangedAttack"),
  );
  const isPlayerSide = setup.map((_, i) => teams[teamOf[i] ?? -1]?.isPlayerSide === true);
  /** Dice of each fighter's initiative pool as it starts every fight (wound penalty included). */
  const initiativeDice = starts.map((c) => {
    const pool = c === undefined ? null : initiativePool(c, options);
    return pool?.ok === true ? pool.value.dice : 0;
  });
  /**
   * The terms and the plan of an attacker against a defender, by what decides them: attacker,
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
  /**
   * The fighter (by index) of each phase of a round under the current order, -1 for a phase that
   * is no fighter's turn. dicepoolRoundPlan reads only the order, so every round of a fight has
   * the same plan: it is made once per fight (once per simulation for a settled order).
   */
  let turns: Int32Array = new Int32Array(0);
  function planTurns(): void {
    const plan = dicepoolRoundPlan(order, 1);
    turns = new Int32Array(plan.length);
    for (let p = 0; p < plan.length; p++) {
      const phase = plan[p];
      turns[p] = phase?.kind === "combatant" ? (indexOf.get(phase.combatantId) ?? -1) : -1;
    }
  }
  if (settled !== null) planTurns();
  /** Who took their turn this round before the simulation starts (only in its first round). */
  const actedFirst = setup.map((f) => resumed?.acted.includes(f.combatant.id) === true);

  /** At most one team has a fighter up. */
  const isOver = () => alive.over();

  function rollInitiative(dice: DiceSource): void {
    const rolls: DicepoolInitiativeRoll[] = [];
    for (let i = 0; i < n; i++) {
      const c = state[i];
      if (c === undefined) continue;
      const pool = initiativeDice[i] ?? 0;
      const score = scorePool(pool, "rolled", dice, options);
      const result = score.ok ? score.value.hits : 0;
      rolls.push({ combatantId: c.id, result, pool, isPlayerSide: isPlayerSide[i] === true });
    }
    const outcome = dicepoolInitiative(rolls);
    order = outcome.ok ? outcome.order : { ...order, order: setup.map((f) => f.combatant.id) };
  }

  /**
   * The expected effect of the attack plans the fights have weighed, by all the odds read of a
   * plan here: both pools' dice, how the defense scores and the damage bonus (every attack of
   * these fights deals damage). Pairings with the same pools share one exact computation.
   */
  const expected = new Map<number, number>();
  function expectedEffect(input: CheckedAttack, plan: Checked<AttackPlan>): number {
    const pools = plan.attackPool.dice * (DICEPOOL_LIMITS.pool + 1) + plan.defensePool.dice;
    const scored = pools * MODES.length + MODES.indexOf(plan.defenseMode);
    const key = scored * BONUSES + plan.damageBonus + DICEPOOL_LIMITS.rating;
    let effect = expected.get(key);
    if (effect === undefined) {
      const odds = attackOdds(input, options);
      effect = odds.ok ? odds.value.expectedEffect : Number.POSITIVE_INFINITY;
      expected.set(key, effect);
    }
    return effect;
  }

  /**
   * The defense `t` picks against `me` and the attack's plan against it: the least damage to
   * expect by the exact odds, or Soak (the first of a tie, in DEFENSES' order).
   */
  function defenseOf(
    t: number,
    me: Checked<DicepoolCombatant>,
    target: Checked<DicepoolCombatant>,
    mine: Readonly<Record<DefenseKind, CheckedTerms>>,
  ): Choice | undefined {
    let best: Choice | undefined;
    if ((tactics[t] ?? DICEPOOL_TACTIC).defend) {
      let least = Number.POSITIVE_INFINITY;
      for (const defense of DEFENSES) {
        const input = attackBetween(me, target, mine[defense]);
        const plan = planAttack(input, options);
        if (!plan.ok) continue;
        const effect = expectedEffect(input, plan.value);
        if (effect < least) {
          best = { terms: mine[defense], plan: plan.value };
          least = effect;
        }
      }
    }
    if (best !== undefined) return best;
    const soak = planAttack(attackBetween(me, target, mine.soak), options);
    return soak.ok ? { terms: mine.soak, plan: soak.value } : undefined;
  }

  /** The terms and the plan of attacker `i` with(out) Blitz against `t` (see `choices`). */
  function choiceOf(
    i: number,
    t: number,
    blitz: boolean,
    me: Checked<DicepoolCombatant>,
    target: Checked<DicepoolCombatant>,
  ): Choice | undefined {
    const slot = (i * n + t) * 2 + (blitz ? 1 : 0);
    const key = me.woundPenalty * WOUND_KEYS + target.woundPenalty;
    let known = choices[slot];
    if (known === undefined) {
      known = new Map();
      choices[slot] = known;
    }
    const choice = known.get(key);
    if (choice !== undefined) return choice;
    const fighterTerms = terms[i];
    if (fighterTerms === undefined) return undefined;
    const made = defenseOf(t, me, target, blitz ? fighterTerms.blitz : fighterTerms.plain);
    if (made !== undefined) known.set(key, made);
    return made;
  }

  function takeTurn(i: number, dice: DiceSource): void {
    let me = state[i];
    if (me === undefined || me.dead) return;
    if (bleeds(me)) {
      const bled = bleedOnTurn(me, dice, options);
      if (bled.ok) me = bled.value.combatant;
      setState(i, me);
    }
    if (me.dead || me.incapacitated !== null) return;
    const tactic = tactics[i] ?? DICEPOOL_TACTIC;
    const blitzer = blitzers[i] === true;
    const count = attacks[i] ?? 0;
    actingTeam = teamOf[i];
    for (let k = 0; k < count; k++) {
      const blitz = blitzer && me.energy.value - options.blitz.energy >= tactic.reserve;
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
      const choice = choiceOf(i, t, blitz, me, target);
      if (choice === undefined) break;
      const input: CheckedAttack = attackBetween(me, target, choice.terms);
      const result = resolvePlannedAttack(input, choice.plan, dice, options);
      if (!result.ok) break;
      me = result.value.attacker;
      setState(i, me);
      setState(t, result.value.defender);
      if (isOver()) break;
    }
  }

  return {
    start(dice: DiceSource): void {
      alive.clear();
      for (let i = 0; i < n; i++) setState(i, starts[i]);
      if (settled === null) {
        rollInitiative(dice);
        planTurns();
      }
    },
    playRound(dice: DiceSource, round: number): void {
      const first = round === 1 && resumed !== null;
      for (let p = first ? resumed.phaseIndex : 0; p < turns.length; p++) {
        if (isOver()) break;
        const i = turns[p] ?? -1;
        if (i >= 0 && !(first && actedFirst[i] === true)) takeTurn(i, dice);
      }
    },
    /** Every team with a fighter up, by team index (from the counts kept with each state). */
    standingTeams: () => alive.standingTeams(),
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
 * The engine's own checks of a fighter, done once when a simulation is created: every number
 * finite (its tactic and position too), then its combatant (checkDicepoolCombatant) and its
 * attack's terms, weapon and situation included (checkAttackTerms), each refusal naming the
 * fighter. What passes is what the arena plays: its fights take the `Checked` values and never
 * check them again.
 */
function checkFighter(f: DicepoolSimFighter): Refusal | undefined {
  const id = f.combatant.id;
  const bad = checkAllNumbers(id, f);
  if (bad) return bad;
  const combatant = checkDicepoolCombatant(id, f.combatant);
  if (!combatant.ok) return combatant;
  const terms = checkAttackTerms({
    weapon: f.weapon,
    intent: "damage",
    defense: "soak",
    situation: f.situation ?? {},
  });
  if (terms.ok) return undefined;
  const field = String(terms.detail?.["field"] ?? "");
  return refuse(terms.reason, {
    ...terms.detail,
    field: field.startsWith("weapon")
      ? `${id}.${field}`
      : `${id}.situation.${field.replace(/^situation\./, "")}`,
  });
}

/** The first fighter whose numbers the engine would refuse, as that refusal (see checkFighter). */
export function checkDicepoolFighters(
  fighters: readonly DicepoolSimFighter[],
): Refusal | undefined {
  return firstFighterRefusal(fighters, checkFighter);
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
    const checked = checkDicepoolCombatant(f.combatant.id, f.combatant);
    if (!checked.ok)
      return [
        { value: 0, max: 0 },
        { value: 0, max: 0 },
      ];
    const c = checked.value;
    return [{ value: Math.max(0, remainingHealth(c)), max: maxHealth(c) }, c.energy];
  },
  fighterInfo: (f) => ({ id: f.combatant.id, name: f.name, teamId: f.teamId }),
  arena: (teams, fighters, settings) => dicepoolArena(teams, fighters, settings),
};

/**
 * The Freelancers simulator adapter: plays fights with the Freelancers engine itself. The book
 * lets the GM say which team takes initiative; the simulator cannot know that call, so each fight
 * draws the leading team at random (one die the size of the team list, then freelancersInitiative)
 * unless the request carries the order a running combat already settled. Each round follows
 * freelancersRoundPlan: the teams' turns in order, then the Upkeep.
 *
 * In its team's turn every fighter still up starts its turn (startTurn: its actions back, Dodge
 * over) and spends its Base-action: Help on a Dying teammate (giveCare), a Dodge, or an attack
 * (resolveAttack's rule: its attack check against the defender's defense check or static
 * defense, damage − AR, Dying at 0 health, a fumble's lost integrity). A stun counter stops the
 * Base and Long actions, as the engine refuses them. The Upkeep (upkeep's rule) drops counters,
 * rolls recharges and the Dying's death checks.
 *
 * A fighter's tactic: `target` as targets.ts (among the foes still up); `defend` takes the Dodge
 * Long-action (favorable defense rolls until its next turn) instead of attacking once it is down
 * to half its health or less, if it rolls its defense (a static defense gains nothing from it);
 * `reserve` (0 or 1) keeps its Base-action for a Dying teammate: with 1 it Helps (stabilizes,
 * no roll) the first Dying teammate instead of attacking. Not played: movement, engagement and
 * targets of opportunity, readied actions, abilities, Two-Weapon Fighting, surprise. The rules'
 * numbers are the defaults (DEFAULT_FREELANCERS_OPTIONS), not a world's settings.
 */
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers, checkNumber } from "../core/guard.ts";
import type { NumberRefusalReason } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import type { RoundPlan } from "../combat/types.ts";
import { dodge, startTurn } from "../freelancers/actions.ts";
import { withActions } from "../freelancers/actor.ts";
import { checkAttackInput, planAttack, rollAttack } from "../freelancers/attack.ts";
import type { AttackPlan, AttackSituation, CheckedAttackInput } from "../freelancers/attack.ts";
import { rollCare } from "../freelancers/care.ts";
import { checkedOptions } from "../freelancers/checks.ts";
import { checkBase } from "../freelancers/health.ts";
import { freelancersInitiative, freelancersRoundPlan } from "../freelancers/initiative.ts";
import type { FreelancersActor, FreelancersWeapon } from "../freelancers/model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "../freelancers/options.ts";
import type { FreelancersOptions } from "../freelancers/options.ts";
import { rollUpkeep } from "../freelancers/upkeep.ts";
import { UpCounts, endOf, roster } from "./roster.ts";
import { pickTarget } from "./targets.ts";
import type {
  Arena,
  FighterEnd,
  SimAdapter,
  SimFighterBase,
  SimResume,
  SimTactic,
} from "./types.ts";
import type { SimTeam } from "./types.ts";

export interface FreelancersSimFighter extends SimFighterBase {
  /** The Freelancers entity as it stands (its id is the fighter's id). */
  readonly combatant: FreelancersActor;
  /** The team it fights for (the rules' entity carries none). */
  readonly teamId: string;
  readonly weapon: FreelancersWeapon;
  /** How it attacks (distance in meters, cover, modifiers …). */
  readonly situation?: AttackSituation;
}

export const FREELANCERS_TACTIC: SimTactic = { target: "weakest", defend: false, reserve: 1 };

/** The reasons of a refused number or name (any other refusal of planAttack is a rule). */
const CHECK_REASONS: readonly string[] = [
  "not-a-number",
  "not-whole",
  "out-of-range",
  "badName",
  "badChoice",
] satisfies readonly (NumberRefusalReason | "badName" | "badChoice")[];

/** The most a fighter keeps in reserve: its one Base-action, for a Dying teammate. */
const RESERVE_MAX = 1;

export interface FreelancersArenaSettings {
  readonly order?: readonly string[];
  /** With `order`: the first round goes on from this phase, without those who already acted. */
  readonly resume?: SimResume;
  readonly options?: FreelancersOptions;
}

/**
 * A request's fighters as the rules checked them, and every pairing's attack planned, once per
 * request: `plans[i * n + j]` is fighter i's attack on fighter j, as j stands and dodging (null
 * where a rule forbids it for the whole fight: itself, out of reach, a weapon broken from the
 * start …). The fights roll these plans (rollAttack) and check nothing again.
 */
interface Prepared {
  readonly options: Checked<FreelancersOptions>;
  readonly actors: readonly Checked<FreelancersActor>[];
  readonly attacks: readonly CheckedAttackInput[];
  readonly plans: readonly (readonly [Checked<AttackPlan> | null, Checked<AttackPlan> | null])[];
}

/** The team that takes initiative, drawn at random (the GM's call), then the engine's order. */
function drawOrder(teams: readonly SimTeam[], dice: DiceSource): readonly string[] {
  const lead = teams[dice.roll(teams.length) - 1]?.id ?? teams[0]?.id ?? "";
  const settled = freelancersInitiative({
    teams: teams.map((t) => ({ teamId: t.id, memberIds: [] })),
    initiative: lead,
  });
  // Team ids the request has validated (distinct, two or more): the refusal cannot happen.
  return settled.ok ? settled.order.order : teams.map((t) => t.id);
}

/** An arena whose fights end at once (no request the runner validated comes here). */
const NO_FIGHT: Arena = {
  start() {},
  playRound() {},
  standingTeams: () => [],
  fighterEnd: () => endOf("active", [0, 0]),
};

export function freelancersArena(
  teams: readonly SimTeam[],
  setup: readonly FreelancersSimFighter[],
  settings: FreelancersArenaSettings = {},
): Arena {
  const prepared = prepareFighters(setup, settings.options ?? DEFAULT_FREELANCERS_OPTIONS);
  if (!prepared.ok) return NO_FIGHT;
  const { options, actors, attacks, plans } = prepared.value;
  const n = setup.length;
  const state: Checked<FreelancersActor>[] = [...actors];
  const weapons = attacks.map((a) => a.weapon);
  const { teamOf, views } = roster(
    teams,
    setup.map((f) => ({
      combatant: { id: f.combatant.id, teamId: f.teamId },
      ...(f.position === undefined ? {} : { position: f.position }),
    })),
  );
  /** Who is up, kept with every new state (setState): the fight's end is read off its counts. */
  const alive = new UpCounts(teamOf, teams.length);
  function setState(i: number, c: Checked<FreelancersActor>): void {
    state[i] = c;
    alive.set(i, c.life === "active");
  }
  const tactics: SimTactic[] = setup.map((f) => ({ ...FREELANCERS_TACTIC, ...f.tactic }));
  const planOf = (order: readonly string[]): RoundPlan =>
    freelancersRoundPlan({ mode: "team", order: [...order], values: {}, surpriseRound: [] }, 1);
  const fixedPlan = settings.order === undefined ? null : planOf(settings.order);
  const resumed = fixedPlan === null ? null : (settings.resume ?? null);
  const acted = setup.map((f) => resumed?.acted.includes(f.combatant.id) === true);
  let plan: RoundPlan = fixedPlan ?? [];

  const isOver = () => alive.over();
  /**
   * Whether fighter j is a foe of the fighter picking its target (its team in `picker`) still up:
   * one function for every pick, so the target rule's calls stay monomorphic.
   */
  let picker = -1;
  const isFoe = (j: number) => teamOf[j] !== picker && alive.up[j] === 1;
  const healthOf = (j: number) => state[j]?.health.value ?? 0;

  /** Help on the first Dying teammate, if there is one and the helper may: true when it did. */
  function help(i: number, me: Checked<FreelancersActor>, dice: DiceSource): boolean {
    const myTeam = teamOf[i];
    for (let j = 0; j < n; j++) {
      const patient = state[j];
      if (j === i || teamOf[j] !== myTeam || patient?.life !== "dying") continue;
      const care = rollCare({ helper: me, patient, kind: "help" }, dice, options);
      if (!care.ok) return false;
      setState(i, care.value.helper);
      setState(j, care.value.patient);
      return true;
    }
    return false;
  }

  function takeTurn(i: number, dice: DiceSource): void {
    const before = state[i];
    const weapon = weapons[i];
    const attack = attacks[i];
    if (before === undefined || weapon === undefined || attack === undefined) return;
    // Its actions back, Dodge over (a fresh turn is handed back as it is: no copy).
    const fresh = startTurn(before.actions);
    const me = before.actions === fresh ? before : withActions(before, fresh);
    setState(i, me);
    const tactic = tactics[i] ?? FREELANCERS_TACTIC;
    if (tactic.reserve >= 1 && help(i, me, dice)) return;
    if (tactic.defend && me.defense === "roll" && me.health.value * 2 <= me.health.max) {
      const dodged = dodge(me);
      if (dodged.ok) {
        setState(i, withActions(me, dodged.value));
        return;
      }
    }
    picker = teamOf[i] ?? -1;
    const t = pickTarget(tactic.target, views[i] ?? { idRank: 0 }, views, isFoe, healthOf, dice);
    const target = state[t];
    const planned = plans[i * n + t]?.[target?.actions.dodging === true ? 1 : 0];
    // No plan: a rule forbids this attack all fight (out of reach, a broken weapon …).
    if (target === undefined || planned === undefined || planned === null) return;
    const result = rollAttack(
      { attacker: me, defender: target, weapon, situation: attack.situation },
      planned,
      dice,
      options,
    );
    if (!result.ok) return; // stunned, the weapon broke, no action left …: the turn passes
    setState(i, result.value.attacker);
    setState(t, result.value.defender);
    weapons[i] = result.value.weapon;
  }

  function playUpkeep(dice: DiceSource): void {
    const played = rollUpkeep(state, dice, options);
    if (!played.ok) return; // only a face the dice source should not have drawn
    played.value.combatants.forEach((c, i) => {
      setState(i, c);
    });
  }

  return {
    start(dice: DiceSource): void {
      alive.clear();
      for (let i = 0; i < n; i++) {
        const actor = actors[i];
        const attack = attacks[i];
        if (actor === undefined || attack === undefined) continue;
        setState(i, actor);
        weapons[i] = attack.weapon;
      }
      plan = fixedPlan ?? planOf(drawOrder(teams, dice));
    },
    playRound(dice: DiceSource, round: number): void {
      // Mid-round, the first round goes on from the current phase, and who acted has acted.
      const from = round === 1 && resumed !== null ? resumed.phaseIndex : 0;
      for (let p = from; p < plan.length; p++) {
        const phase = plan[p];
        if (phase === undefined || isOver()) break;
        if (phase.kind === "team") {
          const team = teams.findIndex((t) => t.id === phase.teamId);
          for (let i = 0; i < n; i++) {
            if (teamOf[i] !== team || alive.up[i] !== 1) continue;
            if (round === 1 && p === from && acted[i] === true) continue;
            takeTurn(i, dice);
            if (isOver()) break;
          }
        } else if (phase.kind === "event" && phase.event === "upkeep") {
          playUpkeep(dice);
        }
      }
    },
    standingTeams: () => alive.standingTeams(),
    fighterEnd(i: number): FighterEnd {
      const c = state[i];
      return endOf(c?.life, [c?.health.value ?? 0, weapons[i]?.integrity.value ?? 0]);
    },
  };
}

/**
 * The engine's own checks of one fighter, named after it: every number finite (its position,
 * tactic and situation too), then its attack's input as checkAttackInput checks it (the entity,
 * its weapon and its situation) and its death check's target.
 */
function checkFighter(
  f: FreelancersSimFighter,
  options: FreelancersOptions,
): Result<CheckedAttackInput> {
  const id = f.combatant.id;
  const finite = checkAllNumbers(id, f);
  if (finite) return finite;
  const input = checkAttackInput(
    {
      attacker: f.combatant,
      defender: f.combatant,
      weapon: f.weapon,
      situation: f.situation ?? {},
    },
    options,
  );
  if (!input.ok) return named(input, id);
  const death = checkNumber(`${id}.deathCheck`, checkBase(f.combatant, options.deathCheck));
  return death ?? input;
}

/** A refusal of a check, its field named after the fighter. */
function named(refusal: Refusal, id: string): Refusal {
  const field = String(refusal.detail?.["field"] ?? "attack");
  const own = field.replace(/^(attacker|defender)\./, "");
  return refuse(refusal.reason, { ...refusal.detail, field: `${id}.${own}` });
}

/**
 * Every fighter checked and every pairing planned (planAttack: both actors, the weapon, the checks'
 * sums), dodging or not; a refused value is named after the attacker. Any other refusal is a rule
 * (out of reach, a broken weapon, a dead target …) that the fights play as the engine does: no
 * attack.
 */
function prepareFighters(
  fighters: readonly FreelancersSimFighter[],
  raw: FreelancersOptions,
): Result<Prepared> {
  const known = preparedRequests.get(fighters);
  if (known?.options === raw) return known.result;
  const result = prepare(fighters, raw);
  preparedRequests.set(fighters, { options: raw, result });
  return result;
}

/**
 * Each request's fighters, prepared once: the adapter's validate and its arena (and every chunk a
 * worker runs) read the same checks and plans, made once per request instead of once each.
 */
const preparedRequests = new WeakMap<
  readonly FreelancersSimFighter[],
  { readonly options: FreelancersOptions; readonly result: Result<Prepared> }
>();

function prepare(
  fighters: readonly FreelancersSimFighter[],
  raw: FreelancersOptions,
): Result<Prepared> {
  const options = checkedOptions(raw);
  if (!options.ok) return options;
  const attacks: CheckedAttackInput[] = [];
  for (const f of fighters) {
    const checked = checkFighter(f, options.value);
    if (!checked.ok) return checked;
    attacks.push(checked.value);
  }
  const plans: [Checked<AttackPlan> | null, Checked<AttackPlan> | null][] = [];
  for (const f of fighters) {
    for (const other of fighters) {
      const pair: [Checked<AttackPlan> | null, Checked<AttackPlan> | null] = [null, null];
      plans.push(pair);
      if (other === f) continue;
      for (const dodging of [false, true]) {
        const defender: FreelancersActor = {
          ...other.combatant,
          actions: { ...other.combatant.actions, dodging },
        };
        const input = {
          attacker: f.combatant,
          defender,
          weapon: f.weapon,
          situation: f.situation ?? {},
        };
        const planned = planAttack(input, options.value);
        if (planned.ok) {
          pair[dodging ? 1 : 0] = planned.value;
        } else if (planned.reason === "badFormula") {
          const id = f.combatant.id;
          return refuse("badFormula", { field: `${id}.weapon.damage`, formula: f.weapon.damage });
        } else if (CHECK_REASONS.includes(planned.reason)) {
          return named(planned, f.combatant.id);
        }
      }
    }
  }
  return ok({
    options: options.value,
    actors: attacks.map((a) => a.attacker),
    attacks,
    plans,
  });
}

/**
 * The first fighter whose values the engine would refuse, as that refusal, named after the
 * fighter: checked once when a simulation is created (the arena plans every pairing from the same
 * checks). Every fighter's own values first, then every attack.
 */
export function checkFreelancersFighters(
  fighters: readonly FreelancersSimFighter[],
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Refusal | undefined {
  const prepared = prepareFighters(fighters, options);
  return prepared.ok ? undefined : prepared;
}

export const freelancersSimAdapter: SimAdapter<FreelancersSimFighter> = {
  ruleset: "freelancers",
  orderMode: "team",
  resources: [{ key: "health" }, { key: "integrity" }],
  defaultTactic: FREELANCERS_TACTIC,
  reserveMax: RESERVE_MAX,
  validate: (fighters) => checkFreelancersFighters(fighters),
  startResources: (f) => [f.combatant.health, f.weapon.integrity],
  fighterInfo: (f) => ({ id: f.combatant.id, name: f.combatant.name, teamId: f.teamId }),
  arena: (teams, fighters, settings) => freelancersArena(teams, fighters, settings),
};

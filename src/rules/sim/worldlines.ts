/**
 * The Worldlines simulator adapter: plays fights with the Worldlines engine itself. Momentum is
 * rolled once per fight (teamMomentum and orderByMomentum; ties rerolled with settleTieByReroll) unless the request carries the order a running combat already
 * settled; each round follows worldlinesRoundPlan: the team phases in order (every member still
 * up takes a turn: startTurn's Bleeding, a Spirit check against Staggered, First Aid on its own
 * Bleeding, then attacks with resolveAttack while its Energy allows, endTurn), the Energy
 * refresh, status resolution.
 *
 * A fighter's tactic: `target` as targets.ts; `defend` evades every attack while Energy allows (and
 * spends its interruption on one more Evasion when the failed one came within 2); `reserve` is
 * the Energy it keeps after attacking, for Evasion (it always makes its first attack if it can).
 *
 * Every fighter is checked once per request, by the engine's own input checks (checkedCombatant,
 * checkedArms): the fights keep the checked values and play the rules that take checked input,
 * whose outcomes stay checked, without checking again.
 *
 * `npm run demo` plays one such fight with a log (worldlines/encounter.ts).
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers, checkedFaces } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { checkedArms, damageFormula, resolveAttack } from "../worldlines/attack.ts";
import type { AttackSituation, DefenseChoice } from "../worldlines/attack.ts";
import { checkedAttackOf } from "../worldlines/attack-rules.ts";
import { copyOf } from "../worldlines/combatant.ts";
import { refreshEnergy } from "../worldlines/energy.ts";
import type { WorldlinesCombatant, WorldlinesWeapon } from "../worldlines/model.ts";
import {
  checkMomentumRolls,
  checkMomentumTeams,
  orderByMomentum,
  settleTieByReroll,
  teamMomentum,
} from "../worldlines/momentum.ts";
import type { MomentumOrder } from "../worldlines/momentum.ts";
import { DEFAULT_OPTIONS } from "../worldlines/options.ts";
import type { WorldlinesOptions } from "../worldlines/options.ts";
import { worldlinesRoundPlan } from "../worldlines/phases.ts";
import type { RoundPlan } from "../combat/types.ts";
import { attemptRecovery, endTurn, resolveStatuses, startTurn } from "../worldlines/statuses.ts";
import { firstAid } from "../worldlines/treatment.ts";
import { checkedCombatant, checkedOptions } from "../worldlines/valid.ts";
import { UpCounts, endOf, roster } from "./roster.ts";
import { pickTarget } from "./targets.ts";
import type {
  Arena,
  FighterEnd,
  SimAdapter,
  SimFighterBase,
  SimResume,
  SimTactic,
  SimTeam,
} from "./types.ts";
import { describeAttack, signed } from "./worldlines-log.ts";

export interface WorldlinesSimFighter extends SimFighterBase {
  readonly combatant: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  /** How it attacks (zone, range, cover, non-lethal …). */
  readonly situation?: AttackSituation;
}

export const WORLDLINES_TACTIC: SimTactic = { target: "weakest", defend: true, reserve: 1 };

const EVADE: DefenseChoice = {
  evade: true,
  extraEvasion: (view) => view.attackTotal - (view.evasionTotal ?? 0) <= 2,
};
const NO_DEFENSE: DefenseChoice = {};
const NO_VIEW = { idRank: 0 };

export interface WorldlinesArenaSettings {
  readonly order?: readonly string[];
  /** With `order`: the first round goes on from this phase, without those who already acted. */
  readonly resume?: SimResume;
  readonly options?: WorldlinesOptions;
  /** When given, every step of every fight is written here (the demo); the simulator passes none. */
  readonly log?: string[];
}

/** Rolls each of a team's Combat dice, and its momentum (0 if a face were off its die). */
function rollAll(
  sides: readonly number[],
  dice: DiceSource,
): { rolls: number[]; momentum: number } {
  const rolls = new Array<number>(sides.length);
  for (let k = 0; k < sides.length; k++) rolls[k] = dice.roll(sides[k] ?? 6);
  const checked = checkMomentumRolls(rolls);
  return { rolls, momentum: checked.ok ? teamMomentum(checked.value) : 0 };
}

/** Rolls momentum for every team and rerolls ties among the tied teams only (up to 20 times). */
function rollMomentum(
  teams: readonly SimTeam[],
  /** Each team's Combat dice, by team index. */
  teamDice: readonly (readonly number[])[],
  dice: DiceSource,
  options: WorldlinesOptions,
  log: string[] | undefined,
): string[] {
  const rolled = teams.map((team, i) => {
    const { rolls, momentum } = rollAll(teamDice[i] ?? [], dice);
    const { id, name, isPlayerSide } = team;
    return { id, name, isPlayerSide, rolls, momentum };
  });
  log?.push(
    "Momentum: " +
      rolled.map((t) => `${t.name} [${t.rolls.join(", ")}] → ${t.momentum}`).join("; "),
  );
  // Momenta of checked rolls: whole counts within two Combat dice, nothing for the check to refuse.
  const checked = checkMomentumTeams(rolled);
  if (!checked.ok) return teams.map((t) => t.id);
  let order: MomentumOrder = orderByMomentum(checked.value, options.momentumTies);
  for (let attempt = 0; attempt < 20 && order.tied.length > 0; attempt++) {
    const group = order.tied[0] ?? [];
    const rerolled: Record<string, number> = {};
    for (const id of group) {
      const index = teams.findIndex((t) => t.id === id);
      rerolled[id] = rollAll(teamDice[index] ?? [], dice).momentum;
    }
    log?.push(`  tie, reroll: ${group.map((id) => `${id} ${rerolled[id] ?? 0}`).join(", ")}`);
    const settled = settleTieByReroll(order, group, rerolled);
    if (!settled.ok) break;
    order = settled.value;
  }
  if (log) {
    const name = (id: string) => teams.find((t) => t.id === id)?.name ?? id;
    log.push(`  ${order.order.map(name).join(" then ")} (kept for the whole fight)`);
  }
  return order.order;
}

export interface WorldlinesArena extends Arena {
  /** Every fighter as it stands now. */
  readonly fighters: readonly WorldlinesCombatant[];
  /** A team's name by its id (for the log). */
  teamName(id: string): string;
}

export function worldlinesArena(
  teams: readonly SimTeam[],
  setup: readonly WorldlinesSimFighter[],
  settings: WorldlinesArenaSettings = {},
): WorldlinesArena {
  const checked = checkedFighters(setup, settings.options ?? DEFAULT_OPTIONS);
  if (!checked.ok) {
    // The adapter's validate (and runEncounter) check the fighters before a fight is set up.
    throw new Error(`worldlinesArena: fighters the check refuses (${checked.reason})`);
  }
  const { options, fighters } = checked.value;
  const log = settings.log;
  const n = setup.length;
  // Each fight starts from a copy made the rules' way (copyOf): the same fields and values in the
  // order every copy a rule makes has, so the fights' combatants share V8's hidden classes with
  // the ones the rules hand back and the rules' reads of them stay fast.
  const starts = fighters.map((f) => checkedAs<WorldlinesCombatant>(copyOf(f.combatant)));
  const state: Checked<WorldlinesCombatant>[] = [...starts];
  const { teamOf, views } = roster(teams, setup);
  /** Who is up, kept with every new state (setState): the fight's end is read off its counts. */
  const alive = new UpCounts(teamOf, teams.length);
  function setState(i: number, c: Checked<WorldlinesCombatant>): void {
    state[i] = c;
    alive.set(i, c.life === "active");
  }
  const tactics: SimTactic[] = setup.map((f) => ({ ...WORLDLINES_TACTIC, ...f.tactic }));
  const defenses = tactics.map((t) => (t.defend ? EVADE : NO_DEFENSE));
  const situations = fighters.map((f) => f.situation);
  const costs = setup.map((f) =>
    f.weapon.kind === "thrown" ? options.costs.throw : options.costs.attack,
  );
  // A fighter's Combat die never changes in a fight: each team's, for momentum, once.
  const teamDice = teams.map((_, t) =>
    setup.filter((_, i) => teamOf[i] === t).map((f) => f.combatant.traits.combat),
  );
  const teamName = (id: string) => teams.find((t) => t.id === id)?.name ?? id;
  const fixedPlan = settings.order === undefined ? null : worldlinesRoundPlan(settings.order);
  const resumed = fixedPlan === null ? null : (settings.resume ?? null);
  const acted = setup.map((f) => resumed?.acted.includes(f.combatant.id) === true);
  let plan: RoundPlan = fixedPlan ?? [];

  const isOver = () => alive.over();

  // Whom the fighter picking a target may attack: made once, read with the picker's team and
  // charmer set just before each pick (no new closures on every attack).
  let pickerTeam: number | undefined;
  let pickerCharmer: string | undefined;
  const isFoe = (j: number): boolean =>
    alive.up[j] === 1 &&
    teamOf[j] !== pickerTeam &&
    (pickerCharmer === undefined || state[j]?.id !== pickerCharmer);
  const healthOf = (j: number): number => state[j]?.health.value ?? 0;

  function takeTurn(i: number, dice: DiceSource): void {
    let me = state[i];
    if (me === undefined) return;
    // Every fighter was checked when the simulation was created (checkedFighters), and from then
    // on only the engine's own outcomes, still checked, are played: the rules check nothing again.
    const tick = startTurn(me, dice, options);
    me = tick.actor;
    if (log && tick.lost > 0) {
      log.push(`    ${me.name} bleeds for ${tick.lost} (${me.health.value}/${me.health.max})`);
    }
    if (log && tick.downed) log.push(`    ${me.name} goes down, ${tick.downed}`);
    setState(i, me);
    if (me.life !== "active") return;
    if (me.statuses.staggered) {
      const attempt = attemptRecovery({ patient: me, status: "staggered" }, dice, options);
      // A recovery is an entry point of its own (it checks its patient): its outcome is checked
      // again before the fight goes on with it (rare: only a Staggered fighter tries).
      const patient = attempt.ok ? checkedCombatant("patient", attempt.value.patient) : attempt;
      if (attempt.ok && patient.ok) {
        me = patient.value;
        if (log) {
          const c = attempt.value.check;
          log.push(
            `    ${me.name} shakes off Staggered? Spirit ${c ? `${c.natural} vs TD ${c.td}` : "auto"} → ${attempt.value.cured ? "yes" : "no"}`,
          );
        }
      }
    }
    if (me.statuses.bleeding) {
      const aid = firstAid(me, me, dice, options);
      if (aid.ok) {
        me = aid.value.patient;
        if (log) {
          const c = aid.value.check;
          log.push(
            `    ${me.name} tries First Aid on themself: d${c.die} ${c.natural} ${signed(c.bonus)} vs TD ${c.td} → ${aid.value.success ? "bleeding stopped" : "no luck"}`,
          );
        }
      }
    }
    setState(i, me);
    const tactic = tactics[i] ?? WORLDLINES_TACTIC;
    const cost = costs[i] ?? options.costs.attack;
    const weapon = fighters[i]?.weapon;
    const situation = situations[i];
    const myTeam = teamOf[i];
    for (let guard = 0; guard < 10 && weapon !== undefined && situation !== undefined; guard++) {
      if (me.statuses.staggered) break;
      if (me.energy.value - cost < tactic.reserve && !(guard === 0 && me.energy.value >= cost)) {
        break;
      }
      pickerTeam = myTeam;
      pickerCharmer = me.statuses.charmed?.sourceId;
      const t = pickTarget(tactic.target, views[i] ?? NO_VIEW, views, isFoe, healthOf, dice);
      const target = state[t];
      if (target === undefined) break;
      const result = resolveAttack(
        checkedAttackOf({ attacker: me, defender: target, weapon, situation }),
        dice,
        defenses[t] ?? NO_DEFENSE,
        options,
      );
      if (!result.ok) {
        log?.push(`    ${me.name} cannot attack: ${result.reason}`);
        break;
      }
      me = result.value.attacker;
      setState(i, me);
      setState(t, result.value.defender);
      if (log) {
        const lines = describeAttack(result.value, me.name, target.name);
        log.push(...lines.map((line, k) => (k === 0 ? `    ${line}` : `  ${line}`)));
      }
      // Only a fighter going down can end the fight.
      if (result.value.defender.life !== "active" && isOver()) break;
    }
    const end = endTurn(me);
    setState(i, end.actor);
    if (log) for (const status of end.expired) log.push(`    ${me.name} is no longer ${status}`);
  }

  return {
    get fighters() {
      return state;
    },
    teamName,
    start(dice: DiceSource): void {
      alive.clear();
      for (let i = 0; i < n; i++) {
        const c = starts[i];
        if (c !== undefined) setState(i, c);
      }
      plan = fixedPlan ?? worldlinesRoundPlan(rollMomentum(teams, teamDice, dice, options, log));
    },
    playRound(source: DiceSource, round: number): void {
      // Checked once for the round: every rule the round plays draws from it without wrapping it.
      const dice = checkedFaces(source);
      log?.push("", `Round ${round}`);
      // Mid-round, the first round goes on from the current phase, and who acted has acted.
      const from = round === 1 && resumed !== null ? resumed.phaseIndex : 0;
      for (let p = from; p < plan.length; p++) {
        const phase = plan[p];
        if (phase === undefined || isOver()) break;
        if (phase.kind === "team") {
          log?.push(`  ${teamName(phase.teamId)} phase`);
          const team = teams.findIndex((t) => t.id === phase.teamId);
          for (let i = 0; i < n; i++) {
            if (teamOf[i] !== team || alive.up[i] !== 1) continue;
            if (round === 1 && p === from && acted[i] === true) continue;
            takeTurn(i, dice);
            if (isOver()) break;
          }
        } else if (phase.kind === "event" && phase.event === "energyRefresh") {
          for (let i = 0; i < n; i++) {
            const c = state[i];
            if (c !== undefined) setState(i, refreshEnergy(c));
          }
          log?.push("  Energy refresh: everyone back to full Energy");
        } else if (phase.kind === "event" && phase.event === "statusResolution") {
          const notes: string[] = [];
          for (let i = 0; i < n; i++) {
            const c = state[i];
            if (c === undefined) continue;
            const tick = resolveStatuses(c, dice, options);
            setState(i, tick.actor);
            if (log && tick.lost > 0) {
              notes.push(`${c.name} loses ${tick.lost} to poison (${tick.actor.health.value})`);
            }
            if (log && tick.downed) notes.push(`${c.name} goes down, ${tick.downed}`);
          }
          log?.push(
            `  Status resolution${notes.length ? ": " + notes.join("; ") : ": nothing to resolve"}`,
          );
        }
      }
    },
    standingTeams: () => alive.standingTeams(),
    fighterEnd(i: number): FighterEnd {
      const c = state[i];
      return endOf(c?.life, [c?.health.value ?? 0, c?.energy.value ?? 0]);
    },
  };
}

/** A fighter as its checks accepted it: the values the fights play with. */
interface CheckedFighter {
  readonly combatant: Checked<WorldlinesCombatant>;
  readonly weapon: Checked<WorldlinesWeapon>;
  readonly situation: Checked<AttackSituation>;
}

/**
 * The engine's own input checks of a fighter: every number of it finite (its position and tactic
 * too), its combatant (checkedCombatant), its weapon and situation (checkedArms), its damage
 * formula. What passes comes back as the checked values the fights play with.
 */
function checkFighter(f: WorldlinesSimFighter): Result<CheckedFighter> {
  const id = f.combatant.id;
  const finite = checkAllNumbers(id, f);
  if (finite) return finite;
  const combatant = checkedCombatant(id, f.combatant);
  if (!combatant.ok) return combatant;
  const arms = checkedArms(id, f.weapon, f.situation ?? {});
  if (!arms.ok) return arms;
  if (damageFormula(f.weapon.damage) === null) {
    return refuse("badFormula", { field: `${id}.weapon.damage`, formula: f.weapon.damage });
  }
  return ok({ combatant: combatant.value, ...arms.value });
}

interface CheckedRequest {
  readonly options: Checked<WorldlinesOptions>;
  readonly fighters: readonly CheckedFighter[];
}

/** Each request's fighters, checked once (validate, then the arena, read the same result). */
const checkedRequests = new WeakMap<
  readonly WorldlinesSimFighter[],
  { readonly options: WorldlinesOptions; readonly result: Result<CheckedRequest> }
>();

/**
 * Every fighter of a request and the options, checked once per request: the first refusal, or the
 * checked values the fights play with. The result is kept for the request's fighter list, so the
 * adapter's validate and its arena check it once between them.
 */
function checkedFighters(
  setup: readonly WorldlinesSimFighter[],
  options: WorldlinesOptions,
): Result<CheckedRequest> {
  const known = checkedRequests.get(setup);
  if (known?.options === options) return known.result;
  const result = checkRequest(setup, options);
  checkedRequests.set(setup, { options, result });
  return result;
}

function checkRequest(
  setup: readonly WorldlinesSimFighter[],
  options: WorldlinesOptions,
): Result<CheckedRequest> {
  const checkedOpts = checkedOptions(options);
  if (!checkedOpts.ok) return checkedOpts;
  const fighters: CheckedFighter[] = [];
  for (const f of setup) {
    const checked = checkFighter(f);
    if (!checked.ok) return checked;
    fighters.push(checked.value);
  }
  return ok({ options: checkedOpts.value, fighters });
}

/** The first fighter whose input the engine would refuse, as that refusal (see checkedFighters). */
export function checkWorldlinesFighters(
  fighters: readonly WorldlinesSimFighter[],
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Refusal | undefined {
  const checked = checkedFighters(fighters, options);
  return checked.ok ? undefined : checked;
}

export const worldlinesSimAdapter: SimAdapter<WorldlinesSimFighter> = {
  ruleset: "worldlines",
  orderMode: "team",
  resources: [{ key: "health" }, { key: "energy" }],
  defaultTactic: WORLDLINES_TACTIC,
  reserveMax: DEFAULT_OPTIONS.defaultEnergyMax,
  validate: (fighters) => checkWorldlinesFighters(fighters),
  startResources: (f) => [f.combatant.health, f.combatant.energy],
  fighterInfo: (f) => ({ id: f.combatant.id, name: f.combatant.name, teamId: f.combatant.teamId }),
  arena: (teams, fighters, settings) => worldlinesArena(teams, fighters, settings),
};

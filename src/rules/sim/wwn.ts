/**
 * The WWN simulator adapter: plays fights with the WWN engine itself. Side initiative is rolled
 * once per fight (a d8 per side, wwnInitiative: best Dexterity modifier added, the players' side
 * wins ties, other ties reroll with settleTie) unless the request carries the order a running
 * combat already settled. Each round gives everyone their actions back (startRound), then the
 * sides act in order (wwnRoundPlan): each fighter still up begins its turn (beginTurn ends last
 * round's Total Defense), reloads if its weapon needs it (reload), and attacks with resolveAttack
 * (hit roll against this round's AC, damage, Shock, 0 hit points); then the round ends.
 *
 * A fighter's tactic: `target` as targets.ts; `defend` takes Total Defense (its Main Action, as an
 * Instant) instead of attacking once it is down to half its hit points or less; `reserve` has no
 * meaning here. Not played: movement, maneuvers (grapples, shoves …), surprise, dying saves.
 *
 * Every fighter is checked once per request, by the engine's own input checks: the fights keep
 * the checked values and play the rules that take checked input (startRound, beginTurn,
 * resolveAttack), whose outcomes stay checked, without checking again.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula } from "../core/formula.ts";
import { checkAllNumbers, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { settleTie } from "../combat/order.ts";
import type { SettledOrder } from "../combat/order.ts";
import { beginTurn, startRound } from "../wwn/actions.ts";
import type { ActionState } from "../wwn/model.ts";
import { checkedWwnAttackOf, checkWwnSituation, resolveAttack } from "../wwn/attack.ts";
import { copyOf } from "../wwn/combatant.ts";
import type { AttackSituation } from "../wwn/attack.ts";
import { wwnInitiative, wwnRoundPlan, wwnSideInitiative } from "../wwn/initiative.ts";
import { reload, totalDefense } from "../wwn/maneuvers.ts";
import type { WwnCombatant, WwnWeapon } from "../wwn/model.ts";
import { checkedWwnCombatant, checkedWwnOptions, checkedWwnWeapon } from "../wwn/valid.ts";
import { DEFAULT_WWN_OPTIONS } from "../wwn/options.ts";
import type { WwnOptions } from "../wwn/options.ts";
import { endOf, roster } from "./roster.ts";
import { pickTarget } from "./targets.ts";
import type { Arena, FighterEnd, SimAdapter, SimFighterBase, SimTactic, SimTeam } from "./types.ts";

export interface WwnSimFighter extends SimFighterBase {
  readonly combatant: WwnCombatant;
  readonly weapon: WwnWeapon;
  /** How it attacks (cover, mode, non-lethal harm …). */
  readonly situation?: AttackSituation;
}

export const WWN_TACTIC: SimTactic = { target: "weakest", defend: false, reserve: 0 };

/** The sides' order: a d8 each, ties the rules leave open rerolled (up to 20 times). */
function rollInitiative(
  teams: readonly SimTeam[],
  dexModifiers: (teamIndex: number) => readonly number[],
  dice: DiceSource,
): readonly string[] {
  const sides = teams.map((team, i) => ({
    teamId: team.id,
    isPlayerSide: team.isPlayerSide,
    d8: dice.roll(8),
    dexModifiers: dexModifiers(i),
  }));
  const first = wwnInitiative(sides);
  if (!first.ok) return teams.map((t) => t.id);
  let order: SettledOrder = first.order;
  let tied = first.tied;
  for (let attempt = 0; attempt < 20 && tied.length > 0; attempt++) {
    const group = tied[0] ?? [];
    const rerolls: Record<string, number> = {};
    for (const id of group) {
      const side = sides.find((s) => s.teamId === id);
      const total = side && wwnSideInitiative({ ...side, d8: dice.roll(8) });
      if (total?.ok === true) rerolls[id] = total.value;
    }
    const settled = settleTie(order, tied, group, rerolls);
    if (!settled.ok) break;
    order = settled.order;
    tied = settled.tied;
  }
  return order.order;
}

export function wwnArena(
  teams: readonly SimTeam[],
  setup: readonly WwnSimFighter[],
  settings: { readonly order?: readonly string[]; readonly options?: WwnOptions } = {},
): Arena {
  const checked = checkedFighters(setup);
  if (!checked.ok) {
    // The adapter's validate checks the fighters before a fight is set up.
    throw new Error(`wwnArena: fighters the check refuses (${checked.reason})`);
  }
  const fighters = checked.value;
  const givenOptions = checkedWwnOptions(settings.options ?? DEFAULT_WWN_OPTIONS);
  // An attack under options their check refuses is not made.
  const options = givenOptions.ok ? givenOptions.value : null;
  const n = setup.length;
  const state: Checked<WwnCombatant>[] = fighters.map((f) => f.combatant);
  const weapons: Checked<WwnWeapon>[] = fighters.map((f) => f.weapon);
  const { teamOf, views, ...standing } = roster(teams, setup);
  const isUp = (i: number) => state[i]?.life === "active";
  const tactics: SimTactic[] = setup.map((f) => ({ ...WWN_TACTIC, ...f.tactic }));
  const situations = fighters.map((f) => f.situation);
  // Each side's Dexterity modifiers, gathered once: no rule of a fight changes an attribute.
  const dexByTeam = teams.map((_, team) =>
    setup.filter((_f, i) => teamOf[i] === team).map((f) => f.combatant.attributes.dex ?? 0),
  );
  const dexModifiers = (teamIndex: number) => dexByTeam[teamIndex] ?? [];
  let order: SettledOrder = {
    mode: "team",
    order: settings.order === undefined ? [] : [...settings.order],
    values: {},
    surpriseRound: [],
  };

  const isOver = () => standing.oneTeamLeft(isUp);

  function takeTurn(i: number, dice: DiceSource): void {
    let me = state[i];
    let weapon = weapons[i];
    if (me === undefined || weapon === undefined) return;
    const actions = beginTurn(checkedAs<ActionState>(me.actions));
    if (actions !== me.actions) {
      me = withActions(me, actions);
      state[i] = me;
    }
    const tactic = tactics[i] ?? WWN_TACTIC;
    if (tactic.defend && me.hp.value * 2 <= me.hp.max) {
      // A maneuver is an entry point of its own: it checks its actor, and its outcome keeps
      // the check's bounds (a flag and an action spent).
      const defended = totalDefense(me);
      if (defended.ok) state[i] = checkedAs(defended.value.actor);
      return;
    }
    if (weapon.reload !== undefined && weapon.loaded === false) {
      const reloaded = reload(me, weapon, true);
      if (!reloaded.ok) return;
      // As Total Defense's: an action spent, a weapon loaded, within the checks' bounds.
      me = checkedAs(reloaded.value.actor);
      weapon = checkedAs(reloaded.value.weapon);
      state[i] = me;
      weapons[i] = weapon;
    }
    const myTeam = teamOf[i];
    const t = pickTarget(
      tactic.target,
      views[i] ?? { idRank: 0 },
      views,
      (j) => teamOf[j] !== myTeam && state[j]?.life === "active",
      (j) => state[j]?.hp.value ?? 0,
      dice,
    );
    const target = state[t];
    const situation = situations[i];
    if (target === undefined || situation === undefined || options === null) return;
    const result = resolveAttack(
      checkedWwnAttackOf({ attacker: me, defender: target, weapon, situation }),
      dice,
      options,
    );
    if (!result.ok) return;
    state[i] = result.value.attacker;
    state[t] = result.value.defender;
    weapons[i] = result.value.weapon;
  }

  return {
    start(dice: DiceSource): void {
      for (let i = 0; i < n; i++) {
        const f = setup[i];
        if (f === undefined) continue;
        // A copy: built as the rules build theirs, so every combatant of the fight shares a shape.
        state[i] = checkedAs<WwnCombatant>(copyOf(f.combatant));
        weapons[i] = checkedAs(f.weapon);
      }
      if (settings.order === undefined) {
        order = { ...order, order: [...rollInitiative(teams, dexModifiers, dice)] };
      }
    },
    playRound(dice: DiceSource, round: number): void {
      for (let i = 0; i < n; i++) {
        const c = state[i];
        if (c === undefined) continue;
        const actions = startRound(checkedAs<ActionState>(c.actions));
        if (actions === c.actions) continue;
        state[i] = withActions(c, actions);
      }
      for (const phase of wwnRoundPlan(order, round)) {
        if (isOver()) break;
        if (phase.kind !== "team") continue; // round end: only grapples act then, not played
        const team = teams.findIndex((t) => t.id === phase.teamId);
        for (let i = 0; i < n; i++) {
          if (teamOf[i] !== team || state[i]?.life !== "active") continue;
          takeTurn(i, dice);
          if (isOver()) break;
        }
      }
    },
    standingTeams: () => standing.standingTeams(isUp),
    fighterEnd(i: number): FighterEnd {
      const c = state[i];
      return endOf(c?.life, [c?.hp.value ?? 0]);
    },
  };
}

/** A checked combatant with its round's actions replaced by a checked state: checked still. */
function withActions(
  actor: Checked<WwnCombatant>,
  actions: Checked<ActionState>,
): Checked<WwnCombatant> {
  const next = copyOf(actor);
  next.actions = actions;
  return checkedAs<WwnCombatant>(next);
}

/** A fighter as its checks accepted it: the values the fights play with. */
interface CheckedFighter {
  readonly combatant: Checked<WwnCombatant>;
  readonly weapon: Checked<WwnWeapon>;
  readonly situation: Checked<AttackSituation>;
}

/**
 * The engine's own input checks of a fighter: every number of it finite (its position and tactic
 * too), its combatant, weapon and situation, its damage formula. What passes comes back as the
 * checked values the fights play with.
 */
function checkFighter(f: WwnSimFighter): Result<CheckedFighter> {
  const id = f.combatant.id;
  const combatant = checkedWwnCombatant(id, f.combatant);
  if (!combatant.ok) return combatant;
  const weapon = checkedWwnWeapon(`${id}.weapon`, f.weapon);
  if (!weapon.ok) return weapon;
  const situation = f.situation ?? {};
  const badSituation =
    checkAllNumbers(`${id}.situation`, situation, NUMBER_RULES.modifier) ??
    checkWwnSituation(`${id}.situation`, situation);
  if (badSituation) return badSituation;
  // Every other number of the fighter (its position and tactic) finite.
  const finite = checkAllNumbers(id, f);
  if (finite) return finite;
  if (cachedFormula(f.weapon.damage) === null) {
    return refuse("badFormula", { field: `${id}.weapon.damage`, formula: f.weapon.damage });
  }
  return ok({
    combatant: combatant.value,
    weapon: weapon.value,
    situation: checkedAs(situation),
  });
}

/** Each request's fighters, checked once (validate, then the arena, read the same result). */
const checkedRequests = new WeakMap<readonly WwnSimFighter[], Result<readonly CheckedFighter[]>>();

/** Every fighter of a request, checked once per request: the first refusal, or the checked values. */
function checkedFighters(setup: readonly WwnSimFighter[]): Result<readonly CheckedFighter[]> {
  let result = checkedRequests.get(setup);
  if (result === undefined) {
    const fighters: CheckedFighter[] = [];
    result = ok(fighters);
    for (const f of setup) {
      const checked = checkFighter(f);
      if (!checked.ok) {
        result = checked;
        break;
      }
      fighters.push(checked.value);
    }
    checkedRequests.set(setup, result);
  }
  return result;
}

export const wwnSimAdapter: SimAdapter<WwnSimFighter> = {
  ruleset: "wwn",
  orderMode: "team",
  resources: [{ key: "hp" }],
  defaultTactic: WWN_TACTIC,
  reserveMax: 0,
  validate: (fighters) => {
    const checked = checkedFighters(fighters);
    return checked.ok ? undefined : checked;
  },
  startResources: (f) => [f.combatant.hp],
  fighterInfo: (f) => ({ id: f.combatant.id, name: f.combatant.name, teamId: f.combatant.teamId }),
  arena: (teams, fighters, settings) =>
    wwnArena(teams, fighters, settings.order === undefined ? {} : { order: settings.order }),
};

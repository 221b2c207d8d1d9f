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
 */
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula } from "../core/formula.ts";
import { checkAllNumbers, checkNumber, checkPool, NUMBER_RULES } from "../core/guard.ts";
import { refuse } from "../core/result.ts";
import type { Refusal } from "../core/result.ts";
import { settleTie } from "../combat/order.ts";
import type { SettledOrder } from "../combat/order.ts";
import { beginTurnPrechecked, startRoundPrechecked } from "../wwn/actions.ts";
import { resolveAttackPrechecked } from "../wwn/attack.ts";
import { copyOf } from "../wwn/combatant.ts";
import type { AttackSituation } from "../wwn/attack.ts";
import { wwnInitiative, wwnRoundPlan, wwnSideInitiative } from "../wwn/initiative.ts";
import { reload, totalDefense } from "../wwn/maneuvers.ts";
import type { WwnCombatant, WwnWeapon } from "../wwn/model.ts";
import { ATTRIBUTES } from "../wwn/model.ts";
import {
  checkWwnActions,
  checkWwnCombatant,
  checkWwnOptions,
  checkWwnWeapon,
} from "../wwn/valid.ts";
import { DEFAULT_WWN_OPTIONS } from "../wwn/options.ts";
import type { WwnOptions } from "../wwn/options.ts";
import { endOf, firstFighterRefusal, roster } from "./roster.ts";
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
  const options = settings.options ?? DEFAULT_WWN_OPTIONS;
  // The attack runs prechecked: the fighters are checked once (validate), the options here; an
  // attack under options it would refuse is not made.
  const optionsOk = checkWwnOptions(options) === undefined;
  const n = setup.length;
  const state: WwnCombatant[] = setup.map((f) => f.combatant);
  const weapons: WwnWeapon[] = setup.map((f) => f.weapon);
  const { teamOf, views, ...standing } = roster(teams, setup);
  const isUp = (i: number) => state[i]?.life === "active";
  const tactics: SimTactic[] = setup.map((f) => ({ ...WWN_TACTIC, ...f.tactic }));
  const situations = setup.map((f) => f.situation ?? {});
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
    const actions = beginTurnPrechecked(me.actions);
    if (actions !== me.actions) {
      const next = copyOf(me);
      next.actions = actions;
      me = next;
      state[i] = me;
    }
    const tactic = tactics[i] ?? WWN_TACTIC;
    if (tactic.defend && me.hp.value * 2 <= me.hp.max) {
      const defended = totalDefense(me);
      if (defended.ok) state[i] = defended.value.actor;
      return;
    }
    if (weapon.reload !== undefined && weapon.loaded === false) {
      const reloaded = reload(me, weapon, true);
      if (!reloaded.ok) return;
      me = reloaded.value.actor;
      weapon = reloaded.value.weapon;
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
    if (target === undefined || !optionsOk) return;
    const result = resolveAttackPrechecked(
      { attacker: me, defender: target, weapon, situation: situations[i] ?? {} },
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
        state[i] = copyOf(f.combatant);
        weapons[i] = f.weapon;
      }
      if (settings.order === undefined) {
        order = { ...order, order: [...rollInitiative(teams, dexModifiers, dice)] };
      }
    },
    playRound(dice: DiceSource, round: number): void {
      for (let i = 0; i < n; i++) {
        const c = state[i];
        if (c === undefined) continue;
        const actions = startRoundPrechecked(c.actions);
        if (actions === c.actions) continue;
        const next = copyOf(c);
        next.actions = actions;
        state[i] = next;
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

function checkFighter(f: WwnSimFighter): Refusal | undefined {
  const c = f.combatant;
  const w = f.weapon;
  const id = c.id;
  const bad =
    checkPool(`${id}.hp`, c.hp.value, c.hp.max) ??
    checkNumber(`${id}.ac`, c.ac) ??
    checkNumber(`${id}.attackBonus`, c.attackBonus) ??
    checkNumber(`${id}.weapon.magicBonus`, w.magicBonus ?? 0) ??
    checkNumber(`${id}.weapon.shock.damage`, w.shock?.damage ?? 0) ??
    checkNumber(`${id}.weapon.shock.ac`, w.shock?.ac ?? 0) ??
    // startRound and beginTurn run prechecked every round: their state is checked here, once.
    checkWwnActions(`${id}.actions`, c.actions) ??
    // The attack runs prechecked: everything its guard reads is checked here, once.
    checkWwnCombatant(id, c) ??
    checkWwnWeapon(`${id}.weapon`, w) ??
    checkAllNumbers(`${id}.situation`, f.situation ?? {}, NUMBER_RULES.modifier);
  if (bad) return bad;
  for (const attribute of ATTRIBUTES) {
    const refusal = checkNumber(`${id}.attributes.${attribute}`, c.attributes[attribute] ?? 0);
    if (refusal) return refusal;
  }
  for (const [skill, value] of Object.entries(c.skills)) {
    const refusal = checkNumber(`${id}.skills.${skill}`, value);
    if (refusal) return refusal;
  }
  if (cachedFormula(w.damage) === null) {
    return refuse("badFormula", { field: `${id}.weapon.damage`, formula: w.damage });
  }
  return undefined;
}

export const wwnSimAdapter: SimAdapter<WwnSimFighter> = {
  ruleset: "wwn",
  orderMode: "team",
  resources: [{ key: "hp" }],
  defaultTactic: WWN_TACTIC,
  reserveMax: 0,
  validate: (fighters) => firstFighterRefusal(fighters, checkFighter),
  startResources: (f) => [f.combatant.hp],
  fighterInfo: (f) => ({ id: f.combatant.id, name: f.combatant.name, teamId: f.combatant.teamId }),
  arena: (teams, fighters, settings) =>
    wwnArena(teams, fighters, settings.order === undefined ? {} : { order: settings.order }),
};

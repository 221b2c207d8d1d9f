/**
 * The two-dice simulator adapter: plays fights with the two-dice engine itself.
 *
 * The side order is settled once per fight (twodiceInitiative) unless the request carries the
 * order a running combat already settled: with no order given, the simulator takes the book's
 * "when in doubt" path, a d20 per team plus its members' surprise bonuses (surpriseBonusOf: a
 * member out of the fight adds nothing), a draw going to the players' side; two teams the rules
 * leave tied reroll the bare d20, as the tracker does (settleTie). Each round is the book's turn
 * (twodiceRoundPlan): every combatant gets its action back (nextTurn, which also spends an action
 * owed), then the sides act in order, then the round end (declared moves, not played here). In
 * its side's phase every member still up that has not acted takes its one combat action:
 * - a melee attack (takeAction, then resolveAttack); a target that has not acted yet and fights
 *   with a melee weapon counterattacks when its tactic says so (resolveExchange: both attacks at
 *   once, both land);
 * - a ranged shot (resolveAttack) or, with an automatic weapon, full Auto (resolveAutoFire, its
 *   second attack only when the first left the magazine going);
 * - a reload (takeAction, reload) when its weapon must be reloaded before it fires again.
 * Every hit is read by the engine: the damage digit plus Damage, the armor layers the white die
 * does not bypass, the wound marked on the track; a wound above Toughness takes the fighter out.
 *
 * A fighter's tactic: `target` as targets.ts ("weakest": the least room left between its highest
 * wound and its Toughness); `defend` counterattacks a melee attack whenever it is offered (the
 * counterattack is its action for the turn; without `defend` it keeps that action for its own
 * attack and meets the blow with its Unarmed Defense); `reserve` has no meaning here (reserveMax
 * 0): the game has no pool to keep back.
 *
 * At the end of a fight a fighter is down when a wound is above its Toughness, and dead when the
 * aftermath says so (a wound more than the death margin above Toughness). Not played: movement,
 * waiting, aiming, cover and hiding, rolling with it, Medicine, and the bleeding of the aftermath
 * (it runs in minutes and hours, after the fight). The one resource reported is the Toughness
 * left: Toughness less the highest wound, out of Toughness. It goes below 0 once a wound takes
 * the fighter out, and the further below, the worse the aftermath.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers, checkNumber } from "../core/guard.ts";
import type { Refusal } from "../core/result.ts";
import { settleTie } from "../combat/order.ts";
import type { SettledOrder } from "../combat/order.ts";
import type { RoundPlan } from "../combat/types.ts";
import { reload } from "../twodice/ammo.ts";
import {
  autoFireNeedsSecond,
  checkAttackInput,
  checkCombatant,
  checkWeapon,
  resolveAttackPrechecked,
  resolveAutoFirePrechecked,
  resolveExchangePrechecked,
} from "../twodice/attack.ts";
import type { AttackSituation } from "../twodice/attack.ts";
import { surpriseBonusOf, twodiceInitiative, twodiceRoundPlan } from "../twodice/initiative.ts";
import { NO_WOUNDS, SHEET_NUMBER, trait, withWoundsAndTurn } from "../twodice/model.ts";
import type { TwodiceCombatant, TwodiceWeapon } from "../twodice/model.ts";
import { DEFAULT_TWODICE_OPTIONS } from "../twodice/options.ts";
import type { TwodiceOptions } from "../twodice/options.ts";
import type { TwoDice } from "../twodice/roll.ts";
import { nextTurn, takeAction } from "../twodice/turns.ts";
import { aftermath, highestWound, isIncapacitated } from "../twodice/wounds.ts";
import { endOf, firstFighterRefusal, roster } from "./roster.ts";
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

export interface TwodiceSimFighter extends SimFighterBase {
  readonly combatant: TwodiceCombatant;
  /** The team it fights for (the rules' combatant carries none). */
  readonly teamId: string;
  /** The weapon it fights with (and counterattacks with, when it is a melee weapon). */
  readonly weapon: TwodiceWeapon;
  /** What its relevant traits add to its team's surprise roll (the actor's field, default 0). */
  readonly surpriseBonus?: number;
  /** How it attacks: distance, the GM's target modifier, cover, modifiers. */
  readonly situation?: Omit<AttackSituation, "rollWithIt">;
}

export const TWODICE_TACTIC: SimTactic = { target: "weakest", defend: true, reserve: 0 };

export interface TwodiceArenaSettings {
  readonly order?: readonly string[];
  /** With `order`: the first round goes on from this phase, without those who already acted. */
  readonly resume?: SimResume;
  readonly options?: TwodiceOptions;
}

/** One throw of the black and the white die. */
function throwTwo(dice: DiceSource, sides: number): TwoDice {
  return { black: dice.roll(sides), white: dice.roll(sides) };
}

/** The d20 each team rolls for the side order (the book's die, whatever the attack dice). */
const TEAM_DIE = 20;

export function twodiceArena(
  teams: readonly SimTeam[],
  setup: readonly TwodiceSimFighter[],
  settings: TwodiceArenaSettings = {},
): Arena {
  const options = settings.options ?? DEFAULT_TWODICE_OPTIONS;
  const sides = options.dieSides;
  const n = setup.length;
  const state: TwodiceCombatant[] = setup.map((f) => f.combatant);
  const weapons: TwodiceWeapon[] = setup.map((f) => f.weapon);
  const toughness = setup.map((f) => trait(f.combatant, "toughness"));
  const { teamOf, views, ...standing } = roster(
    teams,
    setup.map((f) => ({
      combatant: { id: f.combatant.id, teamId: f.teamId },
      ...(f.position === undefined ? {} : { position: f.position }),
    })),
  );
  // Up or out, kept with the state: a wound is the only thing that changes it.
  const up: boolean[] = setup.map((_, i) => stillUp(i));
  const isUp = (i: number) => up[i] === true;
  const tactics: SimTactic[] = setup.map((f) => ({ ...TWODICE_TACTIC, ...f.tactic }));
  const situations = setup.map((f) => f.situation ?? {});
  const fixedOrder = settings.order === undefined ? null : [...settings.order];
  const resumed = fixedOrder === null ? null : (settings.resume ?? null);
  const acted = setup.map((f) => resumed?.acted.includes(f.combatant.id) === true);
  // The same every round (twodiceRoundPlan ignores the round): settled at each fight's start.
  let plan: RoundPlan = [];

  function stillUp(i: number): boolean {
    const c = state[i];
    return c !== undefined && !isIncapacitated(c.wounds, toughness[i] ?? 0);
  }

  function set(i: number, c: TwodiceCombatant): void {
    state[i] = c;
    up[i] = stillUp(i);
  }

  const isOver = () => standing.oneTeamLeft(isUp);

  /** Room left between the highest wound and Toughness: the "weakest" has the least. */
  const room = (j: number) => (toughness[j] ?? 0) - highestWound(state[j]?.wounds ?? NO_WOUNDS);

  /** The sides' order: a d20 per team plus its members' surprise bonuses; ties reroll the d20. */
  function rollOrder(dice: DiceSource): string[] {
    const rolls = teams.map((team, t) => ({
      teamId: team.id,
      d20: dice.roll(TEAM_DIE),
      traitBonuses: setup.flatMap((f, i) => {
        if (teamOf[i] !== t) return [];
        const bonus = surpriseBonusOf({
          surpriseBonus: f.surpriseBonus ?? 0,
          incapacitated: !isUp(i),
        });
        return [bonus.ok ? bonus.value : 0];
      }),
    }));
    const first = twodiceInitiative({
      teams: teams.map((team) => ({ teamId: team.id, isPlayerSide: team.isPlayerSide })),
      rolls,
    });
    if (!first.ok) return teams.map((team) => team.id);
    let order: SettledOrder = first.order;
    let tied = first.tied;
    for (let attempt = 0; attempt < 20 && tied.length > 0; attempt++) {
      const group = tied[0] ?? [];
      const rerolls: Record<string, number> = {};
      for (const id of group) rerolls[id] = dice.roll(TEAM_DIE);
      const settled = settleTie(order, tied, group, rerolls);
      if (!settled.ok) break;
      order = settled.order;
      tied = settled.tied;
    }
    return [...order.order];
  }

  /** Reloads when the weapon must be reloaded before it fires; true when that was the action. */
  function reloadIfNeeded(i: number, me: TwodiceCombatant, weapon: TwodiceWeapon): boolean {
    const dry =
      (weapon.type.kind === "capacity" && weapon.ammo.rounds < 1) ||
      (weapon.type.kind === "auto" && weapon.ammo.empty);
    if (!dry) return false;
    const step = takeAction(me.turn, { kind: "reload" });
    const loaded = reload(weapon);
    if (step.ok && loaded.ok) {
      set(i, withWoundsAndTurn(me, me.wounds, step.value.turn));
      weapons[i] = { ...weapon, ammo: loaded.value };
    }
    return true;
  }

  function takeTurn(i: number, dice: DiceSource): void {
    const me = state[i];
    const weapon = weapons[i];
    if (me === undefined || weapon === undefined) return;
    if (weapon.kind === "ranged" && reloadIfNeeded(i, me, weapon)) return;
    const tactic = tactics[i] ?? TWODICE_TACTIC;
    const myTeam = teamOf[i];
    const t = pickTarget(
      tactic.target,
      views[i] ?? { idRank: 0 },
      views,
      (j) => teamOf[j] !== myTeam && isUp(j),
      room,
      dice,
    );
    const target = state[t];
    if (target === undefined) return;
    const auto = weapon.kind === "ranged" && weapon.type.kind === "auto";
    const kind = weapon.kind === "melee" ? "meleeAttack" : auto ? "autoFire" : "rangedAttack";
    const step = takeAction(me.turn, { kind, defense: weapon.defense });
    if (!step.ok) return;
    const input = {
      attacker: withWoundsAndTurn(me, me.wounds, step.value.turn),
      defender: target,
      weapon,
      situation: situations[i] ?? {},
    };
    const counterWeapon = weapons[t];
    if (
      weapon.kind === "melee" &&
      tactics[t]?.defend === true &&
      !target.turn.acted &&
      counterWeapon?.kind === "melee"
    ) {
      const attackDice = throwTwo(dice, sides);
      const counterDice = throwTwo(dice, sides);
      const exchange = resolveExchangePrechecked(
        input,
        attackDice,
        { weapon: counterWeapon, dice: counterDice },
        options,
      );
      if (!exchange.ok) return;
      set(i, exchange.value.attacker);
      set(t, exchange.value.defender);
      return;
    }
    if (auto) {
      const first = throwTwo(dice, sides);
      const shots = autoFireNeedsSecond(weapon, first.black)
        ? [{ dice: first }, { dice: throwTwo(dice, sides) }]
        : [{ dice: first }];
      const fired = resolveAutoFirePrechecked(input, shots, options);
      if (!fired.ok) return;
      set(i, fired.value.attacker);
      set(t, fired.value.defender);
      weapons[i] = fired.value.weapon;
      return;
    }
    const hit = resolveAttackPrechecked(input, throwTwo(dice, sides), options);
    if (!hit.ok) return;
    set(i, hit.value.attacker);
    set(t, hit.value.defender);
    weapons[i] = hit.value.weapon;
  }

  return {
    start(dice: DiceSource): void {
      for (let i = 0; i < n; i++) {
        const f = setup[i];
        if (f === undefined) continue;
        weapons[i] = f.weapon;
        set(i, f.combatant);
      }
      plan = twodiceRoundPlan(
        {
          mode: "team",
          order: fixedOrder ?? rollOrder(dice),
          values: {},
          surpriseRound: [],
        },
        1,
      );
    },
    playRound(dice: DiceSource, round: number): void {
      // Mid-round, the first round goes on from the current phase: the turns are already this
      // round's (the tracker gave them at its start), and who acted has acted.
      const resuming = round === 1 && resumed !== null;
      if (!resuming) {
        for (let i = 0; i < n; i++) {
          const c = state[i];
          if (c !== undefined) state[i] = withWoundsAndTurn(c, c.wounds, nextTurn(c.turn));
        }
      }
      const from = resuming ? resumed.phaseIndex : 0;
      for (let p = from; p < plan.length; p++) {
        const phase = plan[p];
        if (phase === undefined || isOver()) break;
        // The round end resolves declared moves together; the simulator declares none.
        if (phase.kind !== "team") continue;
        const team = teams.findIndex((t) => t.id === phase.teamId);
        for (let i = 0; i < n; i++) {
          if (teamOf[i] !== team || !isUp(i) || state[i]?.turn.acted !== false) continue;
          if (resuming && p === from && acted[i] === true) continue;
          takeTurn(i, dice);
          if (isOver()) break;
        }
      }
    },
    standingTeams: () => standing.standingTeams(isUp),
    fighterEnd(i: number): FighterEnd {
      const c = state[i];
      const wounds = c?.wounds ?? NO_WOUNDS;
      const after = aftermath(wounds, toughness[i] ?? 0, options);
      const life = isUp(i) ? "active" : after.ok && after.value.state === "dead" ? "dead" : "down";
      return endOf(life, [room(i)]);
    },
  };
}

/**
 * The engine's own boundary check of a fighter, done once when a simulation is created: every
 * number finite (named by its path), then the checks resolveAttack runs (the combatant, its
 * weapon, its situation) and the surprise bonus's, so the fights can call the engine's
 * `…Prechecked` rules without them.
 */
function checkFighter(f: TwodiceSimFighter, options: TwodiceOptions): Refusal | undefined {
  const id = f.combatant.id;
  const c = f.combatant;
  return (
    checkAllNumbers(id, f) ??
    checkCombatant(c, id, options) ??
    checkWeapon(f.weapon, `${id}.weapon`) ??
    checkNumber(`${id}.surpriseBonus`, f.surpriseBonus ?? 0, SHEET_NUMBER) ??
    checkAttackInput({ attacker: c, defender: c, weapon: f.weapon, situation: f.situation ?? {} })
  );
}

/** The first fighter whose numbers the engine would refuse, as that refusal (see checkFighter). */
export function checkTwodiceFighters(
  fighters: readonly TwodiceSimFighter[],
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Refusal | undefined {
  return firstFighterRefusal(fighters, (f) => checkFighter(f, options));
}

export const twodiceSimAdapter: SimAdapter<TwodiceSimFighter> = {
  ruleset: "twodice",
  orderMode: "team",
  resources: [{ key: "toughnessLeft" }],
  defaultTactic: TWODICE_TACTIC,
  reserveMax: 0,
  validate: (fighters) => checkTwodiceFighters(fighters),
  startResources: (f) => {
    const toughness = trait(f.combatant, "toughness");
    return [{ value: toughness - highestWound(f.combatant.wounds), max: toughness }];
  },
  fighterInfo: (f) => ({ id: f.combatant.id, name: f.combatant.name, teamId: f.teamId }),
  arena: (teams, fighters, settings) => twodiceArena(teams, fighters, settings),
};

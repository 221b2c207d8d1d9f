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
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkAllNumbers, checkNumber } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Refusal, Result } from "../core/result.ts";
import { settleTie } from "../combat/order.ts";
import type { SettledOrder } from "../combat/order.ts";
import type { RoundPlan } from "../combat/types.ts";
import { reload } from "../twodice/ammo.ts";
import { autoFireNeedsSecond, readAttack, readAutoFire, readExchange } from "../twodice/attack.ts";
import { checkAttackInput } from "../twodice/attack-input.ts";
import type { AttackSituation, CheckedAttackInput } from "../twodice/attack-input.ts";
import { surpriseBonusOf, twodiceInitiative, twodiceRoundPlan } from "../twodice/initiative.ts";
import { NO_WOUNDS, SHEET_NUMBER, trait, withAmmo, withWoundsAndTurn } from "../twodice/model.ts";
import type { TwodiceCombatant, TwodiceWeapon } from "../twodice/model.ts";
import { DEFAULT_TWODICE_OPTIONS, checkedTwodiceOptions } from "../twodice/options.ts";
import type { TwodiceOptions } from "../twodice/options.ts";
import type { TwoDice } from "../twodice/roll.ts";
import { actionTaken, checkTurnAction, nextTurn } from "../twodice/turns.ts";
import type { TurnAction } from "../twodice/turns.ts";
import { aftermath, highestWound, isIncapacitated } from "../twodice/wounds.ts";
import { endOf, roster } from "./roster.ts";
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

/** A throw of the black and the white die, written over again for every attack. */
type Throw = { -readonly [K in keyof TwoDice]: TwoDice[K] };

/**
 * Throws the black and the white die into `into`: the rules read a throw's faces and keep none of
 * it, so the arena reuses its few throws instead of making one per attack.
 */
function throwTwo(dice: DiceSource, sides: number, into: Throw): Throw {
  into.black = dice.roll(sides);
  into.white = dice.roll(sides);
  return into;
}

/** A reload, the action's kind from the list (checked once, here). */
const RELOAD = checkedReload();

function checkedReload(): Checked<TurnAction> {
  const checked = checkTurnAction({ kind: "reload" });
  if (!checked.ok) throw new Error("a reload is an action of the list");
  return checked.value;
}

/** The d20 each team rolls for the side order (the book's die, whatever the attack dice). */
const TEAM_DIE = 20;

/** An arena whose fights end at once (no request the runner validated comes here). */
const NO_FIGHT: Arena = {
  start() {},
  playRound() {},
  standingTeams: () => [],
  fighterEnd: () => endOf("active", [0]),
};

export function twodiceArena(
  teams: readonly SimTeam[],
  setup: readonly TwodiceSimFighter[],
  settings: TwodiceArenaSettings = {},
): Arena {
  const prepared = prepareFighters(setup, settings.options ?? DEFAULT_TWODICE_OPTIONS);
  if (!prepared.ok) return NO_FIGHT;
  const { options, inputs } = prepared.value;
  const sides = options.dieSides;
  const n = setup.length;
  const state: Checked<TwodiceCombatant>[] = inputs.map((input) => input.attacker);
  const weapons: Checked<TwodiceWeapon>[] = inputs.map((input) => input.weapon);
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
  /** Room left between each fighter's highest wound and its Toughness, kept with its wounds. */
  const roomLeft: number[] = setup.map((_, i) => roomOf(i));
  const isUp = (i: number) => up[i] === true;
  const tactics: SimTactic[] = setup.map((f) => ({ ...TWODICE_TACTIC, ...f.tactic }));
  // Each fighter's one attack action, the same every turn (its weapon's kind and Defense),
  // checked once here: every turn takes it as checked input (actionTaken).
  const attackActions: (Checked<TurnAction> | undefined)[] = setup.map((f) => {
    const auto = f.weapon.kind === "ranged" && f.weapon.type.kind === "auto";
    const kind = f.weapon.kind === "melee" ? "meleeAttack" : auto ? "autoFire" : "rangedAttack";
    const checked = checkTurnAction({ kind, defense: f.weapon.defense });
    return checked.ok ? checked.value : undefined;
  });
  const fixedOrder = settings.order === undefined ? null : [...settings.order];
  const resumed = fixedOrder === null ? null : (settings.resume ?? null);
  const acted = setup.map((f) => resumed?.acted.includes(f.combatant.id) === true);
  // The same every round (twodiceRoundPlan ignores the round): settled at each fight's start.
  let plan: RoundPlan = [];

  function roomOf(i: number): number {
    return (toughness[i] ?? 0) - highestWound(state[i]?.wounds ?? NO_WOUNDS);
  }

  function stillUp(i: number): boolean {
    const c = state[i];
    return c !== undefined && !isIncapacitated(c.wounds, toughness[i] ?? 0);
  }

  /** At most one team is left standing: known again only when a fighter goes down. */
  let over = false;

  function set(i: number, c: Checked<TwodiceCombatant>): void {
    const before = state[i];
    state[i] = c;
    // Only a new wound can take a fighter out.
    if (before !== undefined && before.wounds === c.wounds) return;
    const wasUp = up[i] === true;
    up[i] = stillUp(i);
    roomLeft[i] = roomOf(i);
    if (wasUp !== up[i]) over = standing.oneTeamLeft(isUp);
  }

  const isOver = () => over;
  const first = inputs[0];
  if (first === undefined) return NO_FIGHT;
  const scratch: { -readonly [K in keyof CheckedAttackInput]: CheckedAttackInput[K] } = {
    attacker: first.attacker,
    defender: first.attacker,
    weapon: first.weapon,
    situation: first.situation,
  };
  // The arena's throws: an attack's, a counterattack's, and full Auto's two shots.
  const attackThrow: Throw = { black: 1, white: 1 };
  const counterThrow: Throw = { black: 1, white: 1 };
  const secondThrow: Throw = { black: 1, white: 1 };
  const oneShot = [{ dice: attackThrow }];
  const twoShots = [{ dice: attackThrow }, { dice: secondThrow }];
  /**
   * Whether fighter j is a foe of the fighter picking its target (its team in `picker`) still up:
   * one function for every pick, so the target rule's calls stay monomorphic.
   */
  let picker = -1;
  const isFoe = (j: number) => teamOf[j] !== picker && isUp(j);

  /** Room left: the "weakest" has the least (read from roomLeft, kept up by set). */
  const room = (j: number) => roomLeft[j] ?? 0;

  // Each team's members' surprise bonuses, as they stand at the start of every fight (a member
  // out of the fight then adds nothing), and the teams as the order reads them: once per request.
  const teamBonuses = teams.map((_, t) =>
    setup.flatMap((f, i) => {
      if (teamOf[i] !== t) return [];
      const bonus = surpriseBonusOf({
        surpriseBonus: f.surpriseBonus ?? 0,
        incapacitated: !isUp(i),
      });
      return [bonus.ok ? bonus.value : 0];
    }),
  );
  const orderTeams = teams.map((team) => ({ teamId: team.id, isPlayerSide: team.isPlayerSide }));

  /**
   * The round's plan for a side order (twodiceRoundPlan), made once per order: a few teams have few
   * orders, and every fight settles one.
   */
  const plans = new Map<string, RoundPlan>();
  function planFor(order: readonly string[]): RoundPlan {
    const key = order.join("\u0000");
    let made = plans.get(key);
    if (made === undefined) {
      made = twodiceRoundPlan(
        { mode: "team", order: [...order], values: {}, surpriseRound: [] },
        1,
      );
      plans.set(key, made);
    }
    return made;
  }

  /** The sides' order: a d20 per team plus its members' surprise bonuses; ties reroll the d20. */
  function rollOrder(dice: DiceSource): readonly string[] {
    const rolls = teams.map((team, t) => ({
      teamId: team.id,
      d20: dice.roll(TEAM_DIE),
      traitBonuses: teamBonuses[t] ?? [],
    }));
    const first = twodiceInitiative({ teams: orderTeams, rolls });
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
    return order.order;
  }

  /** Reloads when the weapon must be reloaded before it fires; true when that was the action. */
  function reloadIfNeeded(
    i: number,
    me: Checked<TwodiceCombatant>,
    weapon: Checked<TwodiceWeapon>,
  ): boolean {
    const dry =
      (weapon.type.kind === "capacity" && weapon.ammo.rounds < 1) ||
      (weapon.type.kind === "auto" && weapon.ammo.empty);
    if (!dry) return false;
    const step = actionTaken(me, RELOAD);
    const loaded = reload(weapon);
    if (step.ok && loaded.ok) {
      set(i, withWoundsAndTurn(me, me.wounds, step.value.turn));
      weapons[i] = withAmmo(weapon, loaded.value);
    }
    return true;
  }

  function takeTurn(i: number, dice: DiceSource): void {
    const me = state[i];
    const weapon = weapons[i];
    if (me === undefined || weapon === undefined) return;
    if (weapon.kind === "ranged" && reloadIfNeeded(i, me, weapon)) return;
    const tactic = tactics[i] ?? TWODICE_TACTIC;
    picker = teamOf[i] ?? -1;
    const t = pickTarget(tactic.target, views[i] ?? { idRank: 0 }, views, isFoe, room, dice);
    const target = state[t];
    if (target === undefined) return;
    const action = attackActions[i];
    const own = inputs[i];
    if (action === undefined || own === undefined) return;
    const step = actionTaken(me, action);
    if (!step.ok) return;
    // The arena's one attack input, written over for every attack (the rules keep none of it).
    const input = scratch;
    input.attacker = withWoundsAndTurn(me, me.wounds, step.value.turn);
    input.defender = target;
    input.weapon = weapon;
    input.situation = own.situation;
    const auto = action.kind === "autoFire";
    const counterWeapon = weapons[t];
    if (
      weapon.kind === "melee" &&
      tactics[t]?.defend === true &&
      !target.turn.acted &&
      counterWeapon?.kind === "melee"
    ) {
      const attackDice = throwTwo(dice, sides, attackThrow);
      const counterDice = throwTwo(dice, sides, counterThrow);
      const exchange = readExchange(
        input,
        attackDice,
        { weapon: counterWeapon, dice: counterDice, situation: NO_SITUATION },
        options,
      );
      if (!exchange.ok) return;
      set(i, exchange.value.attacker);
      set(t, exchange.value.defender);
      return;
    }
    if (auto) {
      const first = throwTwo(dice, sides, attackThrow);
      const second = autoFireNeedsSecond(weapon, first.black);
      if (second) throwTwo(dice, sides, secondThrow);
      const shots = second ? twoShots : oneShot;
      const fired = readAutoFire(input, shots, options);
      if (!fired.ok) return;
      set(i, fired.value.attacker);
      set(t, fired.value.defender);
      weapons[i] = fired.value.weapon;
      return;
    }
    const hit = readAttack(input, throwTwo(dice, sides, attackThrow), options);
    if (!hit.ok) return;
    set(i, hit.value.attacker);
    set(t, hit.value.defender);
    weapons[i] = hit.value.weapon;
  }

  return {
    start(dice: DiceSource): void {
      for (let i = 0; i < n; i++) {
        const input = inputs[i];
        if (input === undefined) continue;
        weapons[i] = input.weapon;
        set(i, input.attacker);
      }
      over = standing.oneTeamLeft(isUp);
      plan = planFor(fixedOrder ?? rollOrder(dice));
    },
    playRound(dice: DiceSource, round: number): void {
      // Mid-round, the first round goes on from the current phase: the turns are already this
      // round's (the tracker gave them at its start), and who acted has acted.
      const resuming = round === 1 && resumed !== null;
      if (!resuming) {
        for (let i = 0; i < n; i++) {
          const c = state[i];
          if (c === undefined) continue;
          const turn = nextTurn(c.turn);
          if (turn !== c.turn) state[i] = withWoundsAndTurn(c, c.wounds, turn);
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
      // The aftermath only for a fighter out of the fight: one still up is up.
      let life = "active";
      if (!isUp(i)) {
        const after = aftermath(c?.wounds ?? NO_WOUNDS, toughness[i] ?? 0, options);
        life = after.ok && after.value.state === "dead" ? "dead" : "down";
      }
      return endOf(life, [room(i)]);
    },
  };
}

/** A counterattack's situation: the original attacker aware, no modifiers. */
const NO_SITUATION: Checked<AttackSituation> = checkedAs({});

/**
 * The engine's own boundary check of a fighter, done once when a simulation is created: every
 * number finite (named by its path), then its attack's input as checkAttackInput checks it (the
 * combatant, its weapon, its situation) and the surprise bonus's. What passes comes back checked,
 * for the fights' rules (readAttack, readAutoFire, readExchange).
 */
function checkFighter(
  f: TwodiceSimFighter,
  options: Checked<TwodiceOptions>,
): Result<CheckedAttackInput> {
  const id = f.combatant.id;
  const c = f.combatant;
  const bad =
    checkAllNumbers(id, f) ??
    checkNumber(`${id}.surpriseBonus`, f.surpriseBonus ?? 0, SHEET_NUMBER);
  if (bad) return bad;
  const input = checkAttackInput(
    { attacker: c, defender: c, weapon: f.weapon, situation: f.situation ?? {} },
    options,
  );
  if (input.ok) return input;
  const field = String(input.detail?.["field"] ?? "attack").replace(/^(attacker|defender)\./, "");
  return { ...input, detail: { ...input.detail, field: `${id}.${field}` } };
}

interface Prepared {
  readonly options: Checked<TwodiceOptions>;
  readonly inputs: readonly CheckedAttackInput[];
}

/** The options and every fighter checked, once per request. */
function prepareFighters(
  fighters: readonly TwodiceSimFighter[],
  raw: TwodiceOptions,
): Result<Prepared> {
  const options = checkedTwodiceOptions(raw);
  if (!options.ok) return options;
  const inputs: CheckedAttackInput[] = [];
  for (const f of fighters) {
    const checked = checkFighter(f, options.value);
    if (!checked.ok) return checked;
    inputs.push(checked.value);
  }
  return ok({ options: options.value, inputs });
}

/** The first fighter whose values the engine would refuse, as that refusal (see checkFighter). */
export function checkTwodiceFighters(
  fighters: readonly TwodiceSimFighter[],
  options: TwodiceOptions = DEFAULT_TWODICE_OPTIONS,
): Refusal | undefined {
  const prepared = prepareFighters(fighters, options);
  return prepared.ok ? undefined : prepared;
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

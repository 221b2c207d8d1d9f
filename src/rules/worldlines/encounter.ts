/**
 * A headless Worldlines fight: momentum once, then rounds of team phases, Energy refresh and status
 * resolution, with every fighter following a simple scripted tactic. For demos, balance checks and
 * tests; the same dice always give the same fight and the same log.
 */
import type { DiceSource } from "../core/dice.ts";
import { resolveAttack } from "./attack.ts";
import type { AttackOutcome, AttackSituation } from "./attack.ts";
import { refreshEnergy } from "./energy.ts";
import type { WorldlinesCombatant, WorldlinesWeapon } from "./model.ts";
import { orderByMomentum, settleTieByReroll, teamMomentum } from "./momentum.ts";
import type { MomentumOrder } from "./momentum.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { actingCombatants, worldlinesRoundPlan } from "./phases.ts";
import { attemptRecovery, endTurn, resolveStatuses, startTurn } from "./statuses.ts";
import { firstAid } from "./treatment.ts";

export interface EncounterTeam {
  readonly id: string;
  readonly name: string;
  readonly isPlayerSide: boolean;
}

export interface EncounterFighter {
  readonly combatant: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  /** How this fighter attacks (zone, range, non-lethal …). */
  readonly tactic?: AttackSituation;
  /** Energy kept back after attacking, for Evasion (default 1). */
  readonly reserve?: number;
}

export interface EncounterResult {
  readonly log: readonly string[];
  readonly rounds: number;
  /** The team left standing, or null (a draw, or the round limit). */
  readonly winner: string | null;
  readonly fighters: readonly WorldlinesCombatant[];
}

function signed(n: number): string {
  return n < 0 ? `− ${-n}` : `+ ${n}`;
}

function describeAttack(out: AttackOutcome, attacker: string, defender: string): string[] {
  const a = out.attack;
  const mods = a.modifiers.map((m) => ` ${signed(m.value)} ${m.source}`).join("");
  const lines = [
    `${attacker} → ${defender}: d${a.die} ${a.natural}${mods} = ${a.total}${a.critical ? " CRITICAL" : ""}`,
  ];
  for (const e of out.evasions) {
    const emods = e.modifiers.map((m) => ` ${signed(m.value)} ${m.source}`).join("");
    lines.push(
      `    ${e.extra ? "extra Evasion (interrupt)" : "Evasion"}: ${e.naturals.join("/")}${emods} = ${e.total} → ${e.success ? "evaded" : "fails"}`,
    );
  }
  if (out.evasionRefused === "critical") lines.push("    a critical cannot be evaded");
  if (out.evasionRefused === "notEnoughEnergy") lines.push("    no Energy left to evade");
  if (!out.hit) return lines;
  if (out.headshot) {
    lines.push(
      `    headshot d20: ${out.headshot.roll} (needs ${out.headshot.from}) → ${out.headshot.effect}`,
    );
  }
  if (out.killed) {
    lines.push(`    ${defender} is killed outright`);
  } else if (out.damage) {
    const d = out.damage;
    const parts = [`${d.weapon}${d.critical ? " (critical)" : ""}`];
    if (d.rangeBonus !== 0) parts.push(`${signed(d.rangeBonus)} range`);
    if (d.multiplier !== 1) parts.push(`× ${d.multiplier}`);
    const armor =
      d.armorDie === null ? "no armor" : `armor d${d.armorDie} ${d.armorRoll} → ${d.armor}`;
    lines.push(
      `    damage ${parts.join(" ")} = ${d.total}; ${armor}; ${d.dealt} dealt → ${defender} ${out.defender.health.value}/${out.defender.health.max}`,
    );
  }
  if (out.limbCheck) {
    const c = out.limbCheck.check;
    lines.push(
      `    ${out.limbCheck.zone} hit: Spirit d${c.die} ${c.natural}${c.bonus ? ` ${signed(c.bonus)}` : ""} vs TD ${c.td} → ${out.limbCheck.effect}${out.limbCheck.limbDisabled ? ", limb disabled, Bleeding" : ""}`,
    );
  }
  for (const status of out.statusesApplied) {
    if (out.limbCheck?.limbDisabled === true && status === "bleeding") continue;
    lines.push(`    ${defender} is ${status}`);
  }
  if (out.downed === "dying") lines.push(`    ${defender} goes down, dying`);
  if (out.downed === "unconscious") {
    lines.push(`    ${defender} is knocked out for ${out.unconsciousMinutes ?? 0} minutes`);
  }
  return lines;
}

function rollMomentum(
  teams: readonly EncounterTeam[],
  members: (teamId: string) => WorldlinesCombatant[],
  dice: DiceSource,
  options: WorldlinesOptions,
  log: string[],
): string[] {
  const rolled = teams.map((team) => {
    const rolls = members(team.id).map((c) => dice.roll(c.traits.combat));
    return { ...team, rolls, momentum: teamMomentum(rolls) };
  });
  log.push(
    "Momentum: " +
      rolled.map((t) => `${t.name} [${t.rolls.join(", ")}] → ${t.momentum}`).join("; "),
  );
  let order: MomentumOrder = orderByMomentum(rolled, options.momentumTies);
  for (let attempt = 0; attempt < 20 && order.tied.length > 0; attempt++) {
    const group = order.tied[0] ?? [];
    const rerolled: Record<string, number> = {};
    for (const id of group) {
      rerolled[id] = teamMomentum(members(id).map((c) => dice.roll(c.traits.combat)));
    }
    log.push(`  tie, reroll: ${group.map((id) => `${id} ${rerolled[id] ?? 0}`).join(", ")}`);
    const settled = settleTieByReroll(order, group, rerolled);
    if (!settled.ok) break;
    order = settled.value;
  }
  const name = (id: string) => teams.find((t) => t.id === id)?.name ?? id;
  log.push(`  ${order.order.map(name).join(" then ")} (kept for the whole fight)`);
  return order.order;
}

/** Plays the fight to the end (one team left standing) or to `maxRounds`. */
export function runEncounter(
  setup: {
    readonly teams: readonly EncounterTeam[];
    readonly fighters: readonly EncounterFighter[];
    readonly maxRounds?: number;
  },
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): EncounterResult {
  const log: string[] = [];
  const state = new Map(setup.fighters.map((f) => [f.combatant.id, f.combatant]));
  const plan = new Map(setup.fighters.map((f) => [f.combatant.id, f]));
  const all = () => setup.fighters.map((f) => state.get(f.combatant.id) ?? f.combatant);
  const members = (teamId: string) => all().filter((c) => c.teamId === teamId);
  const standing = (teamId: string) => members(teamId).some((c) => c.life === "active");
  const set = (c: WorldlinesCombatant) => state.set(c.id, c);
  const teamName = (id: string) => setup.teams.find((t) => t.id === id)?.name ?? id;

  const order = rollMomentum(setup.teams, members, dice, options, log);
  const roundPlan = worldlinesRoundPlan(order);
  const maxRounds = setup.maxRounds ?? 10;
  let round = 0;
  const over = () => setup.teams.filter((t) => standing(t.id)).length <= 1;

  while (!over() && round < maxRounds) {
    round++;
    log.push("", `Round ${round}`);
    for (const phase of roundPlan) {
      if (over()) break;
      if (phase.kind === "team") {
        log.push(`  ${teamName(phase.teamId)} phase`);
        for (const id of actingCombatants(phase, all())) {
          takeTurn(id);
          if (over()) break;
        }
      } else if (phase.kind === "event" && phase.event === "energyRefresh") {
        for (const c of all()) {
          const refreshed = refreshEnergy(c);
          if (refreshed.ok) set(refreshed.value.actor);
        }
        log.push("  Energy refresh: everyone back to full Energy");
      } else if (phase.kind === "event" && phase.event === "statusResolution") {
        const notes: string[] = [];
        for (const c of all()) {
          const ticked = resolveStatuses(c, dice, options);
          if (!ticked.ok) {
            notes.push(`${c.name}: ${ticked.reason}`);
            continue;
          }
          const tick = ticked.value;
          set(tick.actor);
          if (tick.lost > 0)
            notes.push(`${c.name} loses ${tick.lost} to poison (${tick.actor.health.value})`);
          if (tick.downed) notes.push(`${c.name} goes down, ${tick.downed}`);
        }
        log.push(
          `  Status resolution${notes.length ? ": " + notes.join("; ") : ": nothing to resolve"}`,
        );
      }
    }
  }

  function takeTurn(id: string): void {
    const fighter = plan.get(id);
    let me = state.get(id);
    if (fighter === undefined || me === undefined) return;
    const started = startTurn(me, dice, options);
    if (!started.ok) {
      log.push(`    ${me.name}: ${started.reason}`);
      return;
    }
    const tick = started.value;
    me = tick.actor;
    set(me);
    if (tick.lost > 0) {
      log.push(`    ${me.name} bleeds for ${tick.lost} (${me.health.value}/${me.health.max})`);
    }
    if (tick.downed) log.push(`    ${me.name} goes down, ${tick.downed}`);
    if (me.life !== "active") return;
    if (me.statuses.staggered) {
      const attempt = attemptRecovery({ patient: me, status: "staggered" }, dice, options);
      if (attempt.ok) {
        me = attempt.value.patient;
        set(me);
        const c = attempt.value.check;
        log.push(
          `    ${me.name} shakes off Staggered? Spirit ${c ? `${c.natural} vs TD ${c.td}` : "auto"} → ${attempt.value.cured ? "yes" : "no"}`,
        );
      }
    }
    if (me.statuses.bleeding) {
      const aid = firstAid(me, me, dice, options);
      if (aid.ok) {
        me = aid.value.patient;
        set(me);
        const c = aid.value.check;
        log.push(
          `    ${me.name} tries First Aid on themself: d${c.die} ${c.natural} ${signed(c.bonus)} vs TD ${c.td} → ${aid.value.success ? "bleeding stopped" : "no luck"}`,
        );
      }
    }
    const reserve = fighter.reserve ?? 1;
    for (let guard = 0; guard < 10; guard++) {
      if (me.statuses.staggered) break;
      const cost = fighter.weapon.kind === "thrown" ? options.costs.throw : options.costs.attack;
      if (me.energy.value - cost < reserve && !(guard === 0 && me.energy.value >= cost)) break;
      const charmer = me.statuses.charmed?.sourceId;
      const targets = all()
        .filter((c) => c.teamId !== me?.teamId && c.life === "active" && c.id !== charmer)
        .sort((a, b) => a.health.value - b.health.value || a.id.localeCompare(b.id));
      const target = targets[0];
      if (target === undefined) break;
      const result = resolveAttack(
        { attacker: me, defender: target, weapon: fighter.weapon, situation: fighter.tactic ?? {} },
        dice,
        {
          evade: true,
          extraEvasion: (view) => view.attackTotal - (view.evasionTotal ?? 0) <= 2,
        },
        options,
      );
      if (!result.ok) {
        log.push(`    ${me.name} cannot attack: ${result.reason}`);
        break;
      }
      me = result.value.attacker;
      set(me);
      set(result.value.defender);
      const lines = describeAttack(result.value, me.name, target.name);
      log.push(...lines.map((line, i) => (i === 0 ? `    ${line}` : `  ${line}`)));
    }
    const ended = endTurn(me);
    if (!ended.ok) return;
    const end = ended.value;
    set(end.actor);
    for (const status of end.expired) log.push(`    ${me.name} is no longer ${status}`);
  }

  const left = setup.teams.filter((t) => standing(t.id));
  const winner = left.length === 1 ? (left[0]?.id ?? null) : null;
  log.push(
    "",
    winner === null
      ? `No winner after ${round} rounds.`
      : `${teamName(winner)} win after ${round} round${round === 1 ? "" : "s"}.`,
  );
  for (const c of all()) {
    log.push(`  ${c.name}: ${c.health.value}/${c.health.max} HP, ${c.life}`);
  }
  return { log, rounds: round, winner, fighters: all() };
}

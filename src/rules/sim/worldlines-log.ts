/**
 * The words of a Worldlines fight log (the demo prints them): one attack as a few lines.
 */
import type { AttackOutcome } from "../worldlines/attack.ts";

export function signed(n: number): string {
  return n < 0 ? `− ${-n}` : `+ ${n}`;
}

export function describeAttack(out: AttackOutcome, attacker: string, defender: string): string[] {
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

/**
 * Odds on the ruler, for `npm run bench`: one waypoint's odds line (issue 25's target: ≤ 2 ms) on
 * the busy scene of bench/scene.ts (200 tokens, 1,000 wall segments), the attacker standing at the
 * waypoint: the scene measured from there (reach, flanking, cover, sight), the Worldlines exact
 * odds of a pistol shot with the cover it gives (the defender evading), and the label's words
 * (scene/ruler-odds.ts, through the small `game.i18n` stand-in of bench/movement.ts). The shell's
 * reading of the documents is not timed (the bench runs without Foundry).
 */
import "./movement.ts";
import { measureScene } from "../src/rules/scene/index.ts";
import { makeCombatant } from "../src/rules/worldlines/factory.ts";
import { attackOdds } from "../src/rules/worldlines/odds.ts";
import type { AttackInput } from "../src/rules/worldlines/attack.ts";
import { input as scene } from "./scene.ts";

const { percentOf } = await import("../src/foundry/scene/ruler-odds.ts");

const attacker = makeCombatant({ id: "maya", skills: { firearms: 2 } });
const defender = makeCombatant({ id: "vex", skills: { evasion: 1 } });
const weapon = {
  id: "pistol",
  name: "Pistol",
  kind: "ranged" as const,
  skill: "firearms",
  damage: "1d6+1",
};
const COVER = { none: "none", light: "half", heavy: "full" } as const;

/** The odds line of a waypoint at this space. */
function waypoint(x: number, y: number): string {
  const measured = measureScene({
    ...scene,
    attacker: { ...scene.attacker, footprint: { x, y, width: 1, height: 1 } },
  });
  if (!measured.ok) return "";
  const level = measured.value.cover.level;
  if (level === "full") return game.i18n?.format("FRAY.Scene.Odds.NoShot", { target: "Vex" }) ?? "";
  const attack: AttackInput = {
    attacker,
    defender,
    weapon,
    situation: {
      zone: "torso",
      range: "short",
      cover: COVER[level],
      flanked: measured.value.flanked,
    },
  };
  const odds = attackOdds(attack, { evade: true });
  const chance = odds.ok ? percentOf(odds.value.hit) : 0;
  return game.i18n?.format("FRAY.Scene.Odds.Hit", { target: "Vex", chance: String(chance) }) ?? "";
}

/** The printed lines. */
export function rulerOddsBench(): string[] {
  let sink = 0;
  let k = 0;
  const next = () => {
    k = (k + 1) % 50;
    sink += waypoint(k, 50 - k).length;
  };
  for (let i = 0; i < 20; i++) next(); // warm up
  const runs = 200;
  const start = performance.now();
  for (let i = 0; i < runs; i++) next();
  const each = (performance.now() - start) / runs;
  if (sink === 0) throw new Error("the bench wrote no label");
  return [
    "Odds on the ruler: 200 tokens, 1,000 wall segments (target ≤ 2 ms)",
    `  ruler waypoint label with odds: ${each.toFixed(3)} ms`,
  ];
}

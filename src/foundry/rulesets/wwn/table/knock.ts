/**
 * Shove and Shatter a Shield at the table: a hit roll for no damage, then an opposed check, both
 * rolled and settled on the referee (rules: shove, shatterShield), the target written once and
 * the card posted (table/maneuver-card.ts). Shove pushes the target back or knocks it prone;
 * Shatter breaks a mundane shield.
 */
import { shatterShield, shove } from "../../../../rules/wwn/index.ts";
import type { AttackInput } from "../../../../rules/wwn/index.ts";
import { toWwnWeapon } from "../adapter.ts";
import { fighterOf } from "../budget.ts";
import { maneuverDeclaration, settledHit } from "./maneuver-card.ts";
import type { ManeuverScene } from "./maneuver-card.ts";

/** A melee hit at the scene's target with its weapon, as the rules take it. */
export function meleeInput(scene: ManeuverScene): AttackInput {
  if (scene.target === null || scene.weapon === null) throw new Error("checked by the frame");
  return {
    attacker: scene.me,
    defender: fighterOf(scene.target),
    weapon: toWwnWeapon(scene.weapon),
    situation: { mode: "melee", adjacent: true },
    turn: scene.turn,
  };
}

export const wwnShoveDeclaration = maneuverDeclaration("shove", (scene, dice) => {
  const effect = scene.intent.effect === "prone" ? "prone" : "push";
  const size = scene.intent.size ?? "manSized";
  const outcome = shove({ ...meleeInput(scene), effect, size }, dice);
  return settledHit(scene, "shove", outcome, effect, () => ({
    feet: outcome.ok ? String(outcome.value.pushedFeet) : "0",
  }));
});

export const wwnShatterDeclaration = maneuverDeclaration("shatter", (scene, dice) =>
  settledHit(scene, "shatter", shatterShield(meleeInput(scene), dice)),
);

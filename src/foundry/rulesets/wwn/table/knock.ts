/**
 * Shove and Shatter a Shield at the table: a hit roll for no damage, then an opposed check, both
 * rolled and settled on the referee (rules: shove, shatterShield), the target written once and
 * the card posted (table/maneuver-card.ts). Shove pushes the target back or knocks it prone;
 * Shatter breaks a mundane shield. A push won on a scene is carried out by the referee: the
 * target's token goes the book's 10 ft directly away from the shover, stopped before a wall, as a
 * forced move (movement/forced.ts: not the target's own, so it costs it nothing and, the book
 * giving the free attack to one who leaves melee, not one who is shoved, provokes nothing).
 */
import { ok } from "../../../../rules/core/result.ts";
import { shatterShield, shove } from "../../../../rules/wwn/index.ts";
import type { AttackInput } from "../../../../rules/wwn/index.ts";
import { toWwnWeapon } from "../adapter.ts";
import { fighterOf } from "../budget.ts";
import { maneuverDeclaration, settledHit } from "./maneuver-card.ts";
import type { ManeuverScene } from "./maneuver-card.ts";
import { carryOut, planPush } from "../../../movement/forced.ts";
import type { PlannedPush } from "../../../movement/forced.ts";

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
  if (!outcome.ok) return outcome;
  // The push the rules won, carried out on the map by the referee: directly away, up to a wall.
  const push = pushOnMap(scene, outcome.value.pushedFeet);
  const settled = settledHit(scene, "shove", outcome, effect, () => ({
    feet: String(push?.distance ?? outcome.value.pushedFeet),
  }));
  return settled.ok ? ok({ ...settled.value, then: () => carryOut(push) }) : settled;
});

/**
 * The push of `feet` the referee makes on the map (movement/forced.ts): where the target's token
 * ends, directly away from the maneuver's actor, stopped before a wall; null with no push, or off
 * the map (then the card gives the book's feet and the GM moves the token by hand).
 */
export function pushOnMap(scene: ManeuverScene, feet: number): PlannedPush | null {
  return feet > 0 && scene.target !== null ? planPush(scene.actor, scene.target, feet, "ft") : null;
}

export const wwnShatterDeclaration = maneuverDeclaration("shatter", (scene, dice) =>
  settledHit(scene, "shatter", shatterShield(meleeInput(scene), dice)),
);

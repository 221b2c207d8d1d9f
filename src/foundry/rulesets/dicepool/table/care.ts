/**
 * Care at the table (one declaration, "dicepool.care", through table/kit.ts): Stabilize (Simple),
 * by a medic with Medicine 1 (or the power), stops a dying character's bleeding. The patient is a
 * token at the table with the medic (table/kit.ts checks it).
 *
 * Plot Armor is the GM's to give (a power on the sheet; see data.ts) and works inside the damage
 * rules (takeDamage): nothing to press.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { diffDicepool } from "../../../../rules/dicepool/changes.ts";
import { stabilize } from "../../../../rules/dicepool/health.ts";
import { toDicepoolCombatant } from "../adapter.ts";
import { actDeclaration } from "./kit.ts";
import type { ActPlanner } from "./kit.ts";

const planCare: ActPlanner = (request, { other, me, options, say, done }) => {
  if (request.act !== "stabilize") return refuse("badRequest");
  if (other === null) return refuse("noTarget");
  const patient = toDicepoolCombatant(other);
  const saved = stabilize(patient, me, options);
  if (!saved.ok) return saved;
  const change = diffDicepool(patient, saved.value);
  return done(change === null ? [] : [change], [], say("Stabilized"));
};

export const careDeclaration = actDeclaration("dicepool.care", planCare);

/**
 * Care at the table (one declaration, "dicepool.care", through table/kit.ts): Stabilize (Simple),
 * by a medic with Medicine 1 (or the power), stops a dying character's bleeding. The patient is a
 * token at the table with the medic (table/kit.ts checks it).
 *
 * Rest (the GM's: time passes, out of the fight's clock): over weeks the character heals 1 damage a
 * week (non-lethal first) and as much wound penalty; over 10-minute spells only non-lethal damage
 * heals, 1 a spell (healWeeks, healNonLethal). A wound incapacitation ends once the damage is
 * below the total health; a dead character heals nothing.
 *
 * Plot Armor is the GM's to give (a power on the sheet; see data.ts) and works inside the damage
 * rules (takeDamage): nothing to press.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { diffDicepool } from "../../../../rules/dicepool/changes.ts";
import { healNonLethal, healWeeks, stabilize } from "../../../../rules/dicepool/health.ts";
import { toDicepoolCombatant } from "../adapter.ts";
import { actDeclaration } from "./kit.ts";
import type { ActPlanner } from "./kit.ts";

/** The spells of rest the GM may give: weeks, or 10-minute spells (non-lethal damage only). */
export const REST_SPELLS = ["weeks", "tenMinutes"] as const;
export type RestSpell = (typeof REST_SPELLS)[number];

const planCare: ActPlanner = (request, { other, me, options, say, done }) => {
  if (request.act === "rest") {
    const spell = request.choice as RestSpell;
    if (!REST_SPELLS.includes(spell)) return refuse("badRequest");
    if (request.amount < 1) return refuse("noTime");
    const healed =
      spell === "weeks"
        ? healWeeks(me, request.amount, options)
        : healNonLethal(me, request.amount * 10, options);
    if (!healed.ok) return healed;
    const change = diffDicepool(me, healed.value);
    const key = spell === "weeks" ? "RestedWeeks" : "RestedMinutes";
    return done(
      change === null ? [] : [change],
      [],
      say(key, { count: request.amount, healed: me.damage - healed.value.damage }),
    );
  }
  if (request.act !== "stabilize") return refuse("badRequest");
  if (other === null) return refuse("noTarget");
  const patient = toDicepoolCombatant(other);
  const saved = stabilize(patient, me, options);
  if (!saved.ok) return saved;
  const change = diffDicepool(patient, saved.value);
  return done(change === null ? [] : [change], [], say("Stabilized"));
};

export const careDeclaration = actDeclaration("dicepool.care", planCare);

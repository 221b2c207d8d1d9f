/**
 * What a Freelancers sheet's owner does on its own actor, with no referee: rolling a check of its
 * own (Attribute + Skill, roll-under, core Roll), whispered as the user's roll mode says. It lands on nobody else's documents, so the
 * owner's client does it. (Counters go to the referee: counters.ts.)
 */
import { rollCheck } from "../../../../rules/freelancers/checks.ts";
import { withRollMode } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import { toFreelancer, warnFlRefusal } from "../adapter.ts";
import { flOptions } from "../settings.ts";

/** Rolls a check of the actor's own and posts it. */
export async function flRollCheck(
  actor: Actor.Implementation,
  attribute: string,
  skill: string | null,
): Promise<ChatMessage.Implementation | null> {
  const me = toFreelancer(actor);
  const base = (me.attributes[attribute] ?? 0) + (skill === null ? 0 : (me.skills[skill] ?? 0));
  const rolled = await withDice((dice) => rollCheck({ base }, dice, flOptions(), "check"));
  if (!rolled.value.ok) {
    warnFlRefusal(rolled.value);
    return null;
  }
  const r = rolled.value.value;
  const label = [
    i18n().localize(`FRAY.Freelancers.Attribute.${attribute}`),
    ...(skill === null ? [] : [i18n().localize(`FRAY.Freelancers.Skill.${skill}`)]),
  ].join(" + ");
  const text = i18n().format(
    r.passed ? "FRAY.Freelancers.Check.Passed" : "FRAY.Freelancers.Check.Failed",
    { label, roll: r.roll, target: r.target },
  );
  return (
    ((await ChatMessage.create(
      withRollMode({
        speaker: ChatMessage.getSpeaker({ actor }),
        content: `<div class="fray-card fray-fl-card fray-fl-check"><p>${foundry.utils.escapeHTML(text)}</p></div>`,
        rolls: rolled.rolls,
      }),
    )) as ChatMessage.Implementation | undefined) ?? null
  );
}

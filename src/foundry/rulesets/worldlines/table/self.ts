/**
 * What a Worldlines actor does to itself alone, on its owner's client (every document it touches
 * is the user's own, and nothing it changes settles another owner's outcome): reloading, a
 * recovery check against one of its statuses, and a skill check. (Drawing a weapon is the
 * referee's, as it picks up a dropped one: table/draw.ts; so is a stance change in a fight:
 * table/stance.ts, re-exported here.) Each checks with
 * the rules, writes in one batch and says what happened in a status card; a refusal is a warning
 * that changes nothing.
 */
import {
  attemptRecovery,
  reloadWeapon,
  skillCheck as skillCheckRule,
} from "../../../../rules/worldlines/index.ts";
import type { StatusId } from "../../../../rules/worldlines/index.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { refused } from "../attack/declare.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { worldlinesOptions } from "../settings.ts";
import { ACTION_ENERGY } from "./kit.ts";

/**
 * Reload (rules/worldlines/ammo.ts reloadWeapon): pays its Energy and fills the weapon's magazine,
 * on the owner's client (both documents are the user's own). Refused with a message when the
 * magazine is full, the weapon has none, or Energy is short.
 */
export async function reload(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const ammo = (weapon.system as unknown as { ammo: { value: number; max: number } }).ammo;
  const done = reloadWeapon(toCombatant(actor), ammo);
  if (!done.ok) return refused(done, actor, ACTION_ENERGY);
  if (done.value.update !== null) await applyUpdatesBatch([done.value.update]);
  await weapon.update({ "system.ammo.value": done.value.ammo } as never);
  await postStatusCard(
    i18n().format("FRAY.Worldlines.Status.ReloadTitle", { name: actor.name, weapon: weapon.name }),
    [
      {
        text: i18n().format("FRAY.Worldlines.Status.Reloaded", { ammo: done.value.ammo }),
        bad: false,
      },
    ],
    actor,
  );
  return true;
}

export { changeStance } from "./stance.ts";

/**
 * A recovery attempt against one of the actor's statuses, following the recovery table: a Spirit
 * check by the actor, or a Medicine check by the actor treating itself (Bleeding, Blinded,
 * Poisoned). A pass removes the status.
 */
/** Rolls the actor's recovery check; resolves to whether the status ended. */
export async function recoveryCheck(
  actor: Actor.Implementation,
  statusId: StatusId,
): Promise<boolean> {
  const me = toCombatant(actor);
  const { value: result } = await withDice((dice) =>
    attemptRecovery({ patient: me, status: statusId }, dice, worldlinesOptions()),
  );
  if (!result.ok) return refused(result, actor);
  await applyUpdatesBatch(result.value.updates);
  const status = i18n().localize(`FRAY.Worldlines.Status.${statusId}.Name`);
  const check = result.value.check;
  await postStatusCard(
    i18n().format("FRAY.Worldlines.Status.RecoveryTitle", { name: actor.name, status }),
    [
      {
        text: i18n().format(
          result.value.cured
            ? "FRAY.Worldlines.Status.Recovered"
            : "FRAY.Worldlines.Status.NotRecovered",
          { natural: check?.natural ?? 0, total: check?.total ?? 0, td: check?.td ?? 0, status },
        ),
        bad: !result.value.cured,
      },
    ],
    actor,
  );
  return result.value.cured;
}

/**
 * A skill check of the actor's own (rules/worldlines/skill-check.ts), open (no TD: the card gives
 * the total for the GM to judge): crouched or prone rolls Stealth with advantage, a disabled leg
 * rolls Athletics with disadvantage. Resolves to whether it was rolled.
 */
export async function skillCheck(actor: Actor.Implementation, skill: string): Promise<boolean> {
  const { value: result } = await withDice((dice) =>
    skillCheckRule(toCombatant(actor), skill, null, dice, worldlinesOptions()),
  );
  if (!result.ok) return refused(result, actor);
  const check = result.value;
  const say = i18n();
  const name = say.localize(`FRAY.Worldlines.Actor.Skill.${skill}`);
  const edge = check.advantage
    ? check.disadvantage
      ? "FRAY.Worldlines.Status.SkillEven"
      : "FRAY.Worldlines.Status.SkillAdvantage"
    : check.disadvantage
      ? "FRAY.Worldlines.Status.SkillDisadvantage"
      : null;
  const lines = [
    {
      text: say.format(
        check.criticalFailure
          ? "FRAY.Worldlines.Status.SkillFumbled"
          : "FRAY.Worldlines.Status.SkillRolled",
        {
          rolls: check.rolls.join(", "),
          natural: check.natural,
          bonus: check.bonus,
          total: check.total,
        },
      ),
      bad: check.criticalFailure,
    },
    ...(edge === null
      ? []
      : [{ text: say.localize(edge), bad: check.disadvantage && !check.advantage }]),
  ];
  await postStatusCard(
    say.format("FRAY.Worldlines.Status.SkillTitle", { name: actor.name, skill: name }),
    lines,
    actor,
  );
  return true;
}

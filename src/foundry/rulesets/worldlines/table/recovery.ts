/**
 * A recovery attempt against one of the actor's statuses, following the recovery table: a Spirit
 * check by the actor, or a Medicine check by the actor treating itself (Bleeding, Blinded,
 * Poisoned). A pass removes the status. It touches only the actor, so it runs on its owner's
 * client (a card's Recover button, the sheet) and says what happened in a status card.
 */
import { attemptRecovery } from "../../../../rules/worldlines/index.ts";
import type { StatusId } from "../../../../rules/worldlines/index.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { refused } from "../attack/declare.ts";
import { postStatusCard } from "../cards/status-card.ts";

/** Rolls the actor's recovery check; resolves to whether the status ended. */
export async function recoveryCheck(
  actor: Actor.Implementation,
  statusId: StatusId,
): Promise<boolean> {
  const me = toCombatant(actor);
  const { value: result } = await withDice((dice) =>
    attemptRecovery({ patient: me, status: statusId }, dice),
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

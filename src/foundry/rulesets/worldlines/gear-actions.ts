/**
 * Build and Throw at the table (rules/worldlines/gear.ts), both carried out by the referee: the
 * player's client sends an intent (the actor, the item, the targeted actors' ids), the active GM
 * re-reads the documents, re-checks ownership, Energy, range and quantity, rolls, writes every
 * actor change in one batch and posts a card saying what happened.
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../rules/core/result.ts";
import { buildItem, resolveBlast, throwItem } from "../../../rules/worldlines/index.ts";
import { applyUpdatesBatch, toCombatant } from "./adapter.ts";
import { warnRefusal } from "./attack/workflow.ts";
import { postStatusCard } from "./cards/status-card.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { canvasDistance, combatantId, resolveActor, targetedActors } from "../../shared/actors.ts";
import { owns } from "../../shared/cards.ts";
import { isTransportReason, sendIntent } from "../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../shared/referee.ts";

/** The referee's action for Build and Throw. */
export const WORLDLINES_GEAR = "worldlines.gear";

type GearKind = "build" | "throw";

interface GearSystem {
  kind?: string;
  quantity?: number;
  damage?: string;
  deployable?: boolean;
  deployed?: boolean;
  damaged?: boolean;
}

function format(key: string, data: Record<string, string | number> = {}): string {
  return i18n().format(key, data);
}

async function request(
  kind: GearKind,
  actor: Actor.Implementation,
  item: Item.Implementation,
  targets: readonly Actor.Implementation[],
): Promise<boolean> {
  const outcome = await sendIntent(WORLDLINES_GEAR, {
    kind,
    actorId: combatantId(actor),
    itemId: item.id ?? "",
    targetIds: targets.map((t) => combatantId(t)),
  });
  if (outcome.ok) return true;
  if (!isTransportReason(outcome.reason)) warnRefusal(outcome, { name: actor.name });
  return false;
}

/** Build on one of the actor's items: deploys it or repairs it (3 Energy). */
export async function build(actor: Actor.Implementation, item: Item.Implementation) {
  return request("build", actor, item, []);
}

/** Throws a grenade at the targeted tokens: the blast hits every one of them. */
export async function throwGrenade(actor: Actor.Implementation, item: Item.Implementation) {
  return request("throw", actor, item, targetedActors());
}

/** The referee's side: the sender must own the actor (or be a GM); the rest is re-checked here. */
export async function refereeGear(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const { kind, actorId, itemId, targetIds } = (intent.payload ?? {}) as Record<string, unknown>;
  if (kind !== "build" && kind !== "throw") return refuse("badRequest");
  if (typeof actorId !== "string" || typeof itemId !== "string") return refuse("badRequest");
  const ids = Array.isArray(targetIds) ? targetIds : [];
  if (!ids.every((id): id is string => typeof id === "string")) return refuse("badRequest");
  const actor = resolveActor(actorId);
  if (actor === null) return refuse("noSuchTarget");
  if (!(sender.isGM || owns(actor, sender))) return refuse("notAllowed");
  const item = actor.items.contents.find((i) => i.id === itemId);
  if (item === undefined) return refuse("badRequest");
  if (kind === "build") return buildNow(actor, item);
  const targets = ids.map((id) => resolveActor(id));
  if (targets.some((t) => t === null)) return refuse("noSuchTarget");
  return throwNow(actor, item, targets as Actor.Implementation[]);
}

async function buildNow(
  actor: Actor.Implementation,
  item: Item.Implementation,
): Promise<Result<boolean> | Refusal> {
  const s = item.system as unknown as GearSystem;
  const built = buildItem(toCombatant(actor), {
    deployable: s.deployable === true,
    deployed: s.deployed === true,
    damaged: s.damaged === true,
  });
  if (!built.ok) {
    return refuse(
      built.reason === "notEnoughEnergy" ? "actionNotEnoughEnergy" : built.reason,
      built.detail,
    );
  }
  if (built.value.update !== null) await applyUpdatesBatch([built.value.update]);
  const deploy = built.value.does === "deploy";
  await item.update({ [deploy ? "system.deployed" : "system.damaged"]: deploy });
  await postStatusCard(
    format(deploy ? "FRAY.Worldlines.Status.DeployTitle" : "FRAY.Worldlines.Status.RepairTitle", {
      name: actor.name,
      item: item.name,
    }),
    [
      {
        text: format("FRAY.Worldlines.Status.TechniqueUsed", { energy: built.value.cost }),
        bad: false,
      },
    ],
    actor,
  );
  return ok(true);
}

async function throwNow(
  actor: Actor.Implementation,
  item: Item.Implementation,
  targets: readonly Actor.Implementation[],
): Promise<Result<boolean> | Refusal> {
  const s = item.system as unknown as GearSystem;
  if (s.kind !== "grenade") return refuse("notAGrenade");
  const aim = targets[0];
  if (aim === undefined) return refuse("noTarget");
  const thrower = toCombatant(actor);
  const thrown = throwItem(thrower, canvasDistance(actor, aim), s.quantity ?? 0);
  if (!thrown.ok) {
    return refuse(
      thrown.reason === "notEnoughEnergy" ? "actionNotEnoughEnergy" : thrown.reason,
      thrown.detail,
    );
  }
  const damage = s.damage ?? "";
  const inBlast = targets.filter((t) => t.id !== actor.id).map((t) => toCombatant(t));
  const blast =
    damage === "" ? null : (await withDice((dice) => resolveBlast(inBlast, damage, dice))).value;
  if (blast !== null && !blast.ok) return blast;
  // The thrower's Energy and every target's health, in one batch.
  await applyUpdatesBatch([
    ...(thrown.value.update === null ? [] : [thrown.value.update]),
    ...(blast?.value.updates ?? []),
  ]);
  await item.update({ "system.quantity": (s.quantity ?? 1) - 1 } as never);
  const names = new Map(targets.map((t) => [combatantId(t), t.name]));
  await postStatusCard(
    format("FRAY.Worldlines.Status.ThrowTitle", { name: actor.name, item: item.name }),
    blast === null
      ? [{ text: format("FRAY.Worldlines.Status.ThrowNoDamage"), bad: false }]
      : blast.value.hits.map((hit) => ({
          text: format("FRAY.Worldlines.Status.BlastHit", {
            name: names.get(hit.id) ?? hit.id,
            damage: blast.value.damage,
            armor: hit.armor,
            lost: hit.lost,
          }),
          bad: hit.lost > 0,
        })),
    actor,
  );
  return ok(true);
}

/**
 * Build and Throw at the table (rules/worldlines/gear.ts), both carried out by the referee through
 * the card protocol: the player's client declares (the actor, the item, and for a throw where it
 * lands: a targeted token or the point the player placed the blast's preview on,
 * scene/placement.ts), the active GM re-reads the documents, re-checks ownership, the turn,
 * Energy and quantity, and for a throw measures on the scene itself: the throw's range to the
 * point of impact, and who stands in the blast (scene/area-effect.ts). No list of victims from
 * the request is read. It rolls, writes every actor change in one batch, posts one status card
 * for everyone in the blast and marks the blast on the scene as a Region until the turn changes
 * (the book's blast is instant: nothing lingers).
 */
import { refuse } from "../../../../rules/core/result.ts";
import {
  buildItem,
  resolveBlast,
  throwItem,
  throwRangeOf,
} from "../../../../rules/worldlines/index.ts";
import type { WorldlinesCombatant } from "../../../../rules/worldlines/index.ts";
import { resolveActor, withinReach } from "../../../shared/actors.ts";
import { actorsInArea, drawArea, measureArea } from "../../../scene/area-effect.ts";
import type { AreaSpec } from "../../../scene/areas.ts";
import { placeArea } from "../../../scene/placement.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { centerOf, distanceOn, tokenOf, tokenOn } from "../../../shared/scene.ts";
import type { Point } from "../../../shared/scene.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { DEFAULT_BLAST_FEET } from "../data.ts";
import { worldlinesOptions } from "../settings.ts";
import { ACTION_ENERGY, actorDeclaration, declareFor, named, posted } from "./kit.ts";

export const BUILD_KIND = "worldlines.build";
export const THROW_KIND = "worldlines.throw";

interface GearSystem {
  kind?: string;
  quantity?: number;
  damage?: string;
  blast?: number;
  deployable?: boolean;
  deployed?: boolean;
  damaged?: boolean;
}

function format(key: string, data: Record<string, string | number> = {}): string {
  return i18n().format(key, data);
}

/** Where a throw lands: on a token (by its actor's id) or on a point of the thrower's scene. */
export type Aim = { readonly targetId: string } | { readonly point: Point };

function parseAim(raw: unknown): Aim | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { targetId, point } = raw as { targetId?: unknown; point?: unknown };
  if (typeof targetId === "string") return { targetId };
  const { x, y } = (point ?? {}) as { x?: unknown; y?: unknown };
  return typeof x === "number" && Number.isFinite(x) && typeof y === "number" && Number.isFinite(y)
    ? { point: { x, y } }
    : null;
}

const itemIdOf = (raw: Readonly<Record<string, unknown>>) =>
  typeof raw["itemId"] === "string" ? { itemId: raw["itemId"] } : null;

/* ------------------------------------------------------------------------------------------ */
/*  Build                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/** Build on one of the actor's items: deploys it or repairs it (3 Energy). */
export function build(actor: Actor.Implementation, item: Item.Implementation): Promise<boolean> {
  return declareFor(BUILD_KIND, actor, { itemId: item.id ?? "" });
}

async function buildNow(actor: Actor.Implementation, itemId: string): Promise<RefereeOutcome> {
  const item = actor.items.contents.find((i) => i.id === itemId);
  if (item === undefined) return refuse("badRequest");
  const s = item.system as unknown as GearSystem;
  const built = buildItem(toCombatant(actor), {
    deployable: s.deployable === true,
    deployed: s.deployed === true,
    damaged: s.damaged === true,
  });
  if (!built.ok) return named(built, actor, ACTION_ENERGY);
  if (built.value.update !== null) await applyUpdatesBatch([built.value.update]);
  const deploy = built.value.does === "deploy";
  await item.update({ [deploy ? "system.deployed" : "system.damaged"]: deploy });
  const title = deploy
    ? "FRAY.Worldlines.Status.DeployTitle"
    : "FRAY.Worldlines.Status.RepairTitle";
  return posted(
    await postStatusCard(
      format(title, { name: actor.name, item: item.name }),
      [
        {
          text: format("FRAY.Worldlines.Status.TechniqueUsed", { energy: built.value.cost }),
          bad: false,
        },
      ],
      actor,
    ),
  );
}

export const buildDeclaration = actorDeclaration<{ itemId: string }>({
  kind: BUILD_KIND,
  parse: itemIdOf,
  act: (actor, { itemId }) => buildNow(actor, itemId),
});

/* ------------------------------------------------------------------------------------------ */
/*  Throw                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/** A grenade's blast, as the book sizes it (the item's radius in feet). */
function blastOf(item: Item.Implementation): AreaSpec {
  const s = item.system as unknown as GearSystem;
  return { kind: "circle", radiusFeet: s.blast ?? DEFAULT_BLAST_FEET };
}

/**
 * Throws a grenade where the player places its blast (scene/placement.ts placeArea: the one
 * targeted token, else a preview of the blast placed within throwing range): the blast catches
 * whoever stands in it, as the referee measures.
 */
export async function throwGrenade(actor: Actor.Implementation, item: Item.Implementation) {
  const range = throwRangeOf(toCombatant(actor), worldlinesOptions());
  const point = await placeArea(actor, blastOf(item), range.ok ? range.value : null);
  return declareFor(THROW_KIND, actor, {
    itemId: item.id ?? "",
    aim: point === null ? null : { point },
  });
}

/** The scene the thrower stands on and the point the throw lands on, or why there is none. */
function impactOf(actor: Actor.Implementation, aim: Aim) {
  const token = tokenOf(actor);
  const scene = token?.parent ?? null;
  if (token === null || scene === null) return refuse("throwNeedsScene");
  if ("point" in aim) return { ok: true as const, scene, from: centerOf(token), impact: aim.point };
  const target = resolveActor(aim.targetId);
  const landsOn = target === null ? null : tokenOn(scene, target);
  if (target === null || landsOn === null || !withinReach(actor, target)) {
    return refuse("notATarget", { target: target?.name ?? "" });
  }
  return { ok: true as const, scene, from: centerOf(token), impact: centerOf(landsOn) };
}

/** Every actor a blast catches, once each, as the rules see them. */
function victimsOf(actors: readonly Actor.Implementation[]): WorldlinesCombatant[] {
  const seen = new Map<string, WorldlinesCombatant>();
  for (const actor of actors) {
    const combatant = toCombatant(actor);
    if (!seen.has(combatant.id)) seen.set(combatant.id, combatant);
  }
  return [...seen.values()];
}

async function throwNow(
  actor: Actor.Implementation,
  { itemId, aim }: { itemId: string; aim: Aim | null },
): Promise<RefereeOutcome> {
  const item = actor.items.contents.find((i) => i.id === itemId);
  if (item === undefined) return refuse("badRequest");
  const s = item.system as unknown as GearSystem;
  if (s.kind !== "grenade") return refuse("notAGrenade");
  if (aim === null) return refuse("noTarget");
  if (!isActorsTurn(actor)) return refuse("notYourTurn");
  const where = impactOf(actor, aim);
  if (!where.ok) return where;
  const feet = distanceOn(where.scene, where.from, where.impact);
  const thrown = throwItem(toCombatant(actor), feet, s.quantity ?? 0, worldlinesOptions());
  if (!thrown.ok) return named(thrown, actor, ACTION_ENERGY);
  const radius = s.blast ?? DEFAULT_BLAST_FEET;
  // The range was checked by the rule above (the thrower's own reach); here only who is inside.
  const area = measureArea({
    scene: where.scene,
    from: where.from,
    at: where.impact,
    spec: blastOf(item),
    rangeFeet: null,
  });
  if (!area.ok) return area;
  const victims = victimsOf(actorsInArea(area.value.tokens));
  const damage = s.damage ?? "";
  const blast =
    damage === "" ? null : (await withDice((dice) => resolveBlast(victims, damage, dice))).value;
  if (blast !== null && !blast.ok) return blast;
  // The thrower's Energy and every victim's health, in one batch.
  await applyUpdatesBatch([
    ...(thrown.value.update === null ? [] : [thrown.value.update]),
    ...(blast?.value.updates ?? []),
  ]);
  await item.update({ "system.quantity": (s.quantity ?? 1) - 1 } as never);
  const names = new Map(victims.map((v) => [v.id, v.name]));
  const lines =
    blast === null
      ? [{ text: format("FRAY.Worldlines.Status.ThrowNoDamage"), bad: false }]
      : [
          {
            text: format("FRAY.Worldlines.Status.BlastRoll", {
              formula: damage,
              damage: blast.value.damage,
              radius,
            }),
            bad: false,
          },
          ...blast.value.hits.map((hit) => ({
            text: format("FRAY.Worldlines.Status.BlastHit", {
              name: names.get(hit.id) ?? hit.id,
              damage: blast.value.damage,
              armor: hit.armor,
              lost: hit.lost,
            }),
            bad: hit.lost > 0,
          })),
        ];
  const title = format("FRAY.Worldlines.Status.ThrowTitle", { name: actor.name, item: item.name });
  const card = await postStatusCard(title, lines, actor);
  await drawArea(where.scene, area.value.shape, { name: item.name, actor, lingers: false });
  return posted(card);
}

export const throwDeclaration = actorDeclaration<{ itemId: string; aim: Aim | null }>({
  kind: THROW_KIND,
  parse: (raw) => {
    const item = itemIdOf(raw);
    const aim = raw["aim"] === null || raw["aim"] === undefined ? null : parseAim(raw["aim"]);
    if (item === null || (aim === null && raw["aim"] !== null && raw["aim"] !== undefined)) {
      return null;
    }
    return { ...item, aim };
  },
  act: (actor, intent) => throwNow(actor, intent),
});

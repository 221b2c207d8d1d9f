/**
 * A Freelancers attack with a shape (the book's cone, line and radius): the weapon's `shape`
 * (data.ts). The player places the shape (scene/placement.ts: a cone or a line points from the
 * wielder's token towards the point and reaches the shape's range; a radius lands on a point
 * within the weapon's range or reach); the referee (scene/area-effect.ts) measures the point
 * again and who stands inside with the rules' shape code, never a list from the request, and
 * attacks each of them on its own dice for the one action the attack costs:
 *
 * - the cone is as wide as it is long at its end (an opening of 2·atan(½), about 53°); the line
 *   is the world's line width (setting `shapes.lineWidth`, the book gives none); the radius is
 *   measured as the scene's grid counts;
 * - the wielder is never in its own area; a target the walls give full cover from is not hit
 *   (no line of effect), lesser cover counts as for any attack (scene.ts);
 * - the GM rolls every defense at once (a defender has no choice to make: a Dodge is already in
 *   the ledger), writes all the damage and the weapon's fumbles in one batch and posts one card
 *   for everyone inside; the area stays marked on the scene until the turn changes.
 */
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import { resolveAttack, spendAttack } from "../../../rules/freelancers/attack.ts";
import type { AttackOutcome } from "../../../rules/freelancers/attack.ts";
import { diffWeapon } from "../../../rules/freelancers/changes.ts";
import type { FreelancersUpdate } from "../../../rules/freelancers/changes.ts";
import type { FreelancersWeapon } from "../../../rules/freelancers/model.ts";
import { answerWithCard, cardDeclaration, declareCard, reportCard } from "../../cards/protocol.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { actorsInArea, drawArea, measureArea } from "../../scene/area-effect.ts";
import type { AreaSpec } from "../../scene/areas.ts";
import { placeArea } from "../../scene/placement.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import { owns } from "../../shared/cards.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { serializedBy } from "../../shared/referee.ts";
import type { RefereeOutcome } from "../../shared/referee.ts";
import { centerOf, distanceOn, tokenOf } from "../../shared/scene.ts";
import type { Point } from "../../shared/scene.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import { toFlWeapon, warnFlRefusal } from "./adapter.ts";
import type { FlWeaponSystem } from "./adapter.ts";
import { commitFl, flNow } from "./budget.ts";
import { flScene } from "./scene.ts";
import { flOptions } from "./settings.ts";

/** The kind of the area attack's declaration and of its card. */
export const FL_AREA = "freelancers.area";

const FEET_PER_METER = 1 / 0.3048;
/** A cone as wide as it is long at its end: half a meter either side per meter out. */
export const FL_CONE_ANGLE = (2 * Math.atan(0.5) * 180) / Math.PI;

/** The weapon's area as the book shapes it, and how far away it may be placed; null: none. */
export function flAreaOf(item: Item.Implementation): { spec: AreaSpec; rangeFeet: number } | null {
  const s = item.system as unknown as FlWeaponSystem;
  const kind = s.shape?.kind ?? "none";
  const feet = (s.shape?.range ?? 0) * FEET_PER_METER;
  if (!(feet > 0)) return null;
  const reach = (s.kind === "ranged" ? s.range.max : s.reach) * FEET_PER_METER;
  switch (kind) {
    case "cone":
      return { spec: { kind: "cone", lengthFeet: feet, angle: FL_CONE_ANGLE }, rangeFeet: feet };
    case "line":
      return {
        spec: {
          kind: "line",
          lengthFeet: feet,
          widthFeet: flOptions().shapes.lineWidth * FEET_PER_METER,
        },
        rangeFeet: feet,
      };
    case "radius":
      return { spec: { kind: "circle", radiusFeet: feet }, rangeFeet: reach };
    default:
      return null;
  }
}

interface AreaIntent {
  readonly attackerId: string;
  readonly weaponId: string;
  readonly point: Point;
}

/**
 * Attacks with a shaped weapon: the player places its area, the referee attacks everyone in it.
 * Resolves to its card, or null (a refusal is warned; a cancelled placement is quiet).
 */
export async function flAreaAttack(
  actor: Actor.Implementation,
  item: Item.Implementation,
): Promise<ChatMessage.Implementation | null> {
  const area = flAreaOf(item);
  if (area === null) return null;
  const point = await placeArea(actor, area.spec, area.rangeFeet);
  if (point === null) return null;
  const outcome = await declareCard(FL_AREA, {
    attackerId: combatantId(actor),
    weaponId: item.id ?? "",
    point,
  });
  return outcome.ok ? (game.messages?.get(String(outcome.value)) ?? null) : null;
}

function parseIntent(raw: unknown): AreaIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { attackerId, weaponId, point } = raw as Record<string, unknown>;
  const { x, y } = (point ?? {}) as { x?: unknown; y?: unknown };
  const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
  if (typeof attackerId !== "string" || typeof weaponId !== "string") return null;
  return finite(x) && finite(y) ? { attackerId, weaponId, point: { x, y } } : null;
}

/** One target's line on the card. */
interface AreaRow {
  readonly name: string;
  readonly text: string;
  readonly hit: boolean;
}

function rowOf(name: string, outcome: AttackOutcome | null, healthBefore: number): AreaRow {
  const loc = i18n();
  if (outcome === null) {
    return { name, text: loc.localize("FRAY.Freelancers.Area.FullCover"), hit: false };
  }
  if (!outcome.hit) return { name, text: loc.localize("FRAY.Freelancers.Area.Missed"), hit: false };
  return {
    name,
    text: loc.format("FRAY.Freelancers.Area.Hit", {
      dealt: outcome.damage?.dealt ?? 0,
      before: healthBefore,
      after: outcome.defender.health.value,
    }),
    hit: true,
  };
}

function cardHtml(title: string, rows: readonly AreaRow[]): string {
  const escape = foundry.utils.escapeHTML;
  const body =
    rows.length === 0
      ? `<p>${escape(i18n().localize("FRAY.Freelancers.Area.Nobody"))}</p>`
      : `<ul>${rows
          .map(
            (r) =>
              `<li class="${r.hit ? "fray-hit" : "fray-miss"}"><strong>${escape(r.name)}</strong>: ${escape(r.text)}</li>`,
          )
          .join("")}</ul>`;
  return `<div class="fray-card fray-fl-area"><h3>${escape(title)}</h3>${body}</div>`;
}

async function attackArea(
  actor: Actor.Implementation,
  intent: AreaIntent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const item = actor.items.contents.find((i) => i.id === intent.weaponId);
  const area = item === undefined ? null : flAreaOf(item);
  if (item === undefined || area === null) return refuse("badRequest");
  if (!isActorsTurn(actor)) return refuse("notYourTurn", { name: actor.name });
  const token = tokenOf(actor);
  const scene = token?.parent ?? null;
  if (token === null || scene === null) return refuse("noSuchTarget");
  const from = centerOf(token);
  const measured = measureArea({ scene, from, at: intent.point, ...area });
  if (!measured.ok) return measured;
  const attacker = flNow(actor);
  const spent = spendAttack(attacker, "base");
  if (!spent.ok) return spent;
  const options = flOptions();
  const weaponAtStart = toFlWeapon(item);
  let weapon: FreelancersWeapon = weaponAtStart;
  const updates: FreelancersUpdate[] = [];
  const rows: AreaRow[] = [];
  const rolls: Roll[] = [];
  for (const target of actorsInArea(measured.value.tokens)) {
    if (target === actor) continue;
    const defender = flNow(target);
    const seen = flScene(actor, target);
    if (seen !== null && seen.cover === null) {
      rows.push(rowOf(target.name, null, defender.health.value));
      continue;
    }
    const at = tokenOf(target);
    const meters = at === null ? null : distanceOn(scene, from, centerOf(at), "m");
    const situation = {
      as: "base" as const,
      cover: seen?.cover?.value ?? "none",
      defenderSees: seen?.seen.value ?? true,
      distance: meters ?? 0,
    };
    const input = { attacker, defender, weapon, situation };
    const rolled = await withDice((dice) => resolveAttack(input, dice, options));
    const outcome = rolled.value;
    if (!outcome.ok) return refuse(outcome.reason, { ...outcome.detail, name: target.name });
    rolls.push(...rolled.rolls);
    weapon = outcome.value.weapon;
    updates.push(
      ...outcome.value.updates.filter((u) => u.actorId === defender.id && u.itemId === undefined),
    );
    rows.push(rowOf(target.name, outcome.value, defender.health.value));
  }
  const worn = diffWeapon(attacker.id, weaponAtStart, weapon);
  await commitFl([...updates, ...(worn ? [worn] : [])], [{ actor, value: spent.value }]);
  const title = i18n().format("FRAY.Freelancers.Area.Title", {
    name: actor.name,
    weapon: item.name,
    shape: i18n().localize(
      `FRAY.Freelancers.Shape.${area.spec.kind === "circle" ? "radius" : area.spec.kind}`,
    ),
  });
  const posted = await answerWithCard(
    FL_AREA,
    {
      actor,
      content: cardHtml(title, rows),
      rolls,
      flags: { [SYSTEM_ID]: { flArea: { rows } } },
    },
    sender,
  );
  await drawArea(scene, measured.value.shape, { name: item.name, actor, lingers: false });
  return posted;
}

/** The referee's side: the sender owns the attacker; one attack per attacker at a time. */
export const flAreaDeclaration = cardDeclaration<AreaIntent>({
  kind: FL_AREA,
  parse: parseIntent,
  referee(intent, sender): Promise<RefereeOutcome> {
    const actor = resolveActor(intent.attackerId);
    if (actor === null) return Promise.resolve(refuse("noSuchTarget"));
    if (!(sender.isGM || owns(actor, sender))) return Promise.resolve(refuse("notAllowed"));
    return serializedBy(`${SYSTEM_ID}.attacker.${intent.attackerId}`, () =>
      attackArea(actor, intent, sender),
    );
  },
  warn: (refusal: Refusal) => {
    warnFlRefusal(refusal);
  },
});

/** The area attack's card: a report, nothing to press. */
export const flAreaCard = reportCard(FL_AREA, "flArea", (refusal) => {
  warnFlRefusal(refusal);
});

/**
 * An area of effect, the referee's side (the player's is placement.ts): from the point the player
 * placed and the user's token as the scene stores it now, the GM measures the range again, makes
 * the book's shape (areas.ts areaShapeAt) and asks the rules' shape code who stands in it; no
 * list of victims is ever read from a request. Every ruleset's area goes through here and posts
 * one card for everyone inside.
 *
 * The area is drawn on the scene as a core Region (MeasuredTemplate leaves in v14), by the GM
 * (core lets only the GM and assistants create Regions), flagged `flags.fray.area`:
 * - an instant area (a grenade's blast, a cone of fire) is only a mark of where it landed: the
 *   active GM removes it when its combat's turn changes (`combatTurnChange`; outside a combat it
 *   stays until the GM deletes it, as any Region);
 * - a lingering area (`lingers`: smoke, a cloud) stays until the GM deletes it.
 */
import { refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import type { AreaShape } from "../../rules/scene/index.ts";
import { SYSTEM_ID } from "../constants.ts";
import { fightOf } from "../combat/ledger.ts";
import { isActiveGM } from "../shared/referee.ts";
import { distanceOn } from "../shared/scene.ts";
import type { Point, SceneToken } from "../shared/scene.ts";
import { areaShapeAt, regionShapesOf, tokensInArea } from "./areas.ts";
import { registerSceneSettings } from "./settings.ts";
import type { AreaSpec } from "./areas.ts";

/** One use of an area, as the referee reads it. */
export interface AreaUse {
  readonly scene: Scene.Implementation;
  /** The user's token's centre (a cone or a line starts there). */
  readonly from: Point;
  /** The point the player placed. */
  readonly at: Point;
  readonly spec: AreaSpec;
  /** The farthest the point may be from the user, in feet; null: anywhere. */
  readonly rangeFeet: number | null;
}

export interface MeasuredArea {
  readonly shape: AreaShape;
  /** The tokens standing in it, in the scene's order. */
  readonly tokens: readonly SceneToken[];
  /** Feet from the user to the point (null: the scene's units cannot be read). */
  readonly feet: number | null;
}

/**
 * A distance and a range given in feet, said in the scene's own units (meters on a metric
 * scene, else feet), rounded to a tenth: what a refusal or a warning shows.
 */
export function inSceneUnits(
  scene: Scene.Implementation,
  feet: number,
  rangeFeet: number,
): { distance: number; range: number; units: string } {
  const metric = scene.grid.units === "m";
  const say = (f: number) => Math.round((metric ? f * 0.3048 : f) * 10) / 10;
  return { distance: say(feet), range: say(rangeFeet), units: metric ? "m" : "ft" };
}

/** The area measured by the referee, or why it cannot land there. */
export function measureArea(use: AreaUse): { ok: true; value: MeasuredArea } | Refusal {
  const feet = distanceOn(use.scene, use.from, use.at);
  if (use.rangeFeet !== null && feet !== null && feet > use.rangeFeet) {
    return refuse("areaOutOfRange", inSceneUnits(use.scene, feet, use.rangeFeet));
  }
  const shape = areaShapeAt(use.scene, use.at, use.spec, use.from);
  if (shape === null) return refuse("areaNotMeasured");
  return { ok: true, value: { shape, tokens: tokensInArea(use.scene, shape), feet } };
}

/** The actors standing in the area, once each (a token without an actor is passed over). */
export function actorsInArea(tokens: readonly SceneToken[]): Actor.Implementation[] {
  const seen = new Set<Actor.Implementation>();
  for (const token of tokens) if (token.actor !== null) seen.add(token.actor);
  return [...seen];
}

/** What `flags.fray.area` holds on a Region Fray drew. */
export interface AreaFlag {
  readonly actorId: string;
  readonly lingers: boolean;
  /** The combat it was made in (an instant area goes when that combat's turn changes). */
  readonly combatId: string | null;
}

/** Whose area colour: the user's own, else a neutral one. */
const AREA_COLOR = "#dd6633";

/**
 * Draws the area on the scene as a Region (the GM's client); its id, or null when the write
 * failed (the area has been measured already: the card is posted all the same).
 */
export async function drawArea(
  scene: Scene.Implementation,
  shape: AreaShape,
  options: { name: string; actor: Actor.Implementation; lingers: boolean },
): Promise<string | null> {
  const flag: AreaFlag = {
    actorId: options.actor.id ?? "",
    lingers: options.lingers,
    combatId: fightOf(options.actor)?.combat.id ?? null,
  };
  const data = {
    name: options.name,
    color: AREA_COLOR,
    shapes: regionShapesOf(shape, scene.grid.size),
    flags: { [SYSTEM_ID]: { area: flag } },
  };
  try {
    const made = await scene.createEmbeddedDocuments("Region", [data as never]);
    return made?.[0]?.id ?? null;
  } catch {
    return null;
  }
}

function areaFlagOf(region: { flags?: unknown }): AreaFlag | null {
  const flags = region.flags as Record<string, Record<string, unknown> | undefined> | undefined;
  const area = flags?.[SYSTEM_ID]?.["area"];
  return typeof area === "object" && area !== null ? (area as AreaFlag) : null;
}

/**
 * The active GM removes the instant areas made in a combat when its turn changes (on any scene:
 * a combat need not be linked to the scene it is fought on).
 */
async function expireAreas(combat: Combat.Implementation): Promise<void> {
  if (!isActiveGM()) return;
  for (const scene of game.scenes?.contents ?? []) {
    const ids = scene.regions.contents
      .filter((region) => {
        const flag = areaFlagOf(region);
        return flag !== null && !flag.lingers && flag.combatId === combat.id;
      })
      .map((region) => region.id ?? "");
    if (ids.length > 0) await scene.deleteEmbeddedDocuments("Region", ids);
  }
}

/** The scene's settings and the instant areas' removal (init). */
export function registerSceneAreas(): void {
  registerSceneSettings();
  Hooks.on("combatTurnChange", (combat) => {
    void expireAreas(combat);
  });
}

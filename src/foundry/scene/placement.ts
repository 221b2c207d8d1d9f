/**
 * Placing an area on the map, the player's side (the referee measures everything again,
 * area-effect.ts): the one function that says where an area goes, so the shape can later be made
 * another way (core v14's own Region placement) without touching a ruleset.
 *
 * `pickArea` shows a preview of the area at its true size, drawn from the same core Region shape
 * data the referee would draw (areas.ts regionShapesOf), following the pointer on the canvas,
 * snapped to the centre of a space (a square's or a hex's; free on a gridless scene); a cone or a line points from the user's token towards the
 * pointer. The range from the token to the point is measured on the scene as it moves: beyond it
 * the preview turns red and a click says so and keeps placing. A left click places it, a right
 * click cancels. Core's canvas (v13): `canvas.stage` emits PIXI federated pointer events
 * (`pointermove`, `pointerdown` with `button` 0 or 2 and `getLocalPosition(canvas.stage)`), and
 * `canvas.regions.preview` is the Region layer's container for previews (PlaceablesLayer#preview).
 *
 * `placeArea` is what a ruleset calls: the one token the user targets, when there is one, is the
 * point (a quick aim at someone; the referee measures the range to it all the same); else the
 * preview on the canvas; null when nothing was placed.
 */
import { inSceneUnits } from "./area-effect.ts";
import { areaShapeAt, regionShapesOf } from "./areas.ts";
import type { AreaSpec } from "./areas.ts";
import { targetedActors } from "../shared/actors.ts";
import { i18n } from "../shared/env.ts";
import { centerOf, distanceOn, tokenOf, tokenOn } from "../shared/scene.ts";
import type { Point } from "../shared/scene.ts";

/** What the user places: the area, from where (the user's token), how far it may go (feet). */
export interface AreaRequest {
  readonly scene: Scene.Implementation;
  readonly origin: Point;
  readonly spec: AreaSpec;
  /** The farthest the point may be from the origin, in feet; null: anywhere on the scene. */
  readonly rangeFeet: number | null;
}

/** The part of a core federated pointer event the placement reads. */
interface PointerEvent {
  readonly button?: number;
  getLocalPosition(container: unknown): { x: number; y: number };
}

type Listener = (event: PointerEvent) => void;

/** The part of core's canvas the placement uses. */
interface PlacementCanvas {
  readonly ready?: boolean;
  readonly stage?: {
    on(event: string, fn: Listener): unknown;
    off(event: string, fn: Listener): unknown;
  };
  readonly regions?: { readonly preview?: { addChild(child: unknown): unknown } };
}

/** The preview's colours: in range, out of range. */
const COLOR = { ok: 0x3388ff, far: 0xdd3333 } as const;

function boardCanvas(): PlacementCanvas | null {
  const board = (globalThis as { canvas?: PlacementCanvas }).canvas;
  return board?.ready === true && board.stage !== undefined && board.regions?.preview !== undefined
    ? board
    : null;
}

/** Core CONST.GRID_SNAPPING_MODES.CENTER. */
const SNAP_CENTER = 1;

/**
 * Where a point places the area: the centre of the grid space it falls in, as the scene's grid
 * snaps it (core v13 BaseGrid#getSnappedPoint: a square's or a hex's centre), or the point itself
 * on a gridless scene (core's GridlessGrid does not snap).
 */
function snapped(scene: Scene.Implementation, p: Point): Point {
  const at = scene.grid.getSnappedPoint({ x: p.x, y: p.y }, { mode: SNAP_CENTER });
  return { x: at.x, y: at.y };
}

/** Whether the point is within the request's range (a scene whose units cannot be read: yes). */
export function inRange(request: AreaRequest, point: Point): boolean {
  if (request.rangeFeet === null) return true;
  const feet = distanceOn(request.scene, request.origin, point);
  return feet === null || feet <= request.rangeFeet;
}

/** Draws the area at a point into the preview graphics, at its true size. */
function drawPreview(graphics: PIXI.Graphics, request: AreaRequest, point: Point): void {
  const shape = areaShapeAt(request.scene, point, request.spec, request.origin);
  const color = inRange(request, point) ? COLOR.ok : COLOR.far;
  graphics.clear();
  if (shape === null) return;
  graphics.lineStyle(2, color, 0.9);
  graphics.beginFill(color, 0.2);
  for (const data of regionShapesOf(shape, request.scene.grid.size)) {
    if (data.type === "circle") graphics.drawCircle(data.x, data.y, data.radius);
    else if (data.type === "polygon") graphics.drawPolygon(data.points);
    else graphics.drawRect(data.x, data.y, data.width, data.height);
  }
  graphics.endFill();
}

/**
 * The user places the area with the pointer: the point (a space's centre) or null when cancelled
 * or when there is no canvas to place it on.
 */
export function pickArea(request: AreaRequest): Promise<Point | null> {
  const board = boardCanvas();
  const stage = board?.stage;
  const layer = board?.regions?.preview;
  if (board === null || stage === undefined || layer === undefined) return Promise.resolve(null);
  const graphics = new PIXI.Graphics();
  layer.addChild(graphics);
  drawPreview(graphics, request, request.origin);
  return new Promise((resolve) => {
    const at = (event: PointerEvent) => snapped(request.scene, event.getLocalPosition(stage));
    const move: Listener = (event) => {
      drawPreview(graphics, request, at(event));
    };
    const done = (point: Point | null) => {
      stage.off("pointermove", move);
      stage.off("pointerdown", down);
      graphics.destroy();
      resolve(point);
    };
    const down: Listener = (event) => {
      if ((event.button ?? 0) === 2) {
        done(null);
        return;
      }
      const point = at(event);
      if (inRange(request, point)) {
        done(point);
        return;
      }
      const feet = distanceOn(request.scene, request.origin, point) ?? 0;
      ui.notifications?.warn(
        i18n().format(
          "FRAY.Scene.Area.OutOfRange",
          inSceneUnits(request.scene, feet, request.rangeFeet ?? 0),
        ),
      );
    };
    stage.on("pointermove", move);
    stage.on("pointerdown", down);
  });
}

/**
 * Where the actor's area goes: the one targeted token's centre, else the point the user places on
 * the canvas (pickArea); null when neither.
 */
export async function placeArea(
  actor: Actor.Implementation,
  spec: AreaSpec,
  rangeFeet: number | null,
): Promise<Point | null> {
  const token = tokenOf(actor);
  const scene = token?.parent ?? null;
  if (token === null || scene === null) return null;
  const targets = targetedActors();
  const target = targets.length === 1 ? targets[0] : undefined;
  const on = target === undefined ? null : tokenOn(scene, target);
  if (on !== null) return centerOf(on);
  return pickArea({ scene, origin: centerOf(token), spec, rangeFeet });
}

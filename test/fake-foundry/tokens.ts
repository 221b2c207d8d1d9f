/**
 * Scenes with tokens, for shell code that asks where an actor stands and measures on the map,
 * installed by `installTokenFakes(fake)` after `installFakeFoundry()`. It copies what core v13
 * gives Fray:
 * - `game.scenes`: the world's scenes, a collection (`contents`);
 * - `Scene#tokens`: the scene's TokenDocuments (a collection), each with its `id`, `actorId`,
 *   `actorLink` (a linked token stands for its world actor), `actor`, `parent` (its scene), `x`
 *   and `y` (its top-left corner in pixels), `width` and `height` (in grid spaces),
 *   `disposition`, `getCenterPoint()` (its centre in pixels) and `getOccupiedGridSpaceOffsets()`
 *   (core v13: the grid spaces `{i: row, j: column}` it covers, here every space of its width and
 *   height from its top-left corner, as core's square grid gives for a token of whole spaces);
 * - `Scene#grid`: the scene's grid (a `foundry.grid.BaseGrid`: `size` in pixels, the `distance`
 *   and `units` of one space) and its `measurePath(waypoints, options)`: on a square grid with the
 *   default diagonal rule (equidistant), the spaces moved (a diagonal step counts one) times
 *   `distance`, in the scene's units;
 * - `Actor#getDependentTokens({scenes, linked})`: a world actor's tokens across the world's scenes
 *   (only those linked to it with `linked: true`), limited to `scenes` when given.
 * Tokens placed here are linked to their actor (an unlinked token's own actor is not made here).
 */
import { Collection } from "./collection.ts";
import { Actor } from "./documents.ts";
import type { FakeFoundry } from "./index.ts";
import { makeRegion, makeWall } from "./walls.ts";
import { withRegionWrites } from "./regions.ts";
import type { FakeRegionDocument, FakeWallDocument, RegionShapeInput } from "./walls.ts";

interface Point {
  x: number;
  y: number;
}

export interface FakeTokenDocument {
  readonly id: string;
  readonly actorId: string;
  readonly actorLink: boolean;
  readonly actor: unknown;
  readonly parent: FakeScene;
  x: number;
  y: number;
  width: number;
  height: number;
  disposition: number;
  /** Core TokenDocument#elevation, in the scene's units (default 0). */
  elevation: number;
  /** Core TokenDocument#movementHistory: recorded waypoints (none until the token moves in combat). */
  movementHistory: unknown[];
  getCenterPoint(data?: { x?: number; y?: number }): Point;
  getOccupiedGridSpaceOffsets(): { i: number; j: number }[];
}

export interface FakeGrid {
  /** Core CONST.GRID_TYPES (GRID_TYPES here): gridless, square or a hex grid. */
  readonly type: number;
  readonly isGridless: boolean;
  readonly isSquare: boolean;
  readonly isHexagonal: boolean;
  readonly size: number;
  readonly distance: number;
  readonly units: string;
  measurePath(waypoints: Point[], options?: object): { distance: number; spaces: number };
  /** Core BaseGrid#getSnappedPoint (see snappedPoint). */
  getSnappedPoint(point: Point, behavior: { mode: number; resolution?: number }): Point;
}

/**
 * Core CONST.GRID_TYPES: no grid, squares, and rows of pointy-topped hexes with the odd rows
 * shoved half a space right (HEXODDR). The other hex layouts are not faked.
 */
export const GRID_TYPES = { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2 } as const;

/** Core CONST.GRID_SNAPPING_MODES.CENTER: the centre of the grid space a point falls in. */
export const SNAP_CENTER = 1;

/**
 * Core v13 BaseGrid#getSnappedPoint(point, {mode}) for the modes the fake knows: mode 0 and any
 * gridless scene (GridlessGrid) give the point itself; CENTER gives the centre of the space the
 * point falls in: on squares the square's centre; on a HEXODDR grid (HexagonalGrid, rows: a hex
 * `size` wide and 2/√3 of it high, rows 3/4 of a hex apart, odd rows shifted half a hex right,
 * centre of offset (i, j) at x = (j + ½ on odd rows) · size, y = (2/√3)(¾ i + ½) · size) the
 * nearest hex centre, which is the centre of the hex the point is in.
 */
function snappedPoint(type: number, size: number, point: Point, mode: number): Point {
  if (mode === 0 || type === GRID_TYPES.GRIDLESS) return { x: point.x, y: point.y };
  if (mode !== SNAP_CENTER)
    throw new Error(`the fake grid snaps only to centres (mode ${String(mode)})`);
  if (type === GRID_TYPES.SQUARE) {
    return {
      x: (Math.floor(point.x / size) + 0.5) * size,
      y: (Math.floor(point.y / size) + 0.5) * size,
    };
  }
  const high = size * (2 / Math.sqrt(3));
  const centre = (i: number, j: number) => ({
    x: (j + (Math.abs(i) % 2 === 1 ? 0.5 : 0)) * size,
    y: (0.75 * i + 0.5) * high,
  });
  const near = Math.round((point.y / high - 0.5) / 0.75);
  let best: Point = centre(near, 0);
  let bestD = Infinity;
  for (let i = near - 1; i <= near + 1; i++) {
    const shift = Math.abs(i) % 2 === 1 ? 0.5 : 0;
    const c = centre(i, Math.round(point.x / size - shift));
    const d = (c.x - point.x) ** 2 + (c.y - point.y) ** 2;
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best;
}

export interface FakeScene {
  readonly id: string;
  readonly name: string;
  readonly grid: FakeGrid;
  readonly tokens: Collection<FakeTokenDocument>;
  /** Core Scene#walls (walls.ts). */
  readonly walls: Collection<FakeWallDocument>;
  /** Core Scene#regions (walls.ts). */
  readonly regions: Collection<FakeRegionDocument>;
  /**
   * Core Scene#environment (v12+): `darknessLevel` 0 … 1 (core's default 0, daylight) and
   * `globalLight` (`enabled`, core's default false; `darkness.max`, the darkest level it lights,
   * core's default 1).
   */
  readonly environment: {
    darknessLevel: number;
    globalLight: { enabled: boolean; darkness: { min: number; max: number } };
  };
  /** Core Scene#lights: AmbientLightDocuments (`x`, `y` in pixels, `config.dim/bright`, `walls`, `hidden`). */
  readonly lights: Collection<FakeLightDocument>;
}

/** Core AmbientLightDocument's fields the shell reads (core defaults: walls true, hidden false). */
export interface FakeLightDocument {
  readonly id: string;
  x: number;
  y: number;
  walls: boolean;
  hidden: boolean;
  config: { dim: number; bright: number };
}

/** Where a token stands: a square (column, row) of its scene's grid. */
export interface Square {
  readonly col: number;
  readonly row: number;
}

let next = 0;

function squareGrid({
  size = 100,
  distance = 5,
  units = "ft",
  type,
}: { size?: number; distance?: number; units?: string; type?: number } = {}): FakeGrid {
  type ??= GRID_TYPES.SQUARE;
  return {
    type,
    isGridless: type === GRID_TYPES.GRIDLESS,
    isSquare: type === GRID_TYPES.SQUARE,
    isHexagonal: type !== GRID_TYPES.GRIDLESS && type !== GRID_TYPES.SQUARE,
    getSnappedPoint: (point, { mode }) => snappedPoint(type, size, point, mode),
    size,
    distance,
    units,
    measurePath(waypoints: Point[]) {
      let spaces = 0;
      for (let i = 1; i < waypoints.length; i++) {
        const from = waypoints[i - 1];
        const to = waypoints[i];
        if (!from || !to) continue;
        spaces += Math.max(
          Math.round(Math.abs(to.x - from.x) / size),
          Math.round(Math.abs(to.y - from.y) / size),
        );
      }
      return { distance: spaces * distance, spaces };
    },
  };
}

export function installTokenFakes(fake: FakeFoundry) {
  const game = fake.game as unknown as { scenes?: Collection<FakeScene> };
  game.scenes ??= new Collection<FakeScene>();
  const scenes = game.scenes;
  Object.defineProperty(Actor.prototype, "getDependentTokens", {
    configurable: true,
    value(
      this: { id: string },
      { scenes: only, linked = false }: { scenes?: FakeScene[]; linked?: boolean } = {},
    ): FakeTokenDocument[] {
      return (only ?? scenes.contents).flatMap((scene) =>
        scene.tokens.filter((t) => t.actorId === this.id && (!linked || t.actorLink)),
      );
    },
  });

  /** Puts a linked token of the actor on the scene, its corner on the square. */
  function placeAt(
    scene: FakeScene,
    actor: { id: string | null; prototypeToken?: { disposition?: number } },
    square: Square = { col: 0, row: 0 },
    options: { disposition?: number; elevation?: number; size?: number } = {},
  ): FakeTokenDocument {
    const size = scene.grid.size;
    const existing = scene.tokens.find((t) => t.actorId === actor.id);
    if (existing !== undefined) {
      existing.x = square.col * size;
      existing.y = square.row * size;
      if (options.disposition !== undefined) existing.disposition = options.disposition;
      if (options.elevation !== undefined) existing.elevation = options.elevation;
      return existing;
    }
    next += 1;
    const token: FakeTokenDocument = {
      id: `token${String(next)}`,
      actorId: actor.id ?? "",
      actorLink: true,
      actor,
      parent: scene,
      x: square.col * size,
      y: square.row * size,
      width: options.size ?? 1,
      height: options.size ?? 1,
      disposition: options.disposition ?? actor.prototypeToken?.disposition ?? -1,
      elevation: options.elevation ?? 0,
      movementHistory: [],
      // Core TokenDocument#getCenterPoint(data): the centre, at `data`'s position where given.
      getCenterPoint(data: { x?: number; y?: number } = {}) {
        const x = data.x ?? this.x;
        const y = data.y ?? this.y;
        return { x: x + (this.width * size) / 2, y: y + (this.height * size) / 2 };
      },
      getOccupiedGridSpaceOffsets() {
        const i = Math.round(this.y / size);
        const j = Math.round(this.x / size);
        const spaces: { i: number; j: number }[] = [];
        for (let r = 0; r < Math.max(1, Math.round(this.height)); r++) {
          for (let c = 0; c < Math.max(1, Math.round(this.width)); c++) {
            spaces.push({ i: i + r, j: j + c });
          }
        }
        return spaces;
      },
    };
    scene.tokens.set(token.id, token);
    return token;
  }

  return {
    /** A new scene of the world, on a square grid (5 ft spaces of 100 px unless given). */
    scene(
      name = "Scene",
      grid?: { size?: number; distance?: number; units?: string; type?: number },
    ): FakeScene {
      next += 1;
      const scene: FakeScene = withRegionWrites({
        id: `scene${String(next)}`,
        name,
        grid: squareGrid(grid),
        tokens: new Collection(),
        walls: new Collection(),
        regions: new Collection(),
        environment: {
          darknessLevel: 0,
          globalLight: { enabled: false, darkness: { min: 0, max: 1 } },
        },
        lights: new Collection(),
      });
      scenes.set(scene.id, scene);
      return scene;
    },
    /** Puts a linked token of each actor on the scene (on its first square). */
    place(scene: FakeScene, ...actors: readonly { id: string | null }[]): void {
      for (const actor of actors) placeAt(scene, actor);
    },
    placeAt,
    /** Takes the actor's tokens off the scene. */
    remove(scene: FakeScene, actor: { id: string | null }): void {
      for (const token of scene.tokens.filter((t) => t.actorId === actor.id)) {
        scene.tokens.delete(token.id);
      }
    },
    /** The centre of a square of the scene, in pixels (a point of impact). */
    center(scene: FakeScene, square: Square): Point {
      const size = scene.grid.size;
      return { x: (square.col + 0.5) * size, y: (square.row + 0.5) * size };
    },
    /** Takes every scene away (between tests). */
    clear(): void {
      scenes.clear();
    },
  };
}

/**
 * One new scene of the world with this grid, and its tokens placed by square: the board a test
 * plays on (see installTokenFakes for what core gives).
 */
export function boardOf(
  fake: FakeFoundry,
  grid: { size?: number; distance?: number; units?: string; type?: number } = {},
) {
  const tokens = installTokenFakes(fake);
  const scene = tokens.scene("Board", grid);
  return {
    scene,
    place: (
      actor: { id: string | null; prototypeToken?: { disposition?: number } },
      square: Square,
      options: { disposition?: number; elevation?: number; size?: number } = {},
    ) => tokens.placeAt(scene, actor, square, options),
    /**
     * A wall from one grid point to another (grid lines: `{col: 2, row: 0}` is the top-left corner
     * of that square), core's plain wall unless `fields` say otherwise (walls.ts).
     */
    wall: (
      from: Square,
      to: Square,
      fields: Partial<Omit<FakeWallDocument, "id" | "documentName" | "c">> = {},
    ) => {
      const size = scene.grid.size;
      const wall = makeWall(
        [from.col * size, from.row * size, to.col * size, to.row * size],
        fields,
      );
      scene.walls.set(wall.id, wall);
      return wall;
    },
    /** A Region with these shapes (in pixels, as core stores them; walls.ts). */
    region: (name: string, shapes: RegionShapeInput[]) => {
      const region = makeRegion(name, shapes);
      scene.regions.set(region.id, region);
      return region;
    },
    remove: (actor: { id: string | null }) => {
      tokens.remove(scene, actor);
    },
    /** The scene's darkness level (core's environment.darknessLevel). */
    darkness: (level: number) => {
      scene.environment.darknessLevel = level;
    },
    /** An AmbientLight at the centre of a square, lighting `dim` scene units around it. */
    light: (square: Square, dim: number, fields: Partial<FakeLightDocument> = {}) => {
      const at = tokens.center(scene, square);
      const id = `light${String(scene.lights.size + 1)}`;
      const light = {
        id,
        ...at,
        walls: true,
        hidden: false,
        config: { dim, bright: 0 },
        ...fields,
      };
      scene.lights.set(id, light);
      return light;
    },
    center: (square: Square) => tokens.center(scene, square),
    /** Takes every scene of the world away (between tests). */
    clear: () => {
      tokens.clear();
    },
  };
}

/** Takes every scene of the world away (between tests). */
export function clearScenes(fake: FakeFoundry): void {
  (fake.game as unknown as { scenes?: Collection<FakeScene> }).scenes?.clear();
}

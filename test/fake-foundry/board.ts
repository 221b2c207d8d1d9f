/**
 * Scenes with tokens on a square grid, for shell code the referee runs from the scene's documents
 * (whatever scene its own canvas shows). It copies what core v13 does for Fray's calls:
 * - `Scene#grid`: the scene's grid (a `foundry.grid.BaseGrid`: `size` in pixels, `distance` and
 *   `units` of one space) and its `measurePath(waypoints, options)`: on a square grid with the
 *   default diagonal rule (equidistant), the spaces moved (a diagonal step counts one) times
 *   `distance`, in the scene's units;
 * - `Scene#tokens`: the scene's TokenDocuments (a core Collection), each with `x`, `y` (its
 *   top-left corner in pixels), `width` and `height` (in grid spaces), `disposition`, `actorLink`,
 *   `actorId`, `actor`, `parent` (its scene) and `getCenterPoint()` (its centre in pixels);
 * - `Actor#getDependentTokens({scenes, linked})`: the tokens of a world actor across scenes (only
 *   those linked to it with `linked: true`), limited to `scenes` when given.
 * Tokens here are linked to world actors (the fake has no synthetic token actors).
 */
import { Collection } from "./collection.ts";
import { Actor, randomID } from "./documents.ts";

interface Point {
  x: number;
  y: number;
}

export interface FakeTokenDocument {
  readonly id: string;
  x: number;
  y: number;
  readonly width: number;
  readonly height: number;
  disposition: number;
  readonly actorLink: boolean;
  readonly actorId: string;
  readonly actor: unknown;
  readonly parent: FakeScene;
  getCenterPoint(): Point;
}

export interface FakeScene {
  readonly id: string;
  readonly grid: {
    readonly size: number;
    readonly distance: number;
    readonly units: string;
    measurePath(waypoints: Point[], options?: object): { distance: number; spaces: number };
  };
  readonly tokens: Collection<FakeTokenDocument>;
}

const scenes: FakeScene[] = [];

function dependentTokens(
  this: { id: string },
  { scenes: only, linked = false }: { scenes?: FakeScene[]; linked?: boolean } = {},
): FakeTokenDocument[] {
  return (only ?? scenes).flatMap((scene) =>
    scene.tokens.filter((t) => t.actorId === this.id && (!linked || t.actorLink)),
  );
}

/**
 * A new scene with this grid (square spaces of `size` pixels, each `distance` `units` across),
 * and `place` to put an actor's token on it.
 */
export function installBoardFake(grid: { size?: number; distance: number; units: string }) {
  const size = grid.size ?? 100;
  const scene: FakeScene = {
    id: randomID(),
    grid: {
      size,
      distance: grid.distance,
      units: grid.units,
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
        return { distance: spaces * grid.distance, spaces };
      },
    },
    tokens: new Collection<FakeTokenDocument>(),
  };
  scenes.push(scene);
  Object.defineProperty(Actor.prototype, "getDependentTokens", {
    configurable: true,
    value: dependentTokens,
  });
  return {
    scene,
    /**
     * Puts a token of the actor on this scene with its top-left corner on this square (column,
     * row); its disposition is the actor's prototype token's unless given. Moves it if it is
     * already there.
     */
    place(
      actor: unknown,
      square: { col: number; row: number },
      options: { disposition?: number } = {},
    ): FakeTokenDocument {
      const a = actor as { id: string; prototypeToken?: { disposition?: number } };
      const existing = scene.tokens.find((t) => t.actorId === a.id);
      if (existing !== undefined) {
        existing.x = square.col * size;
        existing.y = square.row * size;
        if (options.disposition !== undefined) existing.disposition = options.disposition;
        return existing;
      }
      const token: FakeTokenDocument = {
        id: randomID(),
        x: square.col * size,
        y: square.row * size,
        width: 1,
        height: 1,
        disposition: options.disposition ?? a.prototypeToken?.disposition ?? -1,
        actorLink: true,
        actorId: a.id,
        actor,
        parent: scene,
        getCenterPoint() {
          return { x: this.x + (this.width * size) / 2, y: this.y + (this.height * size) / 2 };
        },
      };
      scene.tokens.set(token.id, token);
      return token;
    },
    /** Takes the actor's token off this scene. */
    remove(actor: unknown) {
      const id = (actor as { id: string }).id;
      for (const token of scene.tokens.filter((t) => t.actorId === id)) {
        scene.tokens.delete(token.id);
      }
    },
    /** The centre of a square, in pixels (a point of impact). */
    center(square: { col: number; row: number }): Point {
      return { x: (square.col + 0.5) * size, y: (square.row + 0.5) * size };
    },
  };
}

/** Takes every board scene away (between tests). */
export function clearBoards(): void {
  scenes.length = 0;
}

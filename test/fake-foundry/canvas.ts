/**
 * A canvas with a square grid, for shell code that measures between tokens. It copies what core
 * v13 does for Fray's calls:
 * - `canvas.grid.distance` / `canvas.grid.units`: the scene's grid size and its unit label (a
 *   scene made without a system default has 1 and "": it counts squares);
 * - `canvas.grid.measurePath([a, b]).distance`: on a square grid with the default diagonal rule
 *   (equidistant), the number of squares moved (a diagonal step counts one) times
 *   `grid.distance`, in the scene's units;
 * - `Actor#getActiveTokens()`: the actor's tokens on the viewed scene, each with its `center`;
 * - `canvas.tokens.controlled`: the tokens this client's user has selected (each with its
 *   `actor`); every client has its own selection.
 */
import { Actor } from "./documents.ts";
import { world } from "./world.ts";

interface Point {
  x: number;
  y: number;
}

export function installCanvasFake(grid: { size?: number; distance: number; units: string }) {
  const size = grid.size ?? 100;
  const tokens = new Map<unknown, { center: Point }[]>();
  const controlled = new Map<string, { actor: unknown }[]>();
  const canvas = {
    ready: true,
    tokens: {
      get controlled() {
        return controlled.get(world.user().id) ?? [];
      },
    },
    grid: {
      size,
      distance: grid.distance,
      units: grid.units,
      measurePath([from, to]: Point[]) {
        if (!from || !to) return { distance: 0 };
        const squares = Math.max(
          Math.round(Math.abs(to.x - from.x) / size),
          Math.round(Math.abs(to.y - from.y) / size),
        );
        return { distance: squares * grid.distance };
      },
    },
  };
  (globalThis as { canvas?: unknown }).canvas = canvas;
  Object.defineProperty(Actor.prototype, "getActiveTokens", {
    configurable: true,
    value(this: unknown) {
      return tokens.get(this) ?? [];
    },
  });
  return {
    canvas,
    /** Puts the actor's token with its centre on this square (column, row). */
    place(actor: unknown, square: { col: number; row: number }) {
      const center = { x: (square.col + 0.5) * size, y: (square.row + 0.5) * size };
      tokens.set(actor, [{ center }]);
    },
    /** The current user selects these actors' tokens (replacing the selection); none: clears it. */
    control(...actors: unknown[]) {
      controlled.set(
        world.user().id,
        actors.map((actor) => ({ actor })),
      );
    },
  };
}

/**
 * Regions a client writes, and the canvas a user places an area on, as core v13 gives them:
 *
 * - `Scene#createEmbeddedDocuments("Region", data)` / `deleteEmbeddedDocuments("Region", ids)`:
 *   core's RegionDocument follows the Document default permission (create and delete need the
 *   ASSISTANT role), so a player's client is refused by the server and the promise rejects;
 *   created data gets core's defaults (walls.ts makeRegion) and `createRegion` / `deleteRegion`
 *   hooks fire on every client.
 * - `canvas.stage`: a PIXI container emitting federated pointer events (`on`, `off`; each event
 *   with `button`, 0 left or 2 right, and `getLocalPosition(container)`, the point in the
 *   stage's coordinates: the scene's pixels); `canvas.regions.preview`: the Region layer's
 *   preview container (core PlaceablesLayer#preview, `addChild`, `children`).
 * - `PIXI.Graphics`: records what is drawn (`clear`, `lineStyle`, `beginFill`, `drawCircle`,
 *   `drawRect`, `drawPolygon`, `endFill`, `destroy` which takes it off its parent).
 *
 * `installPlacementCanvas()` returns the pointer a test moves and clicks the way a user does.
 */
import { world } from "./world.ts";
import { makeRegion } from "./walls.ts";
import type { FakeRegionDocument, RegionShapeInput } from "./walls.ts";
import type { Collection } from "./collection.ts";
import { roleOf } from "./permissions.ts";

interface Point {
  x: number;
  y: number;
}

/** One drawn primitive of a fake PIXI.Graphics. */
export type Drawn =
  | { kind: "circle"; x: number; y: number; radius: number; color: number }
  | { kind: "rect"; x: number; y: number; width: number; height: number; color: number }
  | { kind: "polygon"; points: number[]; color: number };

interface Container {
  children: FakeGraphics[];
  addChild(child: FakeGraphics): FakeGraphics;
}

export class FakeGraphics {
  drawn: Drawn[] = [];
  destroyed = false;
  parent: Container | null = null;
  private color = 0;
  clear(): this {
    this.drawn = [];
    return this;
  }
  lineStyle(_width: number, color: number): this {
    this.color = color;
    return this;
  }
  beginFill(color: number): this {
    this.color = color;
    return this;
  }
  endFill(): this {
    return this;
  }
  drawCircle(x: number, y: number, radius: number): this {
    this.drawn.push({ kind: "circle", x, y, radius, color: this.color });
    return this;
  }
  drawRect(x: number, y: number, width: number, height: number): this {
    this.drawn.push({ kind: "rect", x, y, width, height, color: this.color });
    return this;
  }
  drawPolygon(points: number[]): this {
    this.drawn.push({ kind: "polygon", points: [...points], color: this.color });
    return this;
  }
  destroy(): void {
    this.destroyed = true;
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
}

interface RegionScene {
  readonly regions: Collection<FakeRegionDocument>;
}

/** Gives a scene core's Region writes (see the file's comment). */
export function withRegionWrites<S extends RegionScene>(scene: S): S {
  const refusal = (action: string): Error | null =>
    roleOf(world.user()) >= 3
      ? null
      : new Error(`User ${world.user().name} lacks permission to ${action} Region`);
  Object.assign(scene, {
    createEmbeddedDocuments(
      name: string,
      data: (RegionShapeInput[] | Record<string, unknown>)[],
    ): Promise<FakeRegionDocument[]> {
      if (name !== "Region") return Promise.reject(new Error(`no ${name} on the fake scene`));
      const refused = refusal("create");
      if (refused !== null) return Promise.reject(refused);
      const made = data.map((raw) => {
        const d = raw as {
          name?: string;
          shapes?: RegionShapeInput[];
          color?: string;
          flags?: FakeRegionDocument["flags"];
        };
        const region = makeRegion(d.name ?? "Region", d.shapes ?? [], {
          ...(d.color === undefined ? {} : { color: d.color }),
          ...(d.flags === undefined ? {} : { flags: structuredClone(d.flags) }),
        });
        Object.assign(region, { parent: scene });
        scene.regions.set(region.id, region);
        return region;
      });
      for (const region of made) world.hooks().callAll("createRegion", region, {}, world.user().id);
      return Promise.resolve(made);
    },
    deleteEmbeddedDocuments(name: string, ids: string[]): Promise<FakeRegionDocument[]> {
      if (name !== "Region") return Promise.reject(new Error(`no ${name} on the fake scene`));
      const refused = refusal("delete");
      if (refused !== null) return Promise.reject(refused);
      const gone = ids.flatMap((id) => {
        const region = scene.regions.get(id);
        if (region === undefined) return [];
        scene.regions.delete(id);
        return [region];
      });
      for (const region of gone) world.hooks().callAll("deleteRegion", region, {}, world.user().id);
      return Promise.resolve(gone);
    },
  });
  return scene;
}

type Listener = (event: { button: number; getLocalPosition(c: unknown): Point }) => void;

/**
 * The canvas a user places areas on (see the file's comment), on the global `canvas` (made when
 * none is there). Returns the user's pointer: `move(point)`, `click(point)`, `rightClick()`, and
 * `previews()`, the graphics in the Region layer's preview container.
 */
export function installPlacementCanvas() {
  const g = globalThis as { canvas?: Record<string, unknown>; PIXI?: Record<string, unknown> };
  g.PIXI = { ...(g.PIXI ?? {}), Graphics: FakeGraphics };
  const listeners = new Map<string, Set<Listener>>();
  const stage = {
    on(event: string, fn: Listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(fn);
      listeners.set(event, set);
      return stage;
    },
    off(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
      return stage;
    },
  };
  const preview: Container = {
    children: [],
    addChild(child: FakeGraphics) {
      child.parent = preview;
      preview.children.push(child);
      return child;
    },
  };
  const canvas = (g.canvas ??= {});
  Object.assign(canvas, { ready: true, stage, regions: { preview } });
  const emit = (event: string, point: Point, button = 0) => {
    const e = { button, getLocalPosition: () => ({ ...point }) };
    for (const fn of [...(listeners.get(event) ?? [])]) fn(e);
  };
  return {
    move: (point: Point) => {
      emit("pointermove", point);
    },
    click: (point: Point) => {
      emit("pointerdown", point);
    },
    rightClick: () => {
      emit("pointerdown", { x: 0, y: 0 }, 2);
    },
    /** How many listeners wait on the stage (0 once a placement ends). */
    listening: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    previews: () => preview.children,
  };
}

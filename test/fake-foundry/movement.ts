/**
 * Tokens that move on a square grid, as core v13's movement API does it, for shell tests that drag
 * a token. Installed by `installMovementFakes(fake, grid)` after `installFakeFoundry()`; it sets
 * `canvas` (like canvas.ts) and `CONFIG.Token.movement`. Each behaviour names what it copies:
 *
 * - Grid (core `SquareGrid`, default diagonal rule "equidistant"): `getOffset(point)` is the
 *   space `{i: row, j: column}` a point falls in; `measurePath(waypoints, {cost})` steps space by
 *   space (a diagonal step is one space of `grid.distance`) and prices each step with `cost(from,
 *   to, distance, segment)` (a `GridMeasurePathCostFunction`); it returns `distance`, `cost`,
 *   `spaces`, `diagonals`.
 * - `TokenDocument`: `x`, `y` (top-left, pixels), `width`, `height` (in spaces), `elevation`,
 *   `movementAction` (core default "walk"), `movementHistory` (recorded waypoints, each with the
 *   `cost` the moving client measured, `movementId` and `userId`), `movement` (the last
 *   operation), `actor`, ownership from its actor (core BaseToken#testUserPermission defers to the
 *   actor for non-GMs), `getOccupiedGridSpaceOffsets()`, `getCenterPoint()`,
 *   `measureMovementPath(waypoints)` (priced with the action's `getCostFunction` from
 *   `CONFIG.Token.movement.actions`).
 * - `move(waypoints, options)` and `update({x, y, elevation})` (a plain update of the position or
 *   the elevation is a move of one waypoint, method "api"): on the moving client only, `preMoveToken(document, movement,
 *   operation)` runs (core `hookEvents.preMoveToken`: returning false rejects the whole move and
 *   `move` resolves false); the server refuses a user who does not own the token; it stores the
 *   position and, while the token fights in a started combat (core records history in combat;
 *   the exact predicate is `_shouldRecordMovementHistory`, verify), appends the waypoints to the
 *   history; then `moveToken(document, movement, operation, user)` runs on every connected client
 *   (core `hookEvents.moveToken`; here once per active user, on that user's client).
 * - Batched movement (core `Scene#updateEmbeddedDocuments("Token", updates, {movement})`, the
 *   `movement` option holding `{waypoints, method}` by token id, as `TokenDocument#move` sends for
 *   one token): each token's move is prepared on the requesting client with its own
 *   `preMoveToken`, every token is written in one database call, then `moveToken` runs per token.
 * - What a client measured (the movement's `passed.cost`, the history's `cost`) is whatever that
 *   client computed: a console can forge it (`consoleMove`), so Fray's GM measures again.
 * - The canvas's Token placeables (`canvas.tokens.placeables`): each with its `document`, `actor`
 *   and `center`; `Actor#getActiveTokens()` (core: the actor's placeables on the canvas) finds an
 *   actor's among them, as a linked token stands for its actor. Selection (core
 *   `Token#control({ releaseOthers })`, `Token#release()`, `TokenLayer#controlled`): each client
 *   has its own; a user selects only a token they own (core `Token#_canControl`: a GM any),
 *   `control` releasing the others unless told not to, and answering whether it took it.
 * - `revertRecordedMovement()` (core: undoes the last recorded movement) moves the token back to
 *   where that movement began and drops its waypoints from the history; it is a move of method
 *   "undo", so `moveToken` runs with it. `clearMovementHistory()` empties the history.
 * - Walls stop movement (core `Token#constrainMovementPath`, which core's
 *   `TokenDocument#_preUpdate` runs on the moving client for a token rendered on its canvas, for
 *   every method but "undo" and "paste"): a step whose path from centre to centre meets a wall that
 *   restricts movement (`move` NORMAL, not an open door) is not taken, the move stops at the last
 *   space before it (core: the closest snapped position short of the collision) and is
 *   `constrained`; a move constrained to nothing changes nothing (`move` resolves false). An action
 *   whose config has no `walls` ("displace", "blink": null) ignores walls, as core's does. The
 *   tokens here are all rendered (the canvas shows their scene); the placeable is the document's
 *   `object`, and `constrainMovementPath(waypoints, {ignoreWalls})` answers `[path, constrained]`.
 *   (The fake ignores a wall's direction `dir`: every wall here blocks both ways.)
 */
import { Collection } from "./collection.ts";
import { Actor } from "./documents.ts";
import { WALL_DOOR_STATES, WALL_MOVEMENT_TYPES, makeWall } from "./walls.ts";
import type { FakeRegionDocument, FakeWallDocument } from "./walls.ts";
import type { FakeFoundry } from "./index.ts";
import { world } from "./world.ts";

export interface GridOffset {
  i: number;
  j: number;
}

export interface Waypoint {
  x: number;
  y: number;
  elevation?: number;
  width?: number;
  height?: number;
  action?: string;
}

interface Measured {
  distance: number;
  cost: number;
  spaces: number;
  diagonals: number;
}

type CostFunction = (
  baseCost: number,
  from: GridOffset,
  to: GridOffset,
  distance: number,
  segment: {
    action: string;
    actionConfig: unknown;
    terrain: null;
    teleport: boolean;
    width: number;
    height: number;
  },
) => number;

type ConstrainFn = (
  waypoints: Waypoint[],
  options?: { ignoreWalls?: boolean; ignoreCost?: boolean },
) => [Waypoint[], boolean];

interface ActionConfig {
  label?: string;
  /** Core: the wall restriction that constrains the action ("move"), or null (none). */
  walls?: string | null;
  canSelect?: (token: unknown) => boolean;
  getCostFunction?: (token: unknown, options: unknown) => CostFunction;
  teleport?: boolean;
}

interface MovementConfig {
  actions: Record<string, ActionConfig>;
}

let nextId = 0;

function movementConfig(fake: FakeFoundry): MovementConfig {
  return (fake.CONFIG["Token"] as unknown as { movement: MovementConfig }).movement;
}

/** Whether the segment a-b meets the segment c-d (touching counts; parallel ones never do). */
function segmentsMeet(
  a: { x: number; y: number },
  b: { x: number; y: number },
  c: { x: number; y: number },
  d: { x: number; y: number },
): boolean {
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const sx = d.x - c.x;
  const sy = d.y - c.y;
  const den = rx * sy - ry * sx;
  if (den === 0) return false;
  const t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / den;
  const u = ((c.x - a.x) * ry - (c.y - a.y) * rx) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1;
}

/** Core: a wall restricts movement unless its `move` is NONE or it is an open door. */
function stopsMovement(wall: FakeWallDocument): boolean {
  if (wall.move === WALL_MOVEMENT_TYPES.NONE) return false;
  return !(wall.door !== 0 && wall.ds === WALL_DOOR_STATES.OPEN);
}

export function installMovementFakes(
  fake: FakeFoundry,
  grid: { size?: number; distance: number; units: string },
) {
  const size = grid.size ?? 100;

  const offsetOf = (p: { x: number; y: number }): GridOffset => ({
    i: Math.floor(p.y / size),
    j: Math.floor(p.x / size),
  });

  const canvasGrid = {
    size,
    distance: grid.distance,
    units: grid.units,
    getOffset: offsetOf,
    /** Core SquareGrid#testAdjacency: the spaces touch (diagonals too). */
    testAdjacency(a: GridOffset, b: GridOffset): boolean {
      return Math.max(Math.abs(a.i - b.i), Math.abs(a.j - b.j)) === 1;
    },
    measurePath(
      waypoints: { x: number; y: number }[],
      options: { cost?: (from: GridOffset, to: GridOffset, distance: number) => number } = {},
    ): Measured {
      const total: Measured = { distance: 0, cost: 0, spaces: 0, diagonals: 0 };
      for (let k = 1; k < waypoints.length; k++) {
        const a = waypoints[k - 1];
        const b = waypoints[k];
        if (a === undefined || b === undefined) continue;
        let at = offsetOf(a);
        const end = offsetOf(b);
        while (at.i !== end.i || at.j !== end.j) {
          const next = { i: at.i + Math.sign(end.i - at.i), j: at.j + Math.sign(end.j - at.j) };
          const diagonal = next.i !== at.i && next.j !== at.j;
          const cost = options.cost ? options.cost(at, next, grid.distance) : grid.distance;
          total.distance += grid.distance;
          total.cost += cost;
          total.spaces += 1;
          if (diagonal) total.diagonals += 1;
          at = next;
        }
      }
      return total;
    },
  };
  /** Each user's selected placeables (core: every client its own selection). */
  const selected = new Map<string, Set<unknown>>();
  const canvas = {
    ready: true,
    grid: canvasGrid,
    tokens: {
      placeables: [] as { document: { actorId: string }; actor: unknown; center: unknown }[],
      /** Core TokenLayer#controlled: the placeables this client's user has selected. */
      get controlled() {
        const mine = selected.get(world.user().id);
        return canvas.tokens.placeables.filter((p) => mine?.has(p) === true);
      },
    },
  };
  (globalThis as { canvas?: unknown }).canvas = canvas;

  /**
   * Core Token#constrainMovementPath on a square grid: steps space by space between the
   * waypoints and stops before the first step whose centre-to-centre line meets a wall that
   * stops movement (unless `ignoreWalls`, or the step's action ignores walls).
   */
  function constrainPath(
    doc: TokenDocument,
    waypoints: Waypoint[],
    options: { ignoreWalls?: boolean } = {},
  ): [Waypoint[], boolean] {
    const first = waypoints[0];
    if (first === undefined) return [[], false];
    const walls = doc.parent.walls.contents.filter(stopsMovement);
    const path: Waypoint[] = [{ ...first }];
    const half = { x: (doc.width * size) / 2, y: (doc.height * size) / 2 };
    for (const next of waypoints.slice(1)) {
      const action = next.action ?? doc.movementAction;
      const wallType = movementConfig(fake).actions[action]?.walls;
      const from = path.at(-1) ?? first;
      if (options.ignoreWalls === true || !wallType) {
        path.push({ ...next });
        continue;
      }
      let at = offsetOf(from);
      const end = offsetOf(next);
      let blocked = false;
      while (at.i !== end.i || at.j !== end.j) {
        const step = { i: at.i + Math.sign(end.i - at.i), j: at.j + Math.sign(end.j - at.j) };
        const a = { x: at.j * size + half.x, y: at.i * size + half.y };
        const b = { x: step.j * size + half.x, y: step.i * size + half.y };
        const hit = walls.some((w) =>
          segmentsMeet(a, b, { x: w.c[0], y: w.c[1] }, { x: w.c[2], y: w.c[3] }),
        );
        if (hit) {
          blocked = true;
          break;
        }
        at = step;
      }
      if (!blocked) {
        path.push({ ...next });
        continue;
      }
      const stop = { x: at.j * size, y: at.i * size };
      if (stop.x !== from.x || stop.y !== from.y) path.push({ ...next, ...stop });
      return [path, true];
    }
    return [path, false];
  }

  Object.defineProperty(Actor.prototype, "getActiveTokens", {
    configurable: true,
    value(this: { id: string }) {
      return canvas.tokens.placeables.filter((p) => p.document.actorId === this.id);
    },
  });

  /**
   * Core v13 Actor#getDependentTokens({scenes, linked}): the actor's tokens on the world's scenes
   * (those given, else all), only linked ones when `linked` (every token placed here is linked).
   */
  Object.defineProperty(Actor.prototype, "getDependentTokens", {
    configurable: true,
    value(
      this: { id: string },
      { scenes: only, linked = false }: { scenes?: unknown[]; linked?: boolean } = {},
    ): unknown[] {
      const all = (fake.game.scenes as unknown as { contents: unknown[] }).contents;
      return ((only ?? all) as { tokens?: { contents: TokenDocument[] } }[]).flatMap((scene) =>
        (scene.tokens?.contents ?? []).filter(
          (t) => t.actorId === this.id && (!linked || t.actorLink),
        ),
      );
    },
  });

  class TokenDocument {
    static documentName = "Token";
    readonly id: string;
    readonly documentName = "Token";
    name: string;
    x: number;
    y: number;
    width: number;
    height: number;
    elevation: number;
    /**
     * Core TokenDocument#rotation: degrees, 0 by default (the token as its image is drawn, which
     * by convention faces down the map), growing clockwise; an update of it alone is no move.
     */
    rotation = 0;
    movementAction = "walk";
    movementHistory: (Waypoint & { cost: number; movementId: string; userId: string })[] = [];
    movement: Record<string, unknown> | null = null;
    readonly actorLink = true;
    /**
     * Core TokenDocument#disposition: copied from the actor's prototype token when the token is
     * placed (core's own default for a prototype token is hostile, -1).
     */
    disposition: number;

    constructor(
      readonly actorId: string,
      readonly parent: FakeScene,
      at: Waypoint,
    ) {
      nextId += 1;
      this.id = `tok${String(nextId).padStart(13, "0")}`;
      this.name = this.actor?.name ?? "";
      this.x = at.x;
      this.y = at.y;
      this.width = at.width ?? 1;
      this.height = at.height ?? 1;
      this.elevation = at.elevation ?? 0;
      const placed: unknown = fake.game.actors.get(actorId);
      const proto = (placed as { prototypeToken?: { disposition?: number } } | undefined)
        ?.prototypeToken;
      this.disposition = proto?.disposition ?? -1;
    }

    get uuid(): string {
      return `Scene.${this.parent.id}.Token.${this.id}`;
    }

    get actor(): {
      id: string;
      name: string;
      testUserPermission(u: unknown, l: string): boolean;
    } | null {
      const actor: unknown = fake.game.actors.get(this.actorId);
      return (actor ?? null) as {
        id: string;
        name: string;
        testUserPermission(u: unknown, l: string): boolean;
      } | null;
    }

    /** Core BaseToken#testUserPermission: a GM holds every level; others as the actor says. */
    testUserPermission(user: { id: string; isGM: boolean }, level: string): boolean {
      return user.isGM || (this.actor?.testUserPermission(user, level) ?? false);
    }

    get isOwner(): boolean {
      return this.testUserPermission(world.user(), "OWNER");
    }

    /** Core TokenDocument#object: its Token placeable on the canvas (every token here is drawn). */
    get object(): { document: TokenDocument; constrainMovementPath: ConstrainFn } {
      return {
        document: this,
        constrainMovementPath: (waypoints, options) => constrainPath(this, waypoints, options),
      };
    }

    /** Core TokenDocument#getOccupiedGridSpaceOffsets: the spaces the token covers there. */
    getOccupiedGridSpaceOffsets(data: Partial<Waypoint> = {}): GridOffset[] {
      const at = offsetOf({ x: data.x ?? this.x, y: data.y ?? this.y });
      const out: GridOffset[] = [];
      for (let di = 0; di < (data.height ?? this.height); di++) {
        for (let dj = 0; dj < (data.width ?? this.width); dj++)
          out.push({ i: at.i + di, j: at.j + dj });
      }
      return out;
    }

    getCenterPoint(data: Partial<Waypoint> = {}): { x: number; y: number } {
      return {
        x: (data.x ?? this.x) + ((data.width ?? this.width) * size) / 2,
        y: (data.y ?? this.y) + ((data.height ?? this.height) * size) / 2,
      };
    }

    /** Core TokenDocument#measureMovementPath: the path priced by each waypoint's action. */
    measureMovementPath(waypoints: Waypoint[]): Measured {
      const total: Measured = { distance: 0, cost: 0, spaces: 0, diagonals: 0 };
      for (let k = 1; k < waypoints.length; k++) {
        const a = waypoints[k - 1];
        const b = waypoints[k];
        if (a === undefined || b === undefined) continue;
        const action = b.action ?? this.movementAction;
        const actionConfig = movementConfig(fake).actions[action] ?? {};
        const fn = actionConfig.getCostFunction?.(this, {});
        const segment = {
          action,
          actionConfig,
          terrain: null,
          teleport: actionConfig.teleport === true,
          width: this.width,
          height: this.height,
        };
        const part = canvasGrid.measurePath([a, b], {
          cost: fn ? (from, to, distance) => fn(distance, from, to, distance, segment) : undefined,
        });
        total.distance += part.distance;
        total.cost += part.cost;
        total.spaces += part.spaces;
        total.diagonals += part.diagonals;
      }
      return total;
    }

    /** Core TokenDocument#move on the current user's client. */
    async move(
      waypoints: Waypoint[],
      options: { method?: string; action?: string } = {},
    ): Promise<boolean> {
      return moveOn(this, waypoints, { method: options.method ?? "api", skipPreMove: false });
    }

    /**
     * Core: an update of x, y or elevation is a move of one waypoint (v13 counts the elevation
     * as part of the movement); other fields are stored as they are.
     */
    async update(changes: Record<string, unknown>): Promise<this> {
      const { x, y, elevation, ...rest } = changes;
      Object.assign(this, rest);
      if (typeof x === "number" || typeof y === "number" || typeof elevation === "number") {
        await moveOn(
          this,
          [
            {
              x: typeof x === "number" ? x : this.x,
              y: typeof y === "number" ? y : this.y,
              elevation: typeof elevation === "number" ? elevation : this.elevation,
            },
          ],
          { method: "api", skipPreMove: false },
        );
      }
      return this;
    }

    /** Core TokenDocument#revertRecordedMovement: undo the last recorded movement. */
    async revertRecordedMovement(): Promise<boolean> {
      const last = this.movementHistory.at(-1);
      if (last === undefined) return false;
      const firstOfIt = this.movementHistory.findIndex((w) => w.movementId === last.movementId);
      const start = this.movementHistory[firstOfIt - 1] ?? this.movementHistory[firstOfIt];
      if (start === undefined) return false;
      const origin = (this.movement?.["origin"] as Waypoint | undefined) ?? start;
      const back = last.movementId === this.movement?.["id"] ? origin : start;
      this.movementHistory = this.movementHistory.slice(0, firstOfIt);
      const to = { x: back.x, y: back.y, elevation: back.elevation ?? this.elevation };
      await serverMove(this, [to], "undo", world.user(), null, false);
      return true;
    }

    /** Core TokenDocument#clearMovementHistory. */
    async clearMovementHistory(): Promise<void> {
      this.movementHistory = [];
      world.hooks().callAll("recordToken", this);
    }

    /** Core TokenDocument#inCombat: a combatant of a combat stands for it. */
    get inCombat(): boolean {
      return fake.game.combats.contents.some((combat) => {
        const c = combat as unknown as {
          round: number;
          combatants: { contents: { tokenId: string | null; actorId: string | null }[] };
        };
        return (
          c.round >= 1 &&
          c.combatants.contents.some(
            (m) => m.tokenId === this.id || (m.tokenId === null && m.actorId === this.actorId),
          )
        );
      });
    }
  }

  /** The client's side of a move (core TokenDocument#move, then #preUpdateMovement). */
  async function moveOn(
    doc: TokenDocument,
    asked: Waypoint[],
    how: { method: string; skipPreMove: boolean; forgedCost?: number },
  ): Promise<boolean> {
    const user = world.user();
    if (!doc.testUserPermission(user, "OWNER")) return false;
    const operation = { modifiedTime: Date.now(), movement: {} as Record<string, unknown> };
    const movement = prepareMove(doc, asked, how, operation);
    if (movement === null) return false;
    const waypoints = (movement["passed"] as { waypoints: Waypoint[] }).waypoints;
    return serverMove(doc, waypoints, how.method, user, movement, true);
  }

  /**
   * The moving client's side of one token's move (core TokenDocument#preUpdateMovement): the path
   * constrained by walls (this token is rendered), its movement, then `preMoveToken(document,
   * movement, operation)` unless skipped; null when constrained to nothing or refused.
   */
  function prepareMove(
    doc: TokenDocument,
    asked: Waypoint[],
    how: { method: string; skipPreMove: boolean; forgedCost?: number },
    operation: { movement?: Record<string, unknown> },
  ): Record<string, unknown> | null {
    const [path, constrained] = constrainPath(doc, [{ x: doc.x, y: doc.y }, ...asked]);
    const waypoints = path.slice(1);
    if (waypoints.length === 0) return null;
    const movement = buildMovement(doc, waypoints, how.method, world.user().id, how.forgedCost);
    movement["constrained"] = constrained;
    operation.movement ??= {};
    operation.movement[doc.id] = movement;
    if (!how.skipPreMove && !world.hooks().call("preMoveToken", doc, movement, operation)) {
      return null;
    }
    return movement;
  }

  /**
   * Core v13's batched movement: `scene.updateEmbeddedDocuments("Token", updates, {movement})`,
   * where `movement` holds, by token id, `{waypoints, method, ...}` (core's TokenDocument#move is
   * this with one token: `update({}, {movement: {[id]: {waypoints, method}}})`; an update of x, y
   * or elevation with no waypoints is a move of one waypoint). On the requesting client each
   * token's move is prepared and `preMoveToken` runs per token (one refused drops only its own
   * position change); the server writes every token in ONE database call; then `moveToken` runs
   * for each moved token on every connected client.
   */
  async function updateTokens(
    scene: FakeScene,
    updates: readonly Record<string, unknown>[],
    options: { movement?: Record<string, { waypoints?: Waypoint[]; method?: string }> } = {},
  ): Promise<TokenDocument[]> {
    const user = world.user();
    const operation = {
      ...options,
      modifiedTime: Date.now(),
      movement: {} as Record<string, unknown>,
    };
    const writes: {
      doc: TokenDocument;
      rest: Record<string, unknown>;
      movement: Record<string, unknown> | null;
    }[] = [];
    for (const update of updates) {
      const doc = scene.tokens.get(String(update["_id"]));
      if (doc === undefined) continue;
      if (!doc.testUserPermission(user, "OWNER")) throw new Error("not the token's owner");
      const { _id, x, y, elevation, ...rest } = update;
      const told = options.movement?.[doc.id];
      const placed =
        typeof x === "number" || typeof y === "number" || typeof elevation === "number";
      const asked =
        told?.waypoints !== undefined && told.waypoints.length > 0
          ? told.waypoints
          : placed
            ? [
                {
                  x: typeof x === "number" ? x : doc.x,
                  y: typeof y === "number" ? y : doc.y,
                  elevation: typeof elevation === "number" ? elevation : doc.elevation,
                },
              ]
            : null;
      const how = { method: told?.method ?? "api", skipPreMove: false };
      const movement = asked === null ? null : prepareMove(doc, asked, how, operation);
      if (movement === null && Object.keys(rest).length === 0) continue;
      writes.push({ doc, rest, movement });
    }
    if (writes.length === 0) return [];
    world.db().record({
      operation: "update",
      documentName: "Token",
      count: writes.length,
      data: writes.map(({ doc, rest, movement }) => {
        const end = (movement?.["destination"] ?? {}) as Partial<Waypoint>;
        return {
          _id: doc.id,
          ...rest,
          ...(movement === null ? {} : { x: end.x, y: end.y, elevation: end.elevation }),
        };
      }),
      parent: scene.uuid,
      userId: user.id,
    });
    for (const { doc, rest, movement } of writes) {
      Object.assign(doc, rest);
      if (movement !== null) storeMove(doc, movement, user, true);
    }
    for (const { doc, movement } of writes) {
      if (movement !== null) announceMove(doc, movement, operation, user);
    }
    return writes.map(({ doc }) => doc);
  }

  function buildMovement(
    doc: TokenDocument,
    waypoints: Waypoint[],
    method: string,
    userId: string,
    forgedCost?: number,
  ): Record<string, unknown> {
    nextId += 1;
    const origin = {
      x: doc.x,
      y: doc.y,
      elevation: doc.elevation,
      width: doc.width,
      height: doc.height,
      action: doc.movementAction,
    };
    const full = waypoints.map((w) => ({
      elevation: doc.elevation,
      width: doc.width,
      height: doc.height,
      action: doc.movementAction,
      ...w,
    }));
    const passed = doc.measureMovementPath([origin, ...full]);
    return {
      id: `move${String(nextId)}`,
      origin,
      destination: full.at(-1) ?? origin,
      passed: { waypoints: full, ...passed, cost: forgedCost ?? passed.cost },
      pending: { waypoints: [], distance: 0, cost: 0, spaces: 0, diagonals: 0 },
      history: { recorded: { waypoints: doc.movementHistory } },
      method,
      chain: [],
      constrained: false,
      recorded: doc.inCombat,
      autoRotate: false,
      showRuler: false,
      userId,
    };
  }

  /** The server stores the move; then every connected client runs `moveToken`. */
  async function serverMove(
    doc: TokenDocument,
    waypoints: Waypoint[],
    method: string,
    user: { id: string; isGM: boolean },
    given: Record<string, unknown> | null,
    record: boolean,
  ): Promise<boolean> {
    if (!doc.testUserPermission(user, "OWNER")) throw new Error("not the token's owner");
    const movement = given ?? buildMovement(doc, waypoints, method, user.id);
    const end = waypoints.at(-1);
    if (end === undefined) return false;
    world.db().record({
      operation: "update",
      documentName: "Token",
      count: 1,
      data: [{ _id: doc.id, x: end.x, y: end.y, elevation: end.elevation ?? doc.elevation }],
      parent: doc.parent.uuid,
      userId: user.id,
    });
    storeMove(doc, movement, user, record);
    announceMove(doc, movement, { movement: { [doc.id]: movement } }, user);
    return true;
  }

  /** The server's write of a move: the token's new place and, in combat, its history. */
  function storeMove(
    doc: TokenDocument,
    movement: Record<string, unknown>,
    user: { id: string },
    record: boolean,
  ): void {
    const passed = movement["passed"] as { waypoints: Waypoint[]; cost: number };
    const end = passed.waypoints.at(-1);
    if (end === undefined) return;
    if (record && movement["recorded"] === true) {
      const steps = passed.waypoints.length;
      passed.waypoints.forEach((w, k) => {
        doc.movementHistory.push({
          ...w,
          cost: k === steps - 1 ? passed.cost : 0,
          movementId: movement["id"] as string,
          userId: user.id,
        });
      });
      world.hooks().callAll("recordToken", doc);
    }
    doc.x = end.x;
    doc.y = end.y;
    doc.elevation = end.elevation ?? doc.elevation;
    doc.movement = movement;
  }

  /** Core: `moveToken(document, movement, operation, user)` on every connected client. */
  function announceMove(
    doc: TokenDocument,
    movement: Record<string, unknown>,
    operation: object,
    user: { id: string },
  ): void {
    const mover = fake.users.get(user.id);
    for (const client of fake.users.all.filter((u) => u.active)) {
      world.runAs(client, () => {
        world.hooks().callAll("moveToken", doc, movement, operation, mover);
      });
    }
  }

  interface FakeScene {
    id: string;
    uuid: string;
    name: string;
    tokens: Collection<TokenDocument>;
    /** Core Scene#grid: the scene's own grid (here the canvas's: one grid for every scene). */
    grid: typeof canvasGrid;
    /** Core Scene#walls and Scene#regions (walls.ts makeRegion): none unless a test adds some. */
    walls: Collection<FakeWallDocument>;
    regions: Collection<FakeRegionDocument>;
    /** Core Scene#updateEmbeddedDocuments, for "Token" (updateTokens: batched movement). */
    updateEmbeddedDocuments(
      name: string,
      updates: readonly Record<string, unknown>[],
      options?: { movement?: Record<string, { waypoints?: Waypoint[]; method?: string }> },
    ): Promise<TokenDocument[]>;
  }

  const scenes = fake.game.scenes as unknown as Collection<unknown>;
  return {
    canvas,
    TokenDocument,
    /** A new scene of the world (core `Scene#tokens` holds its TokenDocuments). */
    scene(name = "Scene"): FakeScene {
      nextId += 1;
      const id = `scn${String(nextId).padStart(13, "0")}`;
      const scene: FakeScene = {
        id,
        uuid: `Scene.${id}`,
        name,
        tokens: new Collection(),
        grid: canvasGrid,
        walls: new Collection(),
        regions: new Collection(),
        updateEmbeddedDocuments(name, updates, options) {
          if (name !== "Token") throw new Error(`the fake scene updates only tokens, not ${name}`);
          return updateTokens(scene, updates, options);
        },
      };
      scenes.set(id, scene);
      return scene;
    },
    /** Puts a linked token of the actor on a space (column, row) of the scene. */
    place(
      scene: FakeScene,
      actor: { id: string | null },
      at: { col: number; row: number; width?: number; height?: number; elevation?: number },
    ): TokenDocument {
      const doc = new TokenDocument(actor.id ?? "", scene, {
        x: at.col * size,
        y: at.row * size,
        width: at.width,
        height: at.height,
        elevation: at.elevation,
      });
      scene.tokens.set(doc.id, doc);
      const placeable = {
        document: doc,
        get actor() {
          return doc.actor;
        },
        get center() {
          return doc.getCenterPoint();
        },
        /** Core Token#control: the user selects it (an owner, or a GM); see the file's comment. */
        control({ releaseOthers = true }: { releaseOthers?: boolean } = {}): boolean {
          const user = world.user();
          if (!doc.testUserPermission(user, "OWNER")) return false;
          const mine = releaseOthers ? new Set<unknown>() : (selected.get(user.id) ?? new Set());
          mine.add(placeable);
          selected.set(user.id, mine);
          return true;
        },
        /** Core Token#release: the user's selection no longer holds it. */
        release(): boolean {
          return selected.get(world.user().id)?.delete(placeable) ?? false;
        },
      };
      canvas.tokens.placeables.push(placeable);
      return doc;
    },
    /**
     * The GM draws a wall on the scene between two grid points (column, row: the top-left corner
     * of that space), core's plain wall unless `fields` say otherwise (walls.ts makeWall).
     */
    addWall(
      scene: FakeScene,
      from: { col: number; row: number },
      to: { col: number; row: number },
      fields: Partial<Omit<FakeWallDocument, "id" | "documentName" | "c">> = {},
    ): FakeWallDocument {
      const wall = makeWall(
        [from.col * size, from.row * size, to.col * size, to.row * size],
        fields,
      );
      scene.walls.set(wall.id, wall);
      return wall;
    },
    /** The GM draws a Region on the scene (walls.ts makeRegion). */
    addRegion(scene: FakeScene, region: FakeRegionDocument): FakeRegionDocument {
      scene.regions.set(region.id, region);
      return region;
    },
    /** The top-left pixel of a space, for waypoints. */
    at(col: number, row: number): Waypoint {
      return { x: col * size, y: row * size };
    },
    /**
     * A player's console moves the token without the system's `preMoveToken` (and may forge what
     * its client measured); the server and every client see it as any move.
     */
    async consoleMove(
      userId: string,
      doc: TokenDocument,
      waypoints: Waypoint[],
      forgedCost?: number,
    ) {
      const user = fake.users.get(userId);
      if (user === undefined) throw new Error(`no user ${userId}`);
      return world.runAs(user, () =>
        moveOn(doc, waypoints, { method: "api", skipPreMove: true, forgedCost }),
      );
    },
  };
}

export type MovementFakes = ReturnType<typeof installMovementFakes>;
export type FakeTokenDocument = InstanceType<MovementFakes["TokenDocument"]>;

/**
 * Core v13's `foundry.canvas.placeables.tokens.TokenRuler`, as far as a subclass leans on it: it
 * is built for a Token placeable (`token`); `_getWaypointLabelContext(waypoint, state)` gives a
 * label's context (core: undefined for a waypoint without a label, an intermediate one) and
 * `_getSegmentStyle(waypoint)` a segment's `{width, color, alpha}`; `WAYPOINT_LABEL_TEMPLATE` is
 * the label's template. `labels(waypoints)` walks a path as core's refresh does: one `state` per
 * path, each waypoint in order.
 */
export class TokenRuler {
  static WAYPOINT_LABEL_TEMPLATE = "templates/hud/waypoint-label.hbs";
  constructor(readonly token: unknown) {}

  _getWaypointLabelContext(
    waypoint: { intermediate?: boolean; measurement: { distance: number } },
    _state: object,
  ): object | undefined {
    if (waypoint.intermediate === true) return undefined;
    return { distance: { total: waypoint.measurement.distance } };
  }

  _getSegmentStyle(_waypoint: object): { width: number; color: number; alpha: number } {
    return { width: 4, color: 0xffffff, alpha: 1 };
  }

  /** The labels and segment styles of a path, waypoint by waypoint (the fake's refresh). */
  labels(waypoints: object[]): { context: unknown; style: unknown }[] {
    const state = {};
    return waypoints.map((w) => ({
      context: this._getWaypointLabelContext(w as never, state),
      style: this._getSegmentStyle(w),
    }));
  }
}

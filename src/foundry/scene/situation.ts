/**
 * The scene decides the situation: for one attack, what the map says (rules/scene measureScene)
 * read from the scene's documents alone — its tokens (where they stand, their size, elevation
 * counted in spaces of the grid's size, disposition, whether their actor still fights, their
 * movement history) and its walls — never
 * from a player's payload nor the canvas, so the referee measures the same wherever its own canvas
 * is. Every call comes with its `source`, a localized sentence saying why ("Full cover: a wall
 * stands between you and Vex"), for the dialog to show and the referee to refuse a contradicting
 * claim with. Each ruleset maps the calls to its own words (scene/claims.ts).
 *
 * Darkness (light.ts): whether attacker and target stand where no light reaches. Obscured
 * (areas.ts): whether either stands in a Region the GM marked as smoke or fog.
 *
 * Which walls count (core WallDocument fields): cover from walls that stop movement (`move` not
 * NONE), sight from walls that stop sight outright (`sight` NORMAL or beyond: a LIMITED wall lets
 * one see through a single layer, so it is not counted); an open door stops nothing.
 */
import { measureScene } from "../../rules/scene/index.ts";
import type { Bystander, CoverLevel, Segment } from "../../rules/scene/index.ts";
import { combatHooks } from "../combat/ruleset-hooks.ts";
import { i18n } from "../shared/env.ts";
import { obscuringRegionOf } from "./areas.ts";
import { footprintOf } from "./footprint.ts";
import { inDarkness } from "./light.ts";
import { tokenOf, tokenOn } from "../shared/scene.ts";
import type { SceneToken } from "../shared/scene.ts";

/** One call of the scene and the sentence that says why. */
export interface SceneCall<T> {
  readonly value: T;
  readonly source: string;
}

/**
 * The scene's cover in a ruleset's words (`words`: its cover for each level short of full), or
 * null when the walls block the line altogether (no attack to give cover to).
 */
export function coverCallIn<C>(
  situation: SceneSituation,
  words: Readonly<Record<Exclude<CoverLevel, "full">, C>>,
): SceneCall<C> | null {
  const level = situation.cover.value;
  return level === "full" ? null : { value: words[level], source: situation.cover.source };
}

export interface SceneSituation {
  /** Spaces between the nearest spaces of attacker and target (1: next to each other). */
  readonly spaces: number;
  /** The target stands within the attacker's reach (engaged, adjacent, in melee range). */
  readonly adjacent: SceneCall<boolean>;
  /** A foe stands next to the attacker (shooting while in melee). */
  readonly inMelee: SceneCall<boolean>;
  /** Two of the attacker's side stand next to the target on opposite sides. */
  readonly flanked: SceneCall<boolean>;
  /** How many of the attacker's side (the attacker not counted) stand next to the target. */
  readonly alliesAdjacent: SceneCall<number>;
  readonly cover: SceneCall<CoverLevel>;
  /** The attacker sees the target past the walls. */
  readonly seen: SceneCall<boolean>;
  /** The target's elevation less the attacker's, in the scene's units. */
  readonly elevation: SceneCall<number>;
  /** The attacker's token moved this turn (core records a token's moves while it fights). */
  readonly moved: SceneCall<boolean>;
  /** The target stands in darkness (light.ts: no light reaches it). */
  readonly targetDark: SceneCall<boolean>;
  /** The attacker stands in darkness. */
  readonly attackerDark: SceneCall<boolean>;
  /** The target or the attacker stands in a Region the GM marked as obscuring (smoke, fog). */
  readonly obscured: SceneCall<boolean>;
}

/** core CONST.WALL_MOVEMENT_TYPES.NONE, WALL_SENSE_TYPES.NORMAL, WALL_DOOR_STATES.OPEN. */
const MOVE_NONE = 0;
const SIGHT_NORMAL = 20;
const DOOR_OPEN = 1;

interface WallFields {
  readonly c: readonly number[];
  readonly move?: number;
  readonly sight?: number;
  readonly door?: number;
  readonly ds?: number;
}

export { footprintOf };

/** The scene's walls in spaces, those that give cover and those that hide. */
export function wallsOf(
  scene: Scene.Implementation,
  size: number,
): { cover: Segment[]; sight: Segment[] } {
  const cover: Segment[] = [];
  const sight: Segment[] = [];
  for (const doc of scene.walls.contents as unknown as WallFields[]) {
    const [x0, y0, x1, y1] = doc.c;
    if (x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined) continue;
    if ((doc.door ?? 0) > 0 && doc.ds === DOOR_OPEN) continue;
    const segment = { x0: x0 / size, y0: y0 / size, x1: x1 / size, y1: y1 / size };
    if ((doc.move ?? MOVE_NONE) !== MOVE_NONE) cover.push(segment);
    if ((doc.sight ?? 0) >= SIGHT_NORMAL) sight.push(segment);
  }
  return { cover, sight };
}

/** Whether the token's actor still fights (its ruleset's `outOfFight` says nothing). */
function fightsByHook(token: SceneToken): boolean {
  const actor = token.actor;
  if (actor === null) return false;
  const out = combatHooks().outOfFight?.(actor) ?? null;
  return out === null || out.reason === "";
}

/** Its side as the attacker's token sees it: the same disposition, the opposite one, or other. */
function sideOf(attacker: SceneToken, other: SceneToken): Bystander["side"] {
  if (other.disposition === attacker.disposition) return "ally";
  return other.disposition * attacker.disposition < 0 ? "foe" : "other";
}

function nameOf(token: SceneToken): string {
  return token.name || (token.actor?.name ?? "");
}

export interface SituationOptions {
  /** The attacker's reach in spaces (default 1: the next space). */
  readonly reach?: number;
  /** Whether a token still fights (default: its ruleset's `outOfFight` combat hook says not). */
  readonly fights?: (token: SceneToken) => boolean;
}

/** The scene's situation for an attack by one actor on another, or null when not on one scene. */
export function sceneSituation(
  attackerActor: Actor.Implementation,
  targetActor: Actor.Implementation,
  options: SituationOptions = {},
): SceneSituation | null {
  const attacker = tokenOf(attackerActor);
  const scene = attacker?.parent ?? null;
  const target = scene === null ? null : tokenOn(scene, targetActor);
  if (attacker === null || scene === null || target === null) return null;
  return situationOfTokens(scene, attacker, target, options);
}

/** The scene's situation between two tokens of a scene (null when a number cannot be measured). */
export function situationOfTokens(
  scene: Scene.Implementation,
  attacker: SceneToken,
  target: SceneToken,
  options: SituationOptions = {},
): SceneSituation | null {
  const size = scene.grid.size;
  const fights = options.fights ?? fightsByHook;
  const byId = new Map<string, SceneToken>([[attacker.id ?? "", attacker]]);
  const others: Bystander[] = [];
  for (const token of scene.tokens.contents) {
    const id = token.id ?? "";
    if (id === attacker.id) continue;
    byId.set(id, token);
    others.push({
      id,
      footprint: footprintOf(token, size),
      side: sideOf(attacker, token),
      fights: fights(token),
      elevation: token.elevation,
    });
  }
  const walls = wallsOf(scene, size);
  const measured = measureScene({
    attacker: {
      id: attacker.id ?? "",
      footprint: footprintOf(attacker, size),
      side: "ally",
      fights: true,
      elevation: attacker.elevation,
    },
    target: {
      id: target.id ?? "",
      footprint: footprintOf(target, size),
      elevation: target.elevation,
    },
    others,
    coverWalls: walls.cover,
    sightWalls: walls.sight,
    ...(options.reach === undefined ? {} : { reach: options.reach }),
    // Heights count in spaces of the grid's size (a token a space up stands a space away).
    ...(scene.grid.distance > 0 ? { unitsPerSpace: scene.grid.distance } : {}),
  });
  if (!measured.ok) return null;
  const m = measured.value;
  const loc = i18n();
  const who = { target: nameOf(target), spaces: m.spaces };
  const names = (ids: readonly string[]) =>
    ids.map((id) => (byId.get(id) ? nameOf(byId.get(id) as SceneToken) : id)).join(", ");
  const history = (attacker as unknown as { movementHistory?: readonly unknown[] }).movementHistory;
  const moved = (history?.length ?? 0) > 0;
  const rise = m.elevation;
  const targetDark = inDarkness(scene, target);
  const cloud = (token: SceneToken) => {
    const region = obscuringRegionOf(scene, token);
    return region === null ? null : { name: nameOf(token), region: region.name };
  };
  const obscured = cloud(target) ?? cloud(attacker);
  const attackerDark = inDarkness(scene, attacker);
  const units = scene.grid.units;
  return {
    spaces: m.spaces,
    adjacent: {
      value: m.adjacent,
      source: loc.format(`FRAY.Scene.Source.${m.adjacent ? "InReach" : "OutOfReach"}`, who),
    },
    inMelee: {
      value: m.foesAdjacent.length > 0,
      source:
        m.foesAdjacent.length > 0
          ? loc.format(`FRAY.Scene.Source.InMelee`, { names: names(m.foesAdjacent) })
          : loc.localize(`FRAY.Scene.Source.NoMelee`),
    },
    flanked: {
      value: m.flanked,
      source:
        m.flankers === null
          ? loc.format(`FRAY.Scene.Source.NotFlanked`, who)
          : loc.format(`FRAY.Scene.Source.Flanked`, { ...who, names: names(m.flankers) }),
    },
    alliesAdjacent: {
      value: m.alliesAdjacent.length,
      source: loc.format(`FRAY.Scene.Source.Allies`, { ...who, count: m.alliesAdjacent.length }),
    },
    cover: {
      value: m.cover.level,
      source: loc.format(`FRAY.Scene.Source.Cover.${m.cover.level}`, {
        ...who,
        blocked: m.cover.blocked,
        rays: m.cover.rays,
      }),
    },
    seen: {
      value: m.seen,
      source: loc.format(`FRAY.Scene.Source.${m.seen ? "Seen" : "Unseen"}`, who),
    },
    elevation: {
      value: rise,
      source:
        rise === 0
          ? loc.format(`FRAY.Scene.Source.SameHeight`, who)
          : loc.format(`FRAY.Scene.Source.${rise > 0 ? "Higher" : "Lower"}`, {
              ...who,
              difference: Math.abs(rise),
              units,
            }),
    },
    moved: {
      value: moved,
      source: loc.localize(`FRAY.Scene.Source.${moved ? "Moved" : "NotMoved"}`),
    },
    targetDark: {
      value: targetDark,
      source: loc.format(`FRAY.Scene.Source.${targetDark ? "TargetDark" : "TargetLit"}`, who),
    },
    attackerDark: {
      value: attackerDark,
      source: loc.localize(`FRAY.Scene.Source.${attackerDark ? "AttackerDark" : "AttackerLit"}`),
    },
    obscured: {
      value: obscured !== null,
      source:
        obscured === null
          ? loc.format("FRAY.Scene.Source.Clear", who)
          : loc.format("FRAY.Scene.Source.Obscured", obscured),
    },
  };
}

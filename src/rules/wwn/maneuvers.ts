/**
 * WWN combat maneuvers other than a plain attack (attack.ts handles Snap, Charge, Swarm's final
 * blow and free attacks through `situation.kind`), one module per family under maneuvers/. Each
 * pays its action, draws its dice in the order its comment gives, and returns the new states and
 * the document changes, or a refusal. Each checks its input first (the actor, the weapon, the
 * options, every choice), and refuses a bad number, name or value by name.
 */
export {
  GRAPPLE_CHECK,
  SHATTER_CHECK,
  SHOVE_CHECK,
  TARGET_SIZES,
  TERRAINS,
} from "./maneuvers/common.ts";
export type {
  HitManeuverOutcome,
  HitManeuverRefusal,
  ManeuverRefusal,
  SimpleOutcome,
  TargetSize,
  Terrain,
} from "./maneuvers/common.ts";
export * from "./maneuvers/movement.ts";
export * from "./maneuvers/items.ts";
export * from "./maneuvers/holding.ts";
export * from "./maneuvers/swarm.ts";
export * from "./maneuvers/cast.ts";
export * from "./maneuvers/shove.ts";
export * from "./maneuvers/grapple.ts";
export * from "./maneuvers/screen.ts";
export * from "./maneuvers/execution.ts";
export * from "./maneuvers/skill-use.ts";

/**
 * Fray's Region behaviours (issue 24), registered for every ruleset so a Region keeps loading
 * whichever ruleset the world plays:
 *
 * - `fray.roughTerrain` (system.json `documentTypes.RegionBehavior`, its model in
 *   `CONFIG.RegionBehavior.dataModels`, as core v13 asks of a system's subtype): the GM marks a
 *   Region as rough ground with a difficulty (the hits its roll needs). Every ruleset counts it as
 *   difficult ground (movement/terrain.ts); the dice-pool game asks for its roll for each rough
 *   space a move enters (rulesets/dicepool/terrain.ts).
 *
 * It listens to no Region event: the active GM measures a move's path itself when the move is
 * recorded (movement/register.ts), as it prices the move, so a path is read once, by the referee.
 */
import { SYSTEM_ID } from "../constants.ts";

/** The rough-terrain behaviour's type (the package id, then its name, as core namespaces it). */
export const ROUGH_TERRAIN = `${SYSTEM_ID}.roughTerrain`;

/** The hardest difficulty a GM may set (the dice-pool game's largest pool). */
export const MAX_ROUGH_DIFFICULTY = 1000;

function roughTerrainSchema() {
  const { NumberField } = foundry.data.fields;
  return {
    /** Hits the mover's roll needs on each rough space (the GM's call, by the ground). */
    difficulty: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      max: MAX_ROUGH_DIFFICULTY,
      initial: 1,
      label: "FRAY.Movement.Terrain.Behavior.difficulty",
      hint: "FRAY.Movement.Terrain.Behavior.difficultyHint",
    }),
  };
}
type RoughTerrainSchema = ReturnType<typeof roughTerrainSchema>;

/**
 * The `system` model of a rough-terrain behaviour. Defined when init registers it, not when the
 * module loads: core's base class exists only in Foundry, and the bench and the rules' tools
 * import the movement modules without it.
 */
function roughTerrainModel() {
  return class RoughTerrainData extends foundry.data.regionBehaviors
    .RegionBehaviorType<RoughTerrainSchema> {
    static override defineSchema(): RoughTerrainSchema {
      return roughTerrainSchema();
    }
  };
}

/** Registers Fray's behaviour types with core (at init). */
export function registerRegionBehaviors(): void {
  const config = CONFIG.RegionBehavior as unknown as {
    dataModels: Record<string, unknown>;
    typeIcons: Record<string, string>;
  };
  config.dataModels[ROUGH_TERRAIN] = roughTerrainModel();
  config.typeIcons[ROUGH_TERRAIN] = "fa-solid fa-hill-rockslide";
}

/** What Fray reads of a RegionBehavior. */
interface BehaviorLike {
  readonly type?: string;
  readonly disabled?: boolean;
  readonly system?: { readonly difficulty?: unknown };
}

/**
 * The difficulty of the Region's rough ground: the hardest of its enabled rough-terrain
 * behaviours, or null when it has none. A stored value that is no whole count in range reads as
 * the model's default (1).
 */
export function roughDifficultyOf(region: {
  readonly behaviors?: { readonly contents: readonly unknown[] };
}): number | null {
  let hardest: number | null = null;
  for (const raw of region.behaviors?.contents ?? []) {
    const behavior = raw as BehaviorLike;
    if (behavior.type !== ROUGH_TERRAIN || behavior.disabled === true) continue;
    const stored = behavior.system?.difficulty;
    const difficulty =
      typeof stored === "number" &&
      Number.isInteger(stored) &&
      stored >= 0 &&
      stored <= MAX_ROUGH_DIFFICULTY
        ? stored
        : 1;
    hardest = Math.max(hardest ?? 0, difficulty);
  }
  return hardest;
}

import { choiceField, htmlField, resourceField } from "./fields.ts";
import { storageFields, wireSystemModels } from "./migrate.ts";

/**
 * Energy a new actor starts with. Worldlines leaves the pool size to the table; six lets a
 * fresh character attack three times or attack, move twice and still evade once. A GM changes
 * it per actor on the sheet.
 */
export const DEFAULT_ENERGY_MAX = 6;
export const DEFAULT_HEALTH_MAX = 10;

export const NPC_RANKS = ["minor", "elite", "boss"] as const;

/**
 * What token bars may show for actors of the generic models (rulesets without their own yet):
 * health on the first bar, Energy on the second (see src/foundry/token-bars.ts).
 */
export const GENERIC_TOKEN_BARS = {
  trackable: { bar: ["health", "energy"], value: [] },
  secondary: "energy",
} as const;
export type NpcRank = (typeof NPC_RANKS)[number];

function sharedActorSchema() {
  return {
    health: resourceField(DEFAULT_HEALTH_MAX),
    energy: resourceField(DEFAULT_ENERGY_MAX),
    biography: htmlField(),
    ...storageFields(),
  };
}

type SharedActorSchema = ReturnType<typeof sharedActorSchema>;

/** A player character. Ruleset-specific fields join this schema as each ruleset lands. */
export class CharacterData extends foundry.abstract.TypeDataModel<
  SharedActorSchema,
  Actor.Implementation
> {
  static override defineSchema(): SharedActorSchema {
    return sharedActorSchema();
  }
}

function npcSchema() {
  return { ...sharedActorSchema(), rank: choiceField(NPC_RANKS, "minor") };
}

type NpcSchema = ReturnType<typeof npcSchema>;

/** A GM-run combatant; its rank decides how some rules treat it (headshots, for one). */
export class NpcData extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation> {
  static override defineSchema(): NpcSchema {
    return npcSchema();
  }
}

/** The generic actor models; health and Energy each keep their value at most their maximum. */
export const GENERIC_ACTOR_MODELS = wireSystemModels(
  "generic",
  { Actor: { character: CharacterData, npc: NpcData } },
  { Actor: ["health", "energy"] },
);

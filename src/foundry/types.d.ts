/**
 * Tells fvtt-types which classes Fray registers at init, so documents, system data and settings
 * are typed as they really are at run time. Keep in step with init.ts.
 */
import type { CharacterData, NpcData } from "./data/actor.ts";
import type { ArmorData, GearData, TechniqueData, WeaponData } from "./data/item.ts";
import type { TeamData } from "./data/team.ts";
import type { FrayActor } from "./documents/actor.ts";
import type { FrayCombat, FrayCombatant, FrayCombatantGroup } from "./documents/combat.ts";
import type { FrayItem } from "./documents/item.ts";
import type { RulesetId } from "../rules/registry.ts";

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof FrayActor;
    Item: typeof FrayItem;
    Combat: typeof FrayCombat;
    Combatant: typeof FrayCombatant;
    CombatantGroup: typeof FrayCombatantGroup;
  }

  interface DataModelConfig {
    Actor: {
      character: typeof CharacterData;
      npc: typeof NpcData;
    };
    Item: {
      weapon: typeof WeaponData;
      armor: typeof ArmorData;
      gear: typeof GearData;
      technique: typeof TechniqueData;
    };
    CombatantGroup: {
      team: typeof TeamData;
    };
  }

  /** All of Fray's code runs from the init hook on, when `game` already has its settings. */
  interface AssumeHookRan {
    init: never;
  }

  interface SettingConfig {
    "fray.ruleset": RulesetId;
  }
}

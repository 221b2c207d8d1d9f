/**
 * Tells fvtt-types which classes Fray registers at init, so documents, system data and settings
 * are typed as they really are at run time. Keep in step with init.ts.
 *
 * Actor and item data differ per ruleset, and a type can name one model only: they are typed as
 * Worldlines', the default ruleset. Code for another ruleset reads `system` through its own view.
 */
import type {
  WorldlinesArmorData,
  WorldlinesCharacterData,
  WorldlinesGearData,
  WorldlinesNpcData,
  WorldlinesTechniqueData,
  WorldlinesWeaponData,
} from "./rulesets/worldlines/data.ts";
import type { TeamData } from "./data/team.ts";
import type { DicepoolVehicleData } from "./rulesets/dicepool/vehicle/data.ts";
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
      character: typeof WorldlinesCharacterData;
      npc: typeof WorldlinesNpcData;
      /** Played only by the dice-pool game; inert (storage fields only) under the others. */
      vehicle: typeof DicepoolVehicleData;
    };
    Item: {
      weapon: typeof WorldlinesWeaponData;
      armor: typeof WorldlinesArmorData;
      gear: typeof WorldlinesGearData;
      technique: typeof WorldlinesTechniqueData;
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
    "fray.autoApplyDamage": boolean;
    "fray.turnStrictness": "strict" | "lenient";
    "fray.secondsPerRound": number;
    /** Defeated and out-of-fight combatants keep their turns (default: the order skips them). */
    "fray.keepOutOfFight": boolean;
    /** The ruleset the stored data was last written for ("" before the first migration). */
    "fray.dataRuleset": string;
    /** The data version (SCHEMA_VERSION) the stored data was last written in (0: never). */
    "fray.dataVersion": number;
  }
}

/**
 * The shapes of a Worldlines attack: what is declared, what the defender chooses, the rolls and the
 * outcome (attack.ts resolves it, attack-checks.ts says whether it may be made and its modifiers).
 */
import type { Checked } from "../core/checked.ts";
import type { StepDie } from "../core/dice.ts";
import type { FormulaRefusal } from "../core/formula.ts";
import type { CheckResult } from "./checks.ts";
import type {
  Cover,
  RangeBand,
  StatusId,
  WorldlinesCombatant,
  WorldlinesWeapon,
  Zone,
} from "./model.ts";
import type { HeadshotEffect } from "./options.ts";
import type { InputRefusalReason } from "./valid.ts";

export interface Modifier {
  readonly source: string;
  readonly value: number;
}

/** What the attacker declares and the situation on the table. */
export interface AttackSituation {
  /** Aimed zone; none declared means the torso. */
  readonly zone?: Zone;
  /** Range band of a ranged or thrown attack (default: short). Melee attacks have none. */
  readonly range?: RangeBand;
  readonly cover?: Cover;
  readonly poorVisibility?: boolean;
  readonly flanked?: boolean;
  /** Declared non-lethal intent. */
  readonly nonLethal?: boolean;
  /** Further accuracy modifiers (techniques, attachments, GM calls). */
  readonly modifiers?: readonly Modifier[];
  /** Further modifiers to the defender's Evasion rolls. */
  readonly evasionModifiers?: readonly Modifier[];
  /** Energy the attack costs, when not the usual (e.g. an Opportunity Attack). */
  readonly energyCost?: number;
}

export interface AttackInput {
  readonly attacker: WorldlinesCombatant;
  readonly defender: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly situation?: AttackSituation;
}

/** What the defender knows when deciding whether to spend Energy on Evasion. */
export interface DefenseView {
  readonly attackTotal: number;
  readonly critical: boolean;
  /** The failed Evasion total, when deciding on an extra Evasion. */
  readonly evasionTotal?: number;
}
export type Decide = boolean | ((view: DefenseView) => boolean);

export interface DefenseChoice {
  /** Spend Energy on an Evasion roll when allowed (default: no). */
  readonly evade?: Decide;
  /** After a failed Evasion, interrupt for one more (default: no). */
  readonly extraEvasion?: Decide;
}

export type AttackRefusal =
  | "notActive"
  | "staggered"
  | "notEnoughEnergy"
  | "charmedByTarget"
  | "nonLethalNotAllowed"
  | FormulaRefusal
  | InputRefusalReason
  | "sameCombatant";

export type EvasionRefusal =
  "critical" | "notActive" | "notEnoughEnergy" | "interruptUsed" | "stressed" | InputRefusalReason;

export interface AttackRoll {
  readonly die: StepDie;
  readonly natural: number;
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  readonly critical: boolean;
}

export interface EvasionRoll {
  /** The faces rolled (two with disadvantage: the lower counts). */
  readonly naturals: readonly number[];
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  readonly success: boolean;
  /** Made as an interruption. */
  readonly extra: boolean;
}

export interface DamageRoll {
  /** The weapon's damage: rolled, or the critical value. */
  readonly weapon: number;
  readonly critical: boolean;
  /** Point-blank (or the weapon's band) bonus. */
  readonly rangeBonus: number;
  /** 3 on a tripling headshot, else 1. */
  readonly multiplier: number;
  /** Damage before armor. */
  readonly total: number;
  readonly armorDie: StepDie | null;
  readonly armorRoll: number;
  /** Armor roll + armor quality, never below 0. */
  readonly armor: number;
  /** Damage after armor, never below 0. */
  readonly dealt: number;
}

export interface LimbCheck {
  readonly zone: "arms" | "legs";
  readonly check: CheckResult;
  /** Failing makes the target drop what it holds (arms) or fall prone (legs). */
  readonly effect: "held" | "droppedItem" | "fellProne";
  /** A critical failure also brings Bleeding and disables the limb. */
  readonly limbDisabled: boolean;
}

export interface AttackOutcome {
  readonly attack: AttackRoll;
  readonly evasions: readonly EvasionRoll[];
  /** Why the defender could not evade (only when it wanted to). */
  readonly evasionRefused?: EvasionRefusal;
  readonly hit: boolean;
  readonly headshot?: {
    readonly roll: number;
    readonly from: number;
    readonly effect: HeadshotEffect | "miss";
  };
  readonly damage?: DamageRoll;
  /** Health the defender actually lost. */
  readonly healthLost: number;
  readonly killed: boolean;
  readonly downed?: "dying" | "unconscious" | "dead";
  readonly unconsciousMinutes?: number;
  readonly limbCheck?: LimbCheck;
  readonly statusesApplied: readonly StatusId[];
  /** The defender was charmed by the attacker; being attacked broke it. */
  readonly charmBroken: boolean;
  readonly energySpent: { readonly attacker: number; readonly defender: number };
  /** The attacker and the defender after the attack, within their checks' bounds. */
  readonly attacker: Checked<WorldlinesCombatant>;
  readonly defender: Checked<WorldlinesCombatant>;
}

/**
 * The shapes of a WWN attack: what is declared (the kind of attack, the situation), the rolls and
 * the outcome (attack-rules.ts resolves it; attack.ts is the public side).
 */
import type { Checked } from "../core/checked.ts";
import type { FormulaRefusal } from "../core/formula.ts";
import type { Modifier } from "../core/modifier.ts";
import type { ActionRefusal, TurnContext } from "./actions.ts";
import type { AttackMode, Cover, Harm, WwnCombatant, WwnWeapon } from "./model.ts";
import type { InputRefusalReason } from "./valid.ts";

export type { Modifier };

/**
 * Which attack this is, for its action cost and modifiers:
 * - attack: a Main Action;
 * - snap: an Instant that spends the pending Main, at a penalty; PCs and named NPCs by default;
 * - charge: Move + Main, `feet` covered in a straight line first (10 ft to 2 × speed), a bonus
 *   to hit and an AC penalty for the rest of the round; melee or thrown only; `moved`: its move
 *   was made on the map and paid the Move and the Main with it (move-cost.ts; the referee says
 *   so from its own record), so the attack spends nothing more;
 * - swarm: the attack that closes a swarm (its Main went to joining it); `allies` is how many
 *   other swarmers still stand;
 * - free: an Instant that costs nothing (a foe leaving melee without a Fighting Withdrawal).
 */
export type AttackKind =
  | { readonly kind: "attack" }
  | { readonly kind: "snap" }
  | { readonly kind: "charge"; readonly feet: number; readonly moved?: boolean }
  | { readonly kind: "swarm"; readonly allies: number }
  | { readonly kind: "free" };

export interface AttackSituation {
  /** How the weapon is used; default: the weapon's own mode. */
  readonly mode?: AttackMode;
  readonly kind?: AttackKind;
  /** The target is within melee reach of the attacker. Default: yes for melee, no otherwise. */
  readonly adjacent?: boolean;
  readonly cover?: Cover;
  /** A foe is in melee with the attacker (bows cannot shoot; thrown and one-handed shots suffer). */
  readonly inMelee?: boolean;
  /** Wielding two one-handed weapons: a hit penalty and a damage bonus (not to Shock). */
  readonly dualWielding?: boolean;
  /** Someone is grappling the attacker: only unarmed attacks. */
  readonly grappled?: boolean;
  /** What the attack means to do at 0 hit points. Default lethal. */
  readonly harm?: Harm;
  /** Further hit-roll modifiers (spells, Foci, GM calls). */
  readonly modifiers?: readonly Modifier[];
  /** Further damage bonuses that do not add to Shock. */
  readonly damageBonuses?: readonly Modifier[];
  /** Damage bonuses that say they add to Shock too. */
  readonly shockBonuses?: readonly Modifier[];
}

export interface AttackInput {
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly situation?: AttackSituation;
  /** Whether it is the attacker's own turn (default yes). */
  readonly turn?: TurnContext;
}

export type AttackRefusal =
  | ActionRefusal
  | "sameCombatant"
  | "notActive"
  | "targetDead"
  | "notReadied"
  | "notLoaded"
  | "outOfAmmo"
  | FormulaRefusal
  | InputRefusalReason
  | "notMeleeWeapon"
  | "cannotThrow"
  | "targetNotAdjacent"
  | "bowInMelee"
  | "onlyUnarmedWhileGrappling"
  | "dualWieldSkill"
  | "unarmedCannotDualWield"
  | "snapNotAllowed"
  | "needsTenFeet"
  | "chargeTooFar"
  | "chargeNeedsMeleeOrThrown"
  | "badSwarm"
  | "nonLethalNotAllowed";

export interface HitRoll {
  readonly natural: number;
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  /** The AC it was compared with (this round's AC). */
  readonly ac: number;
  readonly hit: boolean;
}

export type ShockBlock = "noShock" | "notMelee" | "acTooHigh" | "totalDefense" | "immune";

/** The Shock this attack would deal on a miss, and whether it reaches this target. */
export interface Shock {
  readonly value: number;
  readonly applies: boolean;
  /** Why it does not apply. */
  readonly blocked?: ShockBlock;
}

export interface DamageRoll {
  readonly faces: readonly number[];
  /** The weapon formula's total. */
  readonly rolled: number;
  readonly bonuses: readonly Modifier[];
  /** Rolled + bonuses (a Swarm's bonus capped at the blow's usual maximum), before the Shock floor. */
  readonly total: number;
}

export interface AttackOutcome {
  readonly hit: HitRoll;
  readonly damage?: DamageRoll;
  readonly shock: Shock;
  /** Hit points the blow takes: damage (at least the Shock) on a hit, the Shock on a miss. */
  readonly dealt: number;
  /** Dealt by Shock alone (a miss), or raised to the Shock on a hit. */
  readonly byShock: boolean;
  readonly hpLost: number;
  readonly downed?: WwnCombatant["life"];
  /** The attacker, the defender and the weapon after the attack, within their checks' bounds. */
  readonly attacker: Checked<WwnCombatant>;
  readonly defender: Checked<WwnCombatant>;
  readonly weapon: Checked<WwnWeapon>;
}

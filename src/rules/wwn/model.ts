/**
 * The Worlds Without Number combat state the rules read, as plain data. The shell builds these
 * from actor, item and combatant documents; the rules hand back new values plus the document
 * changes (changes.ts).
 */

/** What a combatant has spent this round (actions.ts: the rules that spend it). */
export interface ActionState {
  /** The Main Action has been used (for an attack, a spell, a second Move, Total Defense …). */
  readonly mainUsed: boolean;
  /** The Main Action went to a second Move. */
  readonly mainAsMove: boolean;
  /** Move actions begun this round (2 when the Main went to a Move). */
  readonly movesUsed: number;
  /** Feet covered by the latest Move action, and how far it may go. */
  readonly moveFeet: number;
  readonly moveLimit: number;
  /** The latest Move may still go on (no Main Action since it began). */
  readonly moveOpen: boolean;
  /** A Main Action cut a Move short: the rest of that Move is lost. */
  readonly moveSplit: boolean;
  readonly onTurn: number;
  readonly instants: number;
  /** Held with Hold an Action: what is left may be used out of turn, as Instants. */
  readonly holding: boolean;
  /** Delayed until this participant has acted. */
  readonly delayingFor: string | null;
  /** Total Defense: the AC bonus lasts until the start of the combatant's next turn. */
  readonly totalDefense: boolean;
  /** Immune to Shock until the round ends (Total Defense). */
  readonly shockProof: boolean;
  /** Charged this round: the AC penalty lasts until the round ends. */
  readonly charged: boolean;
  /** Made a Fighting Withdrawal this round: may leave melee without free attacks. */
  readonly withdrawn: boolean;
  /** Screening an ally until the combatant's next turn, and how many attackers it can still block. */
  readonly screening: { readonly allyId: string; readonly blocksLeft: number } | null;
}

export type Attribute = "str" | "dex" | "con" | "int" | "wis" | "cha";
export const ATTRIBUTES: readonly Attribute[] = ["str", "dex", "con", "int", "wis", "cha"];

/**
 * Where an actor stands:
 * - active: up and fighting;
 * - dying: a player character at 0 hit points (see options.zeroHp);
 * - unconscious: knocked out by a non-lethal attack, wakes after `downMinutes` with 1 hit point;
 * - helpless: stunned by a psychic or emotional attack for `downMinutes`;
 * - dead.
 */
export type WwnLife = "active" | "dying" | "unconscious" | "helpless" | "dead";
export const WWN_LIVES: readonly WwnLife[] = ["active", "dying", "unconscious", "helpless", "dead"];

/** How an attack wants to harm: kill, knock out, or overwhelm the mind. */
export type Harm = "lethal" | "nonLethal" | "psychic";
export const HARMS: readonly Harm[] = ["lethal", "nonLethal", "psychic"];

/** How a weapon is being used for this attack. */
export type AttackMode = "melee" | "ranged" | "thrown";
export const ATTACK_MODES: readonly AttackMode[] = ["melee", "ranged", "thrown"];

export type Cover = "none" | "half" | "almostFull";
export const WWN_COVERS: readonly Cover[] = ["none", "half", "almostFull"];

/** A shield carried by an actor (its AC bonus is already part of the actor's AC). */
export interface WwnShield {
  /** The item id: shattering it is an update to this item. */
  readonly id: string;
  readonly magical: boolean;
  readonly broken: boolean;
}

export interface WwnCombatant {
  /** The actor id: every document change is addressed to it. */
  readonly id: string;
  readonly name: string;
  readonly teamId: string;
  /** A player character (decides what 0 hit points means, and Snap Attacks by default). */
  readonly isPC: boolean;
  /** A named, notable NPC: may make Snap Attacks under the default option. */
  readonly named?: boolean;
  readonly life: WwnLife;
  readonly hp: { readonly value: number; readonly max: number };
  /** Wounds taken (an Execution Attack that is survived adds one). */
  readonly wounds: number;
  /** Armor Class as listed on the sheet (armor, shield, Dexterity already in). */
  readonly ac: number;
  /** Class attack bonus. */
  readonly attackBonus: number;
  /**
   * A stat block's total hit bonus (an NPC's listed attack bonus): when given, a hit roll adds it
   * instead of the combat skill, the class attack bonus and the attribute modifier. Absent or
   * null: the hit roll adds those three, as a PC's does.
   */
  readonly hitBonus?: number | null;
  /** Attribute modifiers (not scores), e.g. { str: 1, dex: -1 … }; missing counts 0. */
  readonly attributes: Readonly<Partial<Record<Attribute, number>>>;
  /** Skill levels by name ("stab", "shoot", "punch", "exert", "notice", "sneak" …). Absent: untrained. */
  readonly skills: Readonly<Record<string, number>>;
  /** Saving throw targets: a d20 at or above the number saves. */
  readonly saves: { readonly physical: number; readonly evasion: number; readonly mental: number };
  /** Normal combat movement in feet (30 for most humans). */
  readonly speed: number;
  readonly prone: boolean;
  /** The actor this one is grappling, if any (one at a time). */
  readonly grappling: string | null;
  readonly shield: WwnShield | null;
  /** A Focus (or similar) makes it immune to ordinary Shock; Swarm Shock still lands. */
  readonly shockImmune?: boolean;
  /** Minutes left unconscious or helpless. */
  readonly downMinutes?: number;
  /** This round's actions and the effects that last for the round (actions.ts). */
  readonly actions: ActionState;
}

export interface WwnWeapon {
  readonly id: string;
  readonly name: string;
  /** The combat skill its hit rolls use: usually "stab", "shoot" or "punch". */
  readonly skill: string;
  /** Attributes it may use; the better modifier applies (e.g. ["str", "dex"] for a dagger). */
  readonly attributes: readonly Attribute[];
  /** Damage formula, e.g. "1d6" or "1d8+1". */
  readonly damage: string;
  /** Shock points and the highest AC they reach ("Shock 2/15"); absent: no Shock. */
  readonly shock?: { readonly damage: number; readonly ac: number };
  /** A magic weapon's bonus: to hit, to damage and to Shock. */
  readonly magicBonus?: number;
  /** How it attacks by default; a thrown weapon may also be used in melee (situation.mode). */
  readonly mode: AttackMode;
  /** Can be thrown (a dagger, a spear). */
  readonly throwable?: boolean;
  /** A two-handed ranged weapon (a bow): unusable with a melee foe adjacent. */
  readonly twoHandedRanged?: boolean;
  readonly unarmed?: boolean;
  /** Unarmed attacks trained to kill (a Focus): allowed for Execution Attacks. */
  readonly lethalUnarmed?: boolean;
  /** Crushes or hews (axes, maces): can shatter shields. */
  readonly crushing?: boolean;
  /** Plausibly non-lethal (a club, fists): may knock out instead of kill. */
  readonly nonLethal?: boolean;
  /** Needs reloading after each shot (crossbows); bows reload faster (see actions). */
  readonly reload?: "bow" | "slow";
  /** Loaded and ready to shoot (weapons that reload). */
  readonly loaded?: boolean;
  /**
   * Tracked ammunition, when the weapon counts it: for a bow or crossbow the readied arrows or
   * quarrels each reload draws one from; for any other weapon the shots left in it (a magazine),
   * each attack spending one. Absent: not counted.
   */
  readonly ammo?: { readonly value: number; readonly max: number };
  /** Readied in hand (or at the belt): needed to attack. */
  readonly readied: boolean;
}

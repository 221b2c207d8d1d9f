/**
 * Every Freelancers number a GM may change, with its default. The defaults follow the combat
 * chapter; where it is silent they are the product decisions in shared/rules/README.md or,
 * failing that, the choice documented at the field.
 */
import { checkedAs } from "../core/checked.ts";
import type { Checked } from "../core/checked.ts";
import { mergeOptions } from "../core/options.ts";
import type { OptionOverrides } from "../core/options.ts";

/** A creature's size class; it moves its defense (and its static defense). */
export type SizeClass = "tiny" | "small" | "medium" | "large" | "huge";
export const SIZE_CLASSES: readonly SizeClass[] = ["tiny", "small", "medium", "large", "huge"];

/** How a counter behaves at the Upkeep. */
export interface CounterRule {
  /** Stacks the Upkeep takes away: a number, or "all". 0 keeps the counter until something else removes it. */
  readonly upkeepRemoves: number | "all";
}

export interface FreelancersOptions {
  /** Size of the check die (the book: d20). */
  readonly die: number;
  /** The natural face that is a critical fumble (the book: 20). */
  readonly fumbleFace: number;
  /**
   * A check passes when the rolled number is at or under its target (true) or only strictly under
   * it (false). The book says "roll under" without saying what an equal roll does; the usual
   * reading of a roll-under check lets an equal roll pass.
   */
  readonly equalPasses: boolean;
  /** A fumble fails the check even when the target is higher than the fumble face. */
  readonly fumbleFails: boolean;
  /**
   * With more than one net favorable (or unfavorable), roll that many extra dice (true) or still
   * only two (false). The book only speaks of two dice.
   */
  readonly edgeStacks: boolean;
  /** Integrity a weapon loses per fumble die (the book: one point per fumble). */
  readonly integrityPerFumble: number;
  /** Defense modifier by size (added to Agility; taken off the static defense base). */
  readonly size: Readonly<Record<SizeClass, number>>;
  /**
   * Static defense is this − the size modifier, unless the actor sets its own. The book gives a
   * static defense by size and no number: 10 is Fray's default (README), and the sign follows
   * the book's roll-under: a bigger target is easier to roll under (see attack.ts staticDefense).
   */
  readonly staticDefenseBase: number;
  /** Cover: light cover adds to the attacker's die; heavy cover adds unfavorables; full cover blocks. */
  readonly cover: { readonly lightDie: number; readonly heavyUnfavorable: number };
  /** Beyond maximum range: `penalty` on the attacker's die per `stepMeters` (or part of it). */
  readonly range: {
    readonly stepMeters: number;
    readonly penalty: number;
    /**
     * The attack beyond maximum range stays unfavorable as well (the long band's penalty). The
     * book stops calling it unfavorable there and only adds the penalty: off by default (README).
     */
    readonly beyondMaxUnfavorable: boolean;
  };
  /** Shapes (shapes.ts): a line's width and a touch's reach, in meters (the book gives neither). */
  readonly shapes: { readonly lineWidth: number; readonly touchReach: number };
  /** Attacking a target engaged with an opponent who is not incapacitated: unfavorables. */
  readonly engagedTargetUnfavorable: number;
  /** The off-hand attack of Two-Weapon Fighting: unfavorables. */
  readonly secondWeaponUnfavorable: number;
  /** Moving more than this many meters within an opponent's reach provokes it (the book: 1.5). */
  readonly opportunityMoveMeters: number;
  /** Dodge: favorables on defense rolls against attacks the dodger can see. */
  readonly dodgeFavorable: number;
  /**
   * Failed death checks that kill (README: 3). The failures are counted across Upkeeps; a
   * stabilize clears the count. With 1 a character downed in the enemy's turn would most often die
   * at the next Upkeep, before an ally could act.
   */
  readonly deathFailures: number;
  /** The attribute (and optional skill) of the death check: the Fortitude check. */
  readonly deathCheck: { readonly attribute: string; readonly skill: string | null };
  /** The check that stabilizes a Dying entity: Medicine (Help stabilizes without a roll). */
  readonly stabilizeCheck: { readonly attribute: string; readonly skill: string | null };
  /**
   * Help on an ally's check (the book: Help aids a teammate, a Base-action, without saying how):
   * that many favorables on the ally's next check (Fray's default: 1, a setting).
   */
  readonly helpFavorable: number;
  /** Hide's check (a Move-action): the book names Stealth; Fray adds Agility, the sheet's pairing. */
  readonly hideCheck: { readonly attribute: string; readonly skill: string | null };
  /** Search's check (a Move-action): the book names Investigation; Fray adds Intellect. */
  readonly searchCheck: { readonly attribute: string; readonly skill: string | null };
  /**
   * An attack from hiding gives the hider away: the GM's record of it being hidden ends. The book
   * says nothing of it; Fray's default is yes (a setting).
   */
  readonly attackRevealsHidden: boolean;
  /** The die of recharge rolls (the book: d10). */
  readonly rechargeDie: number;
  /** Counter kinds with their own Upkeep rule; any other kind loses `defaultUpkeepRemoves`. */
  readonly counters: Readonly<Record<string, CounterRule>>;
  readonly defaultUpkeepRemoves: number | "all";
}

/** The book's numbers (checked: a test holds them to checkOptions). */
export const DEFAULT_FREELANCERS_OPTIONS: Checked<FreelancersOptions> = checkedAs({
  die: 20,
  fumbleFace: 20,
  equalPasses: true,
  fumbleFails: true,
  edgeStacks: false,
  integrityPerFumble: 1,
  size: { tiny: 4, small: 2, medium: 0, large: -2, huge: -4 },
  staticDefenseBase: 10,
  cover: { lightDie: 2, heavyUnfavorable: 1 },
  range: { stepMeters: 3, penalty: 3, beyondMaxUnfavorable: false },
  shapes: { lineWidth: 1.5, touchReach: 1.5 },
  engagedTargetUnfavorable: 1,
  secondWeaponUnfavorable: 1,
  opportunityMoveMeters: 1.5,
  dodgeFavorable: 1,
  deathFailures: 3,
  deathCheck: { attribute: "fortitude", skill: null },
  stabilizeCheck: { attribute: "intellect", skill: "medicine" },
  helpFavorable: 1,
  hideCheck: { attribute: "agility", skill: "stealth" },
  searchCheck: { attribute: "intellect", skill: "investigation" },
  attackRevealsHidden: true,
  rechargeDie: 10,
  counters: {
    stun: { upkeepRemoves: 1 },
    stress: { upkeepRemoves: 1 },
    bleed: { upkeepRemoves: 1 },
  },
  defaultUpkeepRemoves: 1,
});

/** Options with some values changed (one level deep for the nested tables). */
export type FreelancersOptionOverrides = OptionOverrides<FreelancersOptions>;

export function withFreelancersOptions(
  overrides: FreelancersOptionOverrides = {},
): FreelancersOptions {
  return mergeOptions(DEFAULT_FREELANCERS_OPTIONS, overrides);
}

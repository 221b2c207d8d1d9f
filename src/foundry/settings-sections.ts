/**
 * Finer sections of the rules options menu (settings-menu-view.ts) for a ruleset whose options
 * would otherwise be one long flat "Rules" list (Freelancers, the two-dice game): each of these
 * settings is shown under the section named here instead of the one it was registered with.
 * Kept apart from the rulesets' settings files, so one place groups the menu.
 */
import type { MenuSection } from "./shared/settings.ts";

export const FINER_SECTIONS: Readonly<Record<string, MenuSection>> = {
  // Freelancers
  freelancersDie: "checks",
  freelancersFumbleFace: "checks",
  freelancersEqualPasses: "checks",
  freelancersEdgeStacks: "checks",
  freelancersSituationalModifierCap: "checks",
  freelancersSituationalEdgeCap: "checks",
  freelancersHelpFavorable: "checks",
  freelancersAutoNpcDefense: "attack",
  freelancersIntegrityPerFumble: "attack",
  freelancersStaticDefenseBase: "attack",
  freelancersSizeTiny: "attack",
  freelancersSizeSmall: "attack",
  freelancersSizeMedium: "attack",
  freelancersSizeLarge: "attack",
  freelancersSizeHuge: "attack",
  freelancersAttackRevealsHidden: "attack",
  freelancersLightCover: "range",
  freelancersHeavyCover: "range",
  freelancersRangeStep: "range",
  freelancersRangePenalty: "range",
  freelancersBeyondMaxUnfavorable: "range",
  freelancersLineWidth: "range",
  freelancersTouchReach: "range",
  freelancersDeathFailures: "life",
  freelancersDefaultUpkeepRemoves: "life",
  freelancersRechargeDie: "life",
  freelancersCounterRules: "life",
  // The two-dice game
  twodiceDieSides: "checks",
  twodiceSneakStillPenalty: "checks",
  twodiceAutoMin: "attack",
  twodiceAutoMax: "attack",
  twodiceAimBonus: "attack",
  twodiceRollWithIt: "attack",
  twodiceUnawareDefense: "attack",
  twodiceMovingTarget: "attack",
  twodiceRangeScale: "range",
  twodiceBeyondRangePerStep: "range",
  twodiceBeyondRangeMaxPenalty: "range",
  twodiceBeyondRangeMaxSteps: "range",
  twodiceWoundCircles: "life",
  twodiceBleedSlowlyEvery: "life",
  twodiceBleedSlowlyUnit: "life",
  twodiceBleedBadlyEvery: "life",
  twodiceBleedBadlyUnit: "life",
  twodiceDeathRule: "life",
  twodiceDeathMargin: "life",
  twodiceMedicineCircumstances: "life",
  twodiceMedicineTime: "life",
};

/** The section a setting is shown in: its finer one, else the one it was registered with. */
export function shownSection(setting: { readonly key: string; readonly section: MenuSection }) {
  return FINER_SECTIONS[setting.key] ?? setting.section;
}

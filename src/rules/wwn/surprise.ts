/**
 * Who is surprised. When the GM judges an ambush possible, the ambushers' Dex/Sneak is opposed by
 * the watchers' Wis/Notice; if the ambushers win, their side plays one full round alone before
 * the usual order (feed `surprise` to wwnInitiative, initiative.ts).
 *
 * Where the chapter is silent (groups): one check per side, made with the group's worst Sneak
 * (the clumsiest gives everyone away) against the watchers' best Notice (options.surpriseSneak,
 * options.surpriseNotice). Equal totals go against the ambushers (options.opposedTie).
 */
import type { DiceSource } from "../core/dice.ts";
import { refuse, ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkAllNumbers, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { checkWwnCheckUser, checkWwnOptions } from "./valid.ts";
import type { InputRefusal, InputRefusalReason } from "./valid.ts";
import type { TeamId } from "../combat/types.ts";
import type { CheckRoll, CheckSpec, CheckUser } from "./checks.ts";
import { actorWins, bestAttributeOf, rollCheckOf, skillTerm } from "./internal.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";
import type { WwnOptions } from "./options.ts";

export const SNEAK_CHECK: CheckSpec = { attributes: ["dex"], skills: ["sneak"] };
export const NOTICE_CHECK: CheckSpec = { attributes: ["wis"], skills: ["notice"] };

export interface SurpriseSide {
  readonly teamId: TeamId;
  readonly members: readonly CheckUser[];
  /** Situational modifier (darkness, noise, a lookout's warning …). */
  readonly modifier?: number;
}

export interface SurpriseOutcome {
  readonly sneak: CheckRoll;
  readonly notice: CheckRoll;
  readonly surprised: boolean;
  /** The teams that play the free round: [ambushers] on a win, else none. */
  readonly surprise: readonly TeamId[];
}

function pick(
  members: readonly CheckUser[],
  spec: CheckSpec,
  which: "worst" | "best",
  options: WwnOptions,
): CheckUser | undefined {
  let chosen: CheckUser | undefined;
  let chosenBonus = 0;
  for (const member of members) {
    const bonus =
      bestAttributeOf(member, spec.attributes) + skillTerm(member, spec.skills, options);
    const better = which === "best" ? bonus > chosenBonus : bonus < chosenBonus;
    if (chosen === undefined || better) {
      chosen = member;
      chosenBonus = bonus;
    }
  }
  return chosen;
}

/** A side's numbers at the boundary: its members' modifiers and skills, and its situational modifier. */
function checkSide(field: string, side: SurpriseSide): InputRefusal | undefined {
  return (
    checkNumber(`${field}.modifier`, side.modifier ?? 0, NUMBER_RULES.modifier) ??
    side.members.reduce<InputRefusal | undefined>(
      (found, m, i) =>
        found ??
        checkAllNumbers(`${field}.members.${String(i)}`, m, NUMBER_RULES.modifier) ??
        checkWwnCheckUser(`${field}.members.${String(i)}`, m),
      undefined,
    )
  );
}

/** Rolls the ambush: the ambushers' Sneak first, then the watchers' Notice. */
export function wwnSurpriseCheck(
  ambushers: SurpriseSide,
  watchers: SurpriseSide,
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<SurpriseOutcome, "noMembers" | "sameTeam" | InputRefusalReason> {
  const bad =
    checkSide("ambushers", ambushers) ??
    checkSide("watchers", watchers) ??
    checkWwnOptions(options);
  if (bad) return bad;
  if (ambushers.teamId === watchers.teamId) return refuse("sameTeam");
  const sneaker = pick(ambushers.members, SNEAK_CHECK, options.surpriseSneak, options);
  const watcher = pick(watchers.members, NOTICE_CHECK, options.surpriseNotice, options);
  if (sneaker === undefined || watcher === undefined) return refuse("noMembers");
  const sneak = rollCheckOf(
    { user: sneaker, spec: SNEAK_CHECK, modifier: ambushers.modifier ?? 0 },
    dice,
    options,
  );
  const notice = rollCheckOf(
    { user: watcher, spec: NOTICE_CHECK, modifier: watchers.modifier ?? 0 },
    dice,
    options,
  );
  const surprised = actorWins(sneak.total, notice.total, options);
  return ok({ sneak, notice, surprised, surprise: surprised ? [ambushers.teamId] : [] });
}

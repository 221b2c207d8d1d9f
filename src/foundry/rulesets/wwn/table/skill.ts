/**
 * Use a Skill at the table (a Main Action, from the sheet's skills row): the referee rolls the
 * check with core Roll and posts the maneuver card (table/maneuver-card.ts). With no target the
 * check stands alone and the GM judges its total; with one targeted token it is opposed by the
 * target's check (the skill and attribute the sheet names for it, shown on the card); a Heal check
 * at a targeted token stabilizes it at the rules' difficulty when it is dying, and is refused
 * otherwise (rules: useSkill, stabilize; the difficulty is the world's setting, settings.ts).
 *
 * The player sends ids and names only. The referee re-reads the user and the target from the
 * stored documents, the round from its ledger (the Main Action is spent there in a started
 * combat), and whether the target is dying from the target's stored life, which only the GM and
 * the target's owner can write; the target must fight in the user's combat or stand on its scene.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import type { DiceSource } from "../../../../rules/core/dice.ts";
import { ATTRIBUTES, stabilize, useSkill } from "../../../../rules/wwn/index.ts";
import type { Attribute, SkillUse } from "../../../../rules/wwn/index.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import { targetedActors, withinReach } from "../../../shared/actors.ts";
import { postedCard, rollModeNow } from "../../../shared/attack.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import { combatantId, refusalFor, warnWwnRefusal } from "../adapter.ts";
import { applyWwnOutcome, fighterOf } from "../budget.ts";
import { WWN_SKILLS } from "../data.ts";
import { wwnOptions } from "../settings.ts";
import type { WwnSkillId } from "../data.ts";
import {
  checkLine,
  maneuverKind,
  postManeuverCard,
  refereeManeuverFrame,
} from "./maneuver-card.ts";
import type { ManeuverScene, SettledManeuver, WwnManeuverCard } from "./maneuver-card.ts";

/** What a player asks for: the skill and attribute, and the target's when it is opposed. */
export interface WwnSkillIntent {
  readonly actorId: string;
  readonly skill: WwnSkillId;
  readonly attribute: Attribute;
  /** The targeted token's actor (rules id): opposed, or the patient of a Heal check. */
  readonly targetId?: string;
  /** The target's side of an opposed check (default: the same skill and attribute). */
  readonly against?: { readonly skill: WwnSkillId; readonly attribute: Attribute };
  readonly rollMode: string;
}

/** The choices the sheet passes: the skill, the attribute, the target's pair when opposed. */
export type WwnSkillChoices = Pick<WwnSkillIntent, "skill" | "attribute" | "against">;

const isSkill = (v: unknown): v is WwnSkillId => WWN_SKILLS.includes(v as WwnSkillId);
const isAttribute = (v: unknown): v is Attribute => ATTRIBUTES.includes(v as Attribute);

/** The intent from a payload, or null when anything in it is not what it should be. */
export function parseSkillIntent(raw: unknown): WwnSkillIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const { actorId, skill, attribute, targetId, against } = r;
  if (typeof actorId !== "string" || !isSkill(skill) || !isAttribute(attribute)) return null;
  if (targetId !== undefined && typeof targetId !== "string") return null;
  let side: WwnSkillIntent["against"];
  if (against !== undefined) {
    if (typeof against !== "object" || against === null) return null;
    const a = against as Record<string, unknown>;
    if (!isSkill(a["skill"]) || !isAttribute(a["attribute"])) return null;
    side = { skill: a["skill"], attribute: a["attribute"] };
  }
  return {
    actorId,
    skill,
    attribute,
    ...(targetId === undefined ? {} : { targetId }),
    ...(side === undefined ? {} : { against: side }),
    rollMode: typeof r["rollMode"] === "string" ? r["rollMode"] : "publicroll",
  };
}

const SKILL = "skill" as const;

/** "Dex/Heal", in the user's language. */
function pairName(use: { skill: string; attribute: string }): string {
  const say = (key: string) => i18n().localize(key);
  return `${say(`FRAY.Wwn.Attribute.${use.attribute}`)}/${say(`FRAY.Wwn.Skill.${use.skill}`)}`;
}

function card(
  scene: ManeuverScene,
  result: string,
  data: Record<string, string>,
  checks: WwnManeuverCard["checks"] = [],
): WwnManeuverCard {
  return {
    kind: SKILL,
    actorName: scene.me.name,
    targetName: scene.target?.name ?? null,
    weaponName: data["pair"] ?? null,
    hit: null,
    checks,
    result,
    resultData: { actor: scene.me.name, target: scene.target?.name ?? "", ...data },
  };
}

/** The check on the referee's dice: the rule's outcome and the card, or its refusal. */
function settleSkill(
  scene: ManeuverScene,
  intent: WwnSkillIntent,
  dice: DiceSource,
): Result<SettledManeuver> {
  const use: SkillUse = { skill: intent.skill, attribute: intent.attribute };
  const pair = pairName(use);
  const target = scene.target;
  if (target === null) {
    const out = useSkill(scene.me, use, dice, scene.turn);
    if (!out.ok) return out;
    const { roll } = out.value;
    return {
      ok: true,
      value: {
        updates: out.value.updates,
        card: card(scene, "FRAY.Wwn.Maneuver.Result.skill.check", {
          pair,
          faces: roll.faces.join(" + "),
          total: String(roll.total),
        }),
      },
    };
  }
  const other = fighterOf(target);
  if (intent.skill === "heal") {
    if (other.life !== "dying") return refuse("notDying", { target: target.name });
    const options = wwnOptions();
    const out = stabilize(scene.me, other, dice, scene.turn, options);
    if (!out.ok) return out;
    const { roll, stabilized } = out.value;
    const difficulty = String(options.stabilizeDifficulty);
    return {
      ok: true,
      value: {
        updates: out.value.updates,
        card: card(
          scene,
          stabilized === true
            ? "FRAY.Wwn.Maneuver.Result.skill.stabilized"
            : "FRAY.Wwn.Maneuver.Result.skill.notStabilized",
          { pair, difficulty, total: String(roll.total) },
          [checkLine(scene.me.name, roll, stabilized === true)],
        ),
      },
    };
  }
  const against: SkillUse = intent.against ?? use;
  const out = useSkill(scene.me, use, dice, scene.turn, undefined, { actor: other, use: against });
  if (!out.ok) return out;
  const check = out.value.opposed;
  if (check === undefined) return refuse("badRequest");
  return {
    ok: true,
    value: {
      updates: out.value.updates,
      card: card(
        scene,
        check.actorWins
          ? "FRAY.Wwn.Maneuver.Result.skill.won"
          : "FRAY.Wwn.Maneuver.Result.skill.lost",
        { pair: `${pair} / ${pairName(against)}` },
        [
          checkLine(scene.me.name, check.actor, check.actorWins),
          checkLine(target.name, check.defender, !check.actorWins),
        ],
      ),
    },
  };
}

/** The declaration of Use a Skill: settled by the referee in one go, no button on its card. */
export const wwnSkillDeclaration = cardDeclaration<WwnSkillIntent>({
  kind: maneuverKind(SKILL),
  parse: parseSkillIntent,
  warn: warnWwnRefusal,
  referee: (intent, sender) =>
    refereeManeuverFrame(SKILL, intent, sender, async (scene) => {
      if (intent.targetId !== undefined && scene.target === null) return refuse("noTarget");
      if (scene.target !== null && !withinReach(scene.actor, scene.target)) {
        return refuse("targetNotHere", { target: scene.target.name });
      }
      const rolled = await withDice((dice) => settleSkill(scene, intent, dice));
      const outcome = rolled.value;
      if (!outcome.ok) return refusalFor(outcome, scene.actor);
      const { updates, card: shown } = outcome.value;
      await applyWwnOutcome(updates, scene.fight?.combat ?? null);
      const message = await postManeuverCard(scene.actor, shown, rolled.rolls, intent, sender);
      return message === null ? refuse("failed") : { ok: true, value: message.id };
    }),
});

/**
 * Use a Skill from the sheet (a Main Action): with no token targeted the check stands alone; with
 * one, it is opposed by the target (or, for Heal at a dying target, stabilizes it). A refusal is a
 * localized warning; returns the card's message, or null.
 */
export async function wwnUseSkill(
  actor: Actor.Implementation,
  choices: WwnSkillChoices,
): Promise<ChatMessage.Implementation | null> {
  const targets = targetedActors();
  if (targets.length > 1) {
    warnWwnRefusal(refuse("tooManyTargets"));
    return null;
  }
  const target = targets[0];
  if (target !== undefined && !withinReach(actor, target)) {
    warnWwnRefusal(refuse("targetNotHere", { target: target.name }));
    return null;
  }
  const intent: WwnSkillIntent = {
    ...choices,
    actorId: combatantId(actor),
    ...(target === undefined ? {} : { targetId: combatantId(target) }),
    rollMode: rollModeNow(),
  };
  return postedCard(await declareCard(maneuverKind(SKILL), intent));
}

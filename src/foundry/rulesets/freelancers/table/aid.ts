/**
 * Help on an ally's check, on one card of the card protocol: the helper's owner targets the ally's
 * token and presses Aid on the sheet on its turn; the referee (the active GM) checks the sender
 * owns the helper, its turn and what the rules allow (rules: aidAlly: the helper's Base-action,
 * from the ledger), records the action and posts the card. The ally's owner (or the GM) picks the
 * check on the card and presses Roll; the referee rolls it favorable (the world's setting) with
 * core Roll, once. (A Dying ally is helped by Help, table/care.ts: that stabilizes.)
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader } from "../../../cards/parts.ts";
import { flAidNextStep } from "../cards/next-step.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { refuse } from "../../../../rules/core/result.ts";
import { aidAlly } from "../../../../rules/freelancers/care.ts";
import { rollCheck } from "../../../../rules/freelancers/checks.ts";
import type { CheckRoll } from "../../../../rules/freelancers/checks.ts";
import {
  cardDeclaration,
  cardStrategy,
  declareCard,
  postViewCard,
} from "../../../cards/protocol.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { postedCard } from "../../../shared/attack.ts";
import { cardView, chatTemplate, owns, showDice } from "../../../shared/cards.ts";
import type { CardI18n } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { combatantId, resolveActor, toFreelancer, warnFlRefusal } from "../adapter.ts";
import { commitFl, flNow } from "../budget.ts";
import { FL_ATTRIBUTES, FL_SKILL_ATTRIBUTE, FL_SKILLS } from "../data.ts";
import type { FlSkill } from "../data.ts";
import { flOptions } from "../settings.ts";

export const FL_AID = "freelancers.aid";

export interface FlAidCard {
  readonly helperName: string;
  readonly allyId: string;
  readonly allyName: string;
  readonly favorable: number;
  /** The check picked, "attribute" or "attribute+skill", and its roll once rolled. */
  readonly check: string | null;
  readonly roll: CheckRoll | null;
  readonly dice: readonly DieRoll[];
}

/** The checks an ally may pick: each attribute, and each skill with its sheet attribute. */
const CHECKS: readonly string[] = [
  ...FL_ATTRIBUTES,
  ...FL_SKILLS.map((skill) => `${FL_SKILL_ATTRIBUTE[skill]}+${skill}`),
];

function checkLabel(check: string, t: CardI18n): string {
  const [attribute, skill] = check.split("+");
  const parts = [t.localize(`FRAY.Freelancers.Attribute.${attribute ?? ""}`)];
  if (skill !== undefined) parts.push(t.localize(`FRAY.Freelancers.Skill.${skill}`));
  return parts.join(" + ");
}

export function flAidCardContext(card: FlAidCard, t: CardI18n) {
  const names = { name: card.helperName, target: card.allyName };
  return {
    header: cardHeader(card.helperName, card.allyName, t.localize("FRAY.Freelancers.Aid.What")),
    next: nextStepView(flAidNextStep(card), t),
    waiting: t.format("FRAY.Freelancers.Aid.Waiting", names),
    checks: CHECKS.map((value) => ({ value, label: checkLabel(value, t) })),
    roll:
      card.roll === null || card.check === null
        ? null
        : {
            label: checkLabel(card.check, t),
            faces: card.roll.faces.join(", "),
            target: card.roll.target,
            passed: card.roll.passed,
          },
  };
}

const VIEW = cardView(chatTemplate("freelancers", "aid-card"), "flAid", flAidCardContext);

interface AidIntent {
  readonly helperId: string;
  readonly allyId: string;
}

function parseAid(raw: unknown): AidIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { helperId, allyId } = raw as Record<string, unknown>;
  return typeof helperId === "string" && typeof allyId === "string" ? { helperId, allyId } : null;
}

function refereeAid(intent: AidIntent, sender: User.Implementation): Promise<RefereeOutcome> {
  const helper = resolveActor(intent.helperId);
  const ally = resolveActor(intent.allyId);
  if (helper === null || !owns(helper, sender)) return Promise.resolve(refuse("notAllowed"));
  if (ally === null) return Promise.resolve(refuse("noPatient"));
  return serializedBy(`${SYSTEM_ID}.attacker.${intent.helperId}`, async () => {
    if (!isActorsTurn(helper)) return refuse("notYourTurn", { name: helper.name });
    const aided = aidAlly(flNow(helper), toFreelancer(ally), flOptions());
    if (!aided.ok) return refuse(aided.reason, { ...aided.detail, name: helper.name });
    await commitFl([], [{ actor: helper, value: aided.value.actions }]);
    const card: FlAidCard = {
      helperName: helper.name,
      allyId: combatantId(ally),
      allyName: ally.name,
      favorable: aided.value.favorable,
      check: null,
      roll: null,
      dice: [],
    };
    return postViewCard(FL_AID, VIEW, card, { actor: helper, sender });
  });
}

export const flAidDeclaration = cardDeclaration<AidIntent>({
  kind: FL_AID,
  parse: parseAid,
  referee: refereeAid,
  warn: warnFlRefusal,
});

/** Aid from the sheet: Help on the one targeted ally's next check (the helper's Base action). */
export async function flAid(
  helper: Actor.Implementation,
  targets: readonly Actor.Implementation[] = targetedActors(),
): Promise<ChatMessage.Implementation | null> {
  const [ally] = targets;
  if (ally === undefined || targets.length > 1) {
    warnFlRefusal(refuse(ally === undefined ? "noPatient" : "tooManyPatients"));
    return null;
  }
  const intent: AidIntent = { helperId: combatantId(helper), allyId: combatantId(ally) };
  return postedCard(await declareCard(FL_AID, intent));
}

export const flAidCard = cardStrategy<FlAidCard>({
  kind: FL_AID,
  cardOf: VIEW.of,
  warn: warnFlRefusal,
  steps: {
    check: {
      mayPress: (card, user) => user.isGM || owns(resolveActor(card.allyId), user),
      closed: (card) => (card.roll === null ? null : refuse("alreadyHandled")),
      parse: (raw) => {
        const check = (raw as { check?: unknown } | null)?.check;
        return typeof check === "string" && CHECKS.includes(check) ? { check } : null;
      },
      choicesOf: (button) => ({
        check:
          button.parentElement?.querySelector<HTMLSelectElement>("select[data-aid-check]")?.value,
      }),
      async resolve(press) {
        const { check } = press.choices as { check: string };
        const ally = resolveActor(press.card.allyId);
        if (ally === null) return refuse("noPatient");
        const me = toFreelancer(ally);
        const [attribute, skill] = check.split("+") as [string, FlSkill | undefined];
        const base =
          (me.attributes[attribute] ?? 0) + (skill === undefined ? 0 : (me.skills[skill] ?? 0));
        const spec = { base, favorable: press.card.favorable };
        const rolled = await withDice((dice) => rollCheck(spec, dice, flOptions(), "check"));
        if (!rolled.value.ok) return rolled.value;
        const next: FlAidCard = {
          ...press.card,
          check,
          roll: rolled.value.value,
          dice: rolled.dice,
        };
        await press.message.update(await VIEW.stepUpdate(next, press.claim));
        await showDice(press.message, rolled.rolls);
        return { ok: true };
      },
    },
  },
  nextStep: flAidNextStep,
});

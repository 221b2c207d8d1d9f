/**
 * The WWN maneuvers that reach another actor (Shove, Shatter a Shield: table/knock.ts; Grapple,
 * Break free, moving a captive: table/grapple.ts; the Execution Attack: table/execution.ts; Use a
 * Skill: table/skill.ts), the
 * parts they share: the intent a player sends (ids and choices), the client's declaration through
 * the card protocol, the referee's frame (who asks, one request per actor at a time, the documents
 * and the fight as they are now, the target within reach), and the card
 * (templates/wwn/chat/maneuver-card.hbs), which the referee authors.
 *
 * Outside a started combat the action economy is not tracked (the action paid is not written).
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader, resultLine } from "../../../cards/parts.ts";
import { wwnManeuverNextStep } from "../cards/next-step.ts";
import { ok, refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import type { DiceSource } from "../../../../rules/core/dice.ts";
import type {
  CheckRoll,
  ExecutionRange,
  HitManeuverOutcome,
  TargetSize,
  TurnContext,
  WwnCombatant,
  WwnUpdate,
} from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { cardDeclaration, cardStrategy, declareCard, postCard } from "../../../cards/protocol.ts";
import type { AnyDeclaration } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { targetedActors, withinReach } from "../../../shared/actors.ts";
import { postedCard, rollModeNow } from "../../../shared/attack.ts";
import { cardFlag, owns } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId, refusalFor, resolveActor, warnWwnRefusal } from "../adapter.ts";
import { applyWwnOutcome, fighterIn, turnOf } from "../budget.ts";
import type { Fight, LedgerWrite } from "../budget.ts";

export const WWN_MANEUVER_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/chat/maneuver-card.hbs`;
/** The card protocol's kind of a maneuver's card, and its flag (under flags.fray). */
export const WWN_MANEUVER_CARD = "wwn.maneuver";
export const WWN_MANEUVER_FLAG = "wwnManeuver";

export const WWN_MANEUVER_KINDS = [
  "shove",
  "grapple",
  "escape",
  "moveGrappled",
  "shatter",
  "execution",
  "skill",
  "cast",
  "hold",
] as const;
export type WwnManeuverKind = (typeof WWN_MANEUVER_KINDS)[number];

/** The maneuvers with a weapon at a target. */
const NEEDS_TARGET: ReadonlySet<WwnManeuverKind> = new Set([
  "shove",
  "grapple",
  "shatter",
  "execution",
]);

/** The declaration's kind of a maneuver (its card protocol name). */
export const maneuverKind = (kind: WwnManeuverKind) => `wwn.${kind}`;

/** What a player asks for: ids and choices only. */
export interface WwnManeuverIntent {
  readonly actorId: string;
  /** The weapon of a maneuver at a target (Shove, Grapple, Shatter, Execution). */
  readonly weaponId?: string;
  readonly targetId?: string;
  /** Shove: "push" or "prone"; moving a captive: "drag" or "throw". */
  readonly effect?: "push" | "prone" | "drag" | "throw";
  readonly size?: TargetSize;
  /** Execution Attack: the range. */
  readonly range?: ExecutionRange;
  readonly rollMode: string;
}

/** The choices a sheet passes along with a maneuver. */
export type WwnManeuverChoices = Pick<WwnManeuverIntent, "effect" | "size" | "range">;

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined | null {
  if (value === undefined) return undefined;
  return allowed.includes(value as T) ? (value as T) : null;
}

/** The intent from a payload, or null when anything in it is not what it should be. */
export function parseManeuverIntent(raw: unknown): WwnManeuverIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r["actorId"] !== "string") return null;
  const text = (v: unknown) => (v === undefined ? undefined : typeof v === "string" ? v : null);
  const fields = {
    weaponId: text(r["weaponId"]),
    targetId: text(r["targetId"]),
    effect: oneOf(r["effect"], ["push", "prone", "drag", "throw"] as const),
    size: oneOf(r["size"], ["manSized", "large", "huge"] as const),
    range: oneOf(r["range"], ["melee", "pointBlank", "normal", "extreme"] as const),
  };
  if (Object.values(fields).includes(null)) return null;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return {
    ...(defined as Omit<WwnManeuverIntent, "actorId" | "rollMode">),
    actorId: r["actorId"],
    rollMode: typeof r["rollMode"] === "string" ? r["rollMode"] : "publicroll",
  };
}

/* ------------------------------------------------------------------------------------------ */
/*  The player's side                                                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * Asks the referee for a maneuver of `actor` (with `weapon` at the one targeted token where the
 * maneuver needs one). A refusal is a localized warning; returns the card's message, or null.
 */
export async function declareWwnManeuver(
  actor: Actor.Implementation,
  kind: WwnManeuverKind,
  choices: WwnManeuverChoices = {},
  weapon?: Item.Implementation,
): Promise<ChatMessage.Implementation | null> {
  let targetId: string | undefined;
  if (NEEDS_TARGET.has(kind)) {
    const targets = targetedActors();
    const target = targets[0];
    const refusal =
      weapon?.type !== "weapon"
        ? refuse("notAWeapon")
        : target === undefined
          ? refuse("noTarget")
          : targets.length > 1
            ? refuse("tooManyTargets")
            : withinReach(actor, target)
              ? null
              : refuse("targetNotHere", { target: target.name });
    if (refusal !== null || target === undefined) {
      if (refusal !== null) warnWwnRefusal(refusal);
      return null;
    }
    targetId = combatantId(target);
  }
  const intent: WwnManeuverIntent = {
    ...choices,
    actorId: combatantId(actor),
    ...(weapon === undefined ? {} : { weaponId: weapon.id ?? "" }),
    ...(targetId === undefined ? {} : { targetId }),
    rollMode: rollModeNow(),
  };
  return postedCard(await declareCard(maneuverKind(kind), intent));
}

/* ------------------------------------------------------------------------------------------ */
/*  The referee's frame                                                                         */
/* ------------------------------------------------------------------------------------------ */

/** What a maneuver's referee works on: the documents and the fight as they are stored now. */
export interface ManeuverScene {
  readonly intent: WwnManeuverIntent;
  readonly actor: Actor.Implementation;
  readonly me: WwnCombatant;
  readonly turn: TurnContext;
  readonly fight: Fight | null;
  /** The maneuver's weapon (checked to be one where the maneuver needs a target). */
  readonly weapon: Item.Implementation | null;
  /** The maneuver's target (checked to be within reach), or null for one without a target. */
  readonly target: Actor.Implementation | null;
}

/**
 * The referee's frame of every maneuver: the sender may act for the actor; then, one request per
 * actor at a time, the weapon and the target of a maneuver that needs them (the target in the
 * actor's combat or on its scene), and `body` on the scene.
 */
export function refereeManeuverFrame(
  kind: WwnManeuverKind,
  intent: WwnManeuverIntent,
  sender: User.Implementation,
  body: (scene: ManeuverScene) => Promise<RefereeOutcome>,
): Promise<RefereeOutcome> {
  const actor = resolveActor(intent.actorId);
  if (actor === null || !(sender.isGM || owns(actor, sender))) {
    return Promise.resolve(refuse("notAllowed"));
  }
  return serializedBy(`${SYSTEM_ID}.attacker.${intent.actorId}`, async () => {
    const found = intent.weaponId === undefined ? undefined : actor.items.get(intent.weaponId);
    const weapon = found?.type === "weapon" ? found : null;
    const target = intent.targetId === undefined ? null : resolveActor(intent.targetId);
    if (NEEDS_TARGET.has(kind)) {
      if (weapon === null) return refuse("notAWeapon");
      if (target === null) return refuse("noTarget");
      if (!withinReach(actor, target)) return refuse("targetNotHere", { target: target.name });
    }
    const fight = fightOf(actor);
    const me = fighterIn(actor, fight);
    return body({ intent, actor, me, turn: turnOf(actor), fight, weapon, target });
  });
}

/** What settling a maneuver comes to: the writes (documents and ledger) and the card. */
export interface SettledManeuver {
  readonly updates: readonly WwnUpdate[];
  readonly ledger?: readonly LedgerWrite[];
  readonly card: WwnManeuverCard;
  /** What the referee carries out on the map once the card is posted (a push: knock.ts). */
  readonly then?: () => Promise<unknown>;
}

/**
 * A maneuver settled on the referee in one go: its rule runs on dice rolled with core Roll, every
 * change is written once and the card is posted. No button: the opposed checks are settled.
 */
export function maneuverDeclaration(
  kind: Exclude<WwnManeuverKind, "execution">,
  settle: (scene: ManeuverScene, dice: DiceSource) => Result<SettledManeuver>,
): AnyDeclaration {
  return cardDeclaration<WwnManeuverIntent>({
    kind: maneuverKind(kind),
    parse: parseManeuverIntent,
    warn: warnWwnRefusal,
    referee: (intent, sender) =>
      refereeManeuverFrame(kind, intent, sender, async (scene) => {
        const rolled = await withDice((dice) => settle(scene, dice));
        const outcome = rolled.value;
        if (!outcome.ok) return refusalFor(outcome, scene.actor);
        const { updates, ledger, card, then } = outcome.value;
        await applyWwnOutcome(updates, scene.fight?.combat ?? null, ledger);
        const message = await postManeuverCard(scene.actor, card, rolled.rolls, intent, sender);
        if (message === null) return refuse("failed");
        await then?.();
        return { ok: true, value: message.id };
      }),
  });
}

/* ------------------------------------------------------------------------------------------ */
/*  The card                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** One check line of a card: who rolled, the dice and the total, and whether it won. */
export interface CheckLine {
  readonly name: string;
  readonly faces: string;
  readonly total: number;
  readonly won: boolean;
}

/** What the card shows; also kept in the message's flags. */
export interface WwnManeuverCard {
  readonly kind: WwnManeuverKind;
  readonly actorName: string;
  readonly targetName: string | null;
  readonly weaponName: string | null;
  readonly hit: {
    readonly natural: number;
    readonly total: number;
    readonly ac: number;
    readonly hit: boolean;
  } | null;
  readonly checks: readonly CheckLine[];
  /** The result's translation key and its data (names and numbers). */
  readonly result: string;
  readonly resultData: Readonly<Record<string, string>>;
  /** Waiting for the GM's call (the Execution Attack's buttons). */
  readonly pending?: boolean;
  /** The card protocol steps it waits for instead (step and label key): a held action, a cast. */
  readonly buttons?: readonly { readonly step: string; readonly label: string }[];
  /** Whose buttons they are (the holder's, the caster's rules id), for the next-step line. */
  readonly actorId?: string;
}

export const checkLine = (name: string, roll: CheckRoll, won: boolean): CheckLine => ({
  name,
  faces: roll.faces.join(" + "),
  total: roll.total,
  won,
});

/** The card of a maneuver with a hit roll and an opposed check (Shove, Grapple, Shatter …). */
export function hitManeuverCard(
  scene: ManeuverScene,
  kind: WwnManeuverKind,
  outcome: HitManeuverOutcome,
  effect?: string,
  data: Record<string, string> = {},
): WwnManeuverCard {
  const { me, target, weapon } = scene;
  const targetName = target?.name ?? outcome.defender.name;
  const h = outcome.hit;
  const c = outcome.check;
  const result = !h.hit
    ? "FRAY.Wwn.Maneuver.Result.missed"
    : !outcome.success
      ? `FRAY.Wwn.Maneuver.Result.${kind}Failed`
      : effect === undefined
        ? `FRAY.Wwn.Maneuver.Result.${kind}`
        : `FRAY.Wwn.Maneuver.Result.${kind}.${effect}`;
  return {
    kind,
    actorName: me.name,
    targetName,
    weaponName: weapon?.name ?? null,
    hit: h.natural === 0 ? null : { natural: h.natural, total: h.total, ac: h.ac, hit: h.hit },
    checks:
      c === undefined
        ? []
        : [
            checkLine(me.name, c.actor, c.actorWins),
            checkLine(targetName, c.defender, !c.actorWins),
          ],
    result,
    resultData: { actor: me.name, target: targetName, ...data },
  };
}

/** A settled maneuver of the hit-and-check kind, from its rule's outcome. */
export function settledHit(
  scene: ManeuverScene,
  kind: WwnManeuverKind,
  outcome: Result<HitManeuverOutcome>,
  effect?: string,
  data: (o: HitManeuverOutcome) => Record<string, string> = () => ({}),
): Result<SettledManeuver> {
  if (!outcome.ok) return outcome;
  return ok({
    updates: outcome.value.updates,
    card: hitManeuverCard(scene, kind, outcome.value, effect, data(outcome.value)),
  });
}

/**
 * A maneuver card that waits, as its message holds it: its own state under `flag` (a stage, who
 * …) with the card's view; null when either is missing. Each such card types its own state.
 */
export function stagedCardOf(
  message: ChatMessage.Implementation,
  flag: string,
): (Record<string, unknown> & { view: WwnManeuverCard }) | null {
  const state = cardFlag(message, flag) as Record<string, unknown> | null;
  const view = cardFlag(message, WWN_MANEUVER_FLAG) as WwnManeuverCard | null;
  return state === null || view === null ? null : { ...state, view };
}

/** Who may press a waiting card about one actor (its `actorId`, a rules id): its owner or a GM. */
export function ownerOrGm(card: { readonly actorId: string }, user: User.Implementation): boolean {
  const actor = resolveActor(card.actorId);
  return user.isGM || (actor !== null && owns(actor, user));
}

export function wwnManeuverCardOf(message: ChatMessage.Implementation): WwnManeuverCard | null {
  return cardFlag(message, WWN_MANEUVER_FLAG) as WwnManeuverCard | null;
}

/** The card's template context: the card, with its result sentence translated. */
export function wwnManeuverCardContext(card: WwnManeuverCard) {
  const say = i18n();
  const title = say.localize(`FRAY.Wwn.Maneuver.${card.kind}`);
  const next = wwnManeuverNextStep(card);
  return {
    ...card,
    header: cardHeader(
      card.actorName,
      card.targetName,
      card.weaponName === null ? title : `${title} · ${card.weaponName}`,
    ),
    outcome: resultLine(say.format(card.result, { ...card.resultData })),
    next: nextStepView(next, say),
  };
}

export function renderWwnManeuverCard(card: WwnManeuverCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    WWN_MANEUVER_CARD_TEMPLATE,
    wwnManeuverCardContext(card),
  );
}

/** Posts a maneuver's card as the referee, of `kind` (the plain maneuver card by default). */
export async function postManeuverCard(
  actor: Actor.Implementation,
  card: WwnManeuverCard,
  rolls: readonly Roll[],
  intent: WwnManeuverIntent,
  sender: User.Implementation,
  kind = WWN_MANEUVER_CARD,
  state: Record<string, unknown> = {},
): Promise<ChatMessage.Implementation | null> {
  return postCard(kind, {
    speaker: ChatMessage.getSpeaker({ actor }),
    content: await renderWwnManeuverCard(card),
    flags: { [SYSTEM_ID]: { [WWN_MANEUVER_FLAG]: card, ...state } },
    rolls,
    rollMode: intent.rollMode,
    roller: sender.id ?? "",
  });
}

/** The plain maneuver card: settled when posted, no button. */
export const wwnManeuverCard = cardStrategy<WwnManeuverCard>({
  kind: WWN_MANEUVER_CARD,
  cardOf: wwnManeuverCardOf,
  warn: warnWwnRefusal,
  steps: {},
});

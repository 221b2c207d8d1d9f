/**
 * The dice-pool game's actions at the table besides attacks: what every family shares. A player
 * presses a button on the sheet; the request (which actor, which other actor, a count or a choice)
 * is declared through the one card protocol (src/foundry/cards/protocol.ts), one declaration per
 * family (table/grapple.ts, table/move.ts, table/care.ts, table/weapon.ts). The referee re-reads the live
 * documents, checks ownership, the other actor at the table, the turn and the costs with the
 * rules and the ledger (budget.ts), writes every change in one batch (actors, then the ledger)
 * and posts the line card (cards/line-card.ts).
 *
 * Out of a started combat nothing counts actions; in one, Simple and Free actions need the actor's
 * own turn, Interrupts do not.
 */
import { checkNumber } from "../../../../rules/core/guard.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import type { ActionName } from "../../../../rules/dicepool/actions.ts";
import type { DicepoolUpdate } from "../../../../rules/dicepool/changes.ts";
import type { DicepoolCombatant } from "../../../../rules/dicepool/model.ts";
import type { Medium } from "../../../../rules/dicepool/movement.ts";
import type { DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import type { AnyDeclaration } from "../../../cards/protocol.ts";
import { owns } from "../../../shared/cards.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import {
  applyDicepoolUpdates,
  atTable,
  combatantId,
  resolveActor,
  toDicepoolCombatant,
  warnDicepoolRefusal,
} from "../adapter.ts";
import { holdersOf, spendAction, withLedger, writeLedger } from "../budget.ts";
import type { LedgerNote } from "../budget.ts";
import { postLines } from "../cards/line-card.ts";
import { dicepoolOptions } from "../settings.ts";

/** The acts of each family, by the kind of the declaration they are declared with. */
export const ACT_FAMILIES = {
  "dicepool.grapple": ["spendGrapple", "escape", "resist", "restrain"],
  "dicepool.move": ["move", "fall"],
  "dicepool.care": ["stabilize", "rest"],
  "dicepool.weapon": ["pickUpWeapon", "readyWeapon"],
  "dicepool.conduct": [
    "takeCover",
    "defendOther",
    "surrender",
    "usePower",
    "issueCommand",
    "quickCommunication",
    "socialAction",
    "complexAction",
  ],
} as const;
export type ActFamily = keyof typeof ACT_FAMILIES;
export type TableAct = (typeof ACT_FAMILIES)[ActFamily][number];

const FAMILY_OF = new Map<string, ActFamily>(
  Object.entries(ACT_FAMILIES).flatMap(([kind, acts]) =>
    acts.map((act) => [act, kind as ActFamily] as const),
  ),
);

export const MEDIA: readonly Medium[] = [
  "ground",
  "flying",
  "swimming",
  "climbingUp",
  "climbingAcross",
];

/** What a user asks for: ids and choices. */
export interface ActRequest {
  readonly act: TableAct;
  /** The actor acting (its owner sends it). */
  readonly actorId: string;
  /** The other actor: the victim, the assailant, the patient, or the one dragged ("" for none). */
  readonly otherId: string;
  /** Points, Energy, spaces or height, by act (0 where unused). */
  readonly amount: number;
  readonly medium: Medium;
  /**
   * A named choice, by act: the cover taken, the power used (its item id), the words said, the
   * spell of rest; "" for none.
   */
  readonly choice: string;
}

/** The writes and the chat line an act comes to. */
export interface ActPlan {
  readonly updates: readonly DicepoolUpdate[];
  /** Item changes (restraints used up), each one update of its item. */
  readonly items?: readonly { readonly item: Item.Implementation; readonly changes: object }[];
  readonly notes: readonly LedgerNote[];
  readonly line: string;
}

/** What a family's plan works from: the live documents, checked for the sender. */
export interface ActContext {
  readonly actor: Actor.Implementation;
  readonly other: Actor.Implementation | null;
  readonly me: DicepoolCombatant;
  readonly options: DicepoolOptions;
  /** The act's chat line, in the user's language. */
  readonly say: (key: string, data?: Record<string, string | number>) => string;
  /** The plan of an act that did this: the action it took from the budget comes with it. */
  readonly done: (
    updates: readonly DicepoolUpdate[],
    notes: readonly LedgerNote[],
    line: string,
  ) => { ok: true; value: ActPlan };
}

/** Works out an act of a family from its context; nothing is written. */
export type ActPlanner = (request: ActRequest, ctx: ActContext) => Result<ActPlan>;

const ACT_ACTIONS: Partial<Record<TableAct, ActionName>> = {
  spendGrapple: "spendGrapplePool",
  escape: "escapeGrapple",
  resist: "resistGrapple",
  restrain: "applyRestraints",
  stabilize: "stabilize",
  move: "move",
  pickUpWeapon: "pickUpWeapon",
  readyWeapon: "readyWeapon",
  takeCover: "takeCover",
  defendOther: "defendOther",
  surrender: "surrender",
  issueCommand: "issueCommand",
  quickCommunication: "quickCommunication",
  socialAction: "socialAction",
  complexAction: "complexAction",
  // rest: time passing out of the fight's clock, the GM's (no action).
  // usePower: the power names its type, so its planner takes the action (table/conduct.ts).
};

/** The most an act's count (points, Energy, spaces, height) may be. */
const MAX_AMOUNT = 1000;
/** The longest choice (a cover kind, an item id) a request may name. */
const MAX_CHOICE = 64;

function parseAct(raw: unknown): ActRequest | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { act, actorId, otherId, amount, medium } = raw as Record<string, unknown>;
  // Absent in a request that names none (every act before the conduct family).
  const choice = (raw as Record<string, unknown>)["choice"] ?? "";
  if (typeof choice !== "string" || choice.length > MAX_CHOICE) return null;
  if (typeof act !== "string" || !FAMILY_OF.has(act)) return null;
  if (typeof actorId !== "string" || typeof otherId !== "string") return null;
  if (checkNumber("amount", amount, { min: 0, max: MAX_AMOUNT, whole: true }) !== undefined) {
    return null;
  }
  if (!MEDIA.includes(medium as Medium)) return null;
  return {
    act: act as TableAct,
    actorId,
    otherId,
    amount: amount as number,
    medium: medium as Medium,
    choice,
  };
}

/** Merges updates addressed to the same actor (one write each). */
function merged(updates: readonly DicepoolUpdate[]): DicepoolUpdate[] {
  const byActor = new Map<string, Record<string, unknown>>();
  for (const u of updates) byActor.set(u.actorId, { ...byActor.get(u.actorId), ...u.changes });
  return [...byActor]
    .filter(([, changes]) => Object.keys(changes).length > 0)
    .map(([actorId, changes]) => ({ actorId, changes: changes as DicepoolUpdate["changes"] }));
}

/**
 * Checks what every act needs against the live documents for `user` (the referee checks the
 * sender; a client checks itself first): the actor is theirs, the other actor is at the table
 * with it, the act's action is left in the budget.
 */
function actContext(
  request: ActRequest,
  user: User.Implementation,
  options: DicepoolOptions,
): Result<ActContext> {
  const actor = resolveActor(request.actorId);
  if (actor === null) return refuse("noSuchTarget");
  if (!(user.isGM || owns(actor, user))) return refuse("notAllowed");
  if ((request.act === "fall" || request.act === "rest") && !user.isGM) return refuse("gmOnly");
  const other = request.otherId === "" ? null : resolveActor(request.otherId);
  if (request.otherId !== "" && other === null) return refuse("noSuchTarget");
  if (other !== null && !atTable(actor, other)) return refuse("targetNotInReach");
  const me = toDicepoolCombatant(actor);
  const action = ACT_ACTIONS[request.act];
  const spent =
    action === undefined
      ? { ok: true as const, value: [] }
      : spendAction(
          actor,
          action,
          {
            // Resisting is what a victim the grapple incapacitates may still do.
            incapacitated: (me.incapacitated !== null || me.dead) && request.act !== "resist",
            grappled: holdersOf(actor).length > 0,
          },
          options,
        );
  if (!spent.ok) return spent;
  const t = i18n();
  return {
    ok: true,
    value: {
      actor,
      other,
      me,
      options,
      say: (key, data = {}) =>
        t.format(`FRAY.Dicepool.Act.${key}`, {
          name: actor.name,
          other: other?.name ?? "",
          ...data,
        }),
      done: (updates, notes, line) => ({
        ok: true,
        value: { updates: merged(updates), notes: [...spent.value, ...notes], line },
      }),
    },
  };
}

const planners = new Map<string, ActPlanner>();

function planFor(kind: string, request: ActRequest, user: User.Implementation): Result<ActPlan> {
  const plan = planners.get(kind);
  if (plan === undefined) return refuse("badRequest");
  const ctx = actContext(request, user, dicepoolOptions());
  return ctx.ok ? plan(request, ctx.value) : ctx;
}

/**
 * A family's declaration: its acts' requests are read, planned for the sender on the referee's
 * own documents and written (actors in one batch, the ledger in one Combat update), one ledger
 * change at a time; the referee posts the line card and answers with its id.
 */
export function actDeclaration(kind: ActFamily, plan: ActPlanner): AnyDeclaration {
  planners.set(kind, plan);
  return cardDeclaration<ActRequest>({
    kind,
    parse: (raw) => {
      const request = parseAct(raw);
      return request !== null && FAMILY_OF.get(request.act) === kind ? request : null;
    },
    referee: (request, sender) =>
      withLedger(async () => {
        const planned = planFor(kind, request, sender);
        if (!planned.ok) return planned;
        await applyDicepoolUpdates(planned.value.updates);
        for (const { item, changes } of planned.value.items ?? []) await item.update(changes);
        await writeLedger(planned.value.notes);
        const actor = resolveActor(request.actorId);
        const message = await postLines(actor, [planned.value.line], "fray-dp-act");
        return { ok: true, value: message?.id };
      }),
    warn: warnDicepoolRefusal,
  });
}

/**
 * A button on the sheet: checked here first (a refusal is a warning and nothing is sent), then
 * declared to the referee. Returns whether the referee did it.
 */
export async function requestDicepoolAct(
  act: TableAct,
  actor: Actor.Implementation,
  other: Actor.Implementation | null,
  amount = 0,
  medium: Medium = "ground",
  choice = "",
): Promise<boolean> {
  const request: ActRequest = {
    act,
    actorId: combatantId(actor),
    otherId: other === null ? "" : combatantId(other),
    amount,
    medium,
    choice,
  };
  const kind = FAMILY_OF.get(act) ?? "";
  const checked = planFor(kind, request, currentUser());
  if (!checked.ok) {
    warnDicepoolRefusal(checked);
    return false;
  }
  return (await declareCard(kind, request)).ok;
}

/**
 * The shell side of "tiny", the test-only sixth ruleset, written against the seam alone
 * (src/foundry/rulesets/types.ts) and composed of the shared pieces: the generic models and
 * sheets, and the one card protocol (src/foundry/cards/protocol.ts). A player's attack is a
 * declaration (ids only); the active GM, as referee, learns who sent it, rolls the d6 and posts
 * the card; its Apply button (the GM, the target's owner or who declared it) writes the target.
 */
import { refuse } from "../../../src/rules/core/result.ts";
import type { EventCombatant } from "../../../src/foundry/combat/events.ts";
import { SYSTEM_ID } from "../../../src/foundry/constants.ts";
import { shellRuleset as generic } from "../../../src/foundry/rulesets/generic/index.ts";
import type { ShellRuleset } from "../../../src/foundry/rulesets/types.ts";
import {
  cardDeclaration,
  cardStrategy,
  declareCard,
  postCard,
} from "../../../src/foundry/cards/protocol.ts";
import { cardFlag, mayRequestApply, owns } from "../../../src/foundry/shared/cards.ts";
import type { RefereeOutcome } from "../../../src/foundry/shared/referee.ts";
import { stepDoneUpdate } from "../../../src/foundry/shared/referee.ts";
import { catchBreath, tinyHit } from "./rules.ts";

export const TINY_ATTACK = "tiny.attack";

interface TinyAttackIntent {
  readonly attackerId: string;
  readonly targetId: string;
}

/** The tiny attack card's state: who hit whom with which d6, and whether it landed yet. */
export interface TinyCard {
  readonly attackerId: string;
  readonly targetId: string;
  readonly d6: number;
  readonly declaredBy: string;
  readonly applied: boolean;
}

const healthOf = (system: unknown) => (system as { health: { value: number; max: number } }).health;

function parseIntent(raw: unknown): TinyAttackIntent | null {
  const { attackerId, targetId } = (raw ?? {}) as Partial<Record<string, unknown>>;
  return typeof attackerId === "string" && typeof targetId === "string"
    ? { attackerId, targetId }
    : null;
}

function content(card: TinyCard, names: { attacker: string; target: string }): string {
  const button = card.applied
    ? ""
    : `<div data-fray-step-row><button data-fray-step="apply">Apply</button></div>`;
  return `<p>${names.attacker} rolls ${String(card.d6)} against ${names.target}</p>${button}`;
}

/** The referee's side of the declaration: checks the sender may act for the attacker, rolls, posts. */
async function refereeTinyAttack(
  intent: TinyAttackIntent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const attacker = game.actors?.get(intent.attackerId) ?? null;
  const target = game.actors?.get(intent.targetId) ?? null;
  if (target === null || !owns(attacker, sender)) return refuse("notAllowed");
  const roll = await new Roll("1d6").evaluate();
  const card: TinyCard = {
    attackerId: intent.attackerId,
    targetId: intent.targetId,
    d6: roll.total,
    declaredBy: sender.id ?? "",
    applied: false,
  };
  const names = { attacker: attacker?.name ?? "", target: target.name };
  const message = await postCard(TINY_ATTACK, {
    speaker: {},
    content: content(card, names),
    flags: { [SYSTEM_ID]: { tiny: card } },
    rolls: [roll],
    rollMode: "publicroll",
    roller: sender.id ?? "",
  });
  return message === null ? refuse("failed") : { ok: true, value: message.id };
}

const tinyCardOf = (message: ChatMessage.Implementation) =>
  cardFlag(message, "tiny") as TinyCard | null;

/** The tiny attack card: Apply, by the GM, the target's owner or who declared it. */
export const tinyAttackCard = cardStrategy<TinyCard>({
  kind: TINY_ATTACK,
  cardOf: tinyCardOf,
  dice: (card) => [{ sides: 6, value: card.d6 }],
  warn: (refusal) => ui.notifications?.warn(refusal.reason),
  steps: {
    apply: {
      mayPress: (card, user) =>
        mayRequestApply(card.declaredBy, game.actors?.get(card.targetId) ?? null, user),
      closed: (card) => (card.applied ? refuse("alreadyApplied") : null),
      async resolve({ message, card, claim }) {
        const target = game.actors?.get(card.targetId) ?? null;
        if (target === null) return refuse("noSuchTarget");
        const hit = tinyHit(healthOf(target.system).value, card.d6);
        if (!hit.ok) return hit;
        await target.update({ "system.health.value": hit.value.healthAfter } as Actor.UpdateData);
        const done = { ...card, applied: true };
        const attackerActor: Actor.Implementation | undefined = game.actors?.get(card.attackerId);
        const attacker = attackerActor?.name ?? "";
        await message.update({
          content: content(done, { attacker, target: target.name }),
          [`flags.${SYSTEM_ID}.tiny`]: done,
          ...stepDoneUpdate(claim),
        } as never);
        return { ok: true };
      },
    },
  },
});

/** The player's side: the intent goes to the active GM (run at once on the GM's own client). */
export function tinyAttack(attacker: Actor.Implementation, target: Actor.Implementation) {
  const intent: TinyAttackIntent = { attackerId: attacker.id ?? "", targetId: target.id ?? "" };
  return declareCard(TINY_ATTACK, intent);
}

/** What the tiny ruleset's data migration saw, once per call. */
export const migrations: string[] = [];

export const tinyShell: ShellRuleset = {
  dataModels: generic.dataModels,
  sheets: generic.sheets,
  statusEffects: (core) => [...core, { id: "tinyWinded" }],
  tokenBars: { trackable: { bar: ["health"], value: [] }, secondary: null },
  registerSettings() {
    // fvtt-types only knows the settings declared in src/foundry/types.d.ts.
    const register = game.settings.register.bind(game.settings) as unknown as (
      namespace: string,
      key: string,
      config: Record<string, unknown>,
    ) => void;
    register(SYSTEM_ID, "tinyLoudCards", {
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
    });
  },
  combat: {
    roundEvents: {
      roundEnd: (_combat, combatants: readonly EventCombatant[]) =>
        combatants.map((c) => ({
          combatantId: c.combatantId,
          changes: { "system.health.value": catchBreath(healthOf(c.system)) },
        })),
    },
  },
  wireChatCard(message, html) {
    const card = tinyCardOf(message);
    if (card !== null) html.dataset["tinyD6"] = String(card.d6);
  },
  cards: [tinyAttackCard],
  declarations: [
    cardDeclaration<TinyAttackIntent>({
      kind: TINY_ATTACK,
      parse: parseIntent,
      referee: refereeTinyAttack,
      warn: (refusal) => ui.notifications?.warn(refusal.reason),
    }),
  ],
  migrateWorld: () => {
    migrations.push(game.user?.id ?? "");
    return Promise.resolve();
  },
};

/**
 * The shell side of "tiny", the test-only sixth ruleset, written against the seam alone
 * (src/foundry/rulesets/types.ts) and composed of the shared pieces: the generic models and
 * sheets, and the referee (shared/referee.ts). A player's attack is an intent (ids only); the
 * active GM, as referee, learns who sent it, rolls the d6, writes the target and posts the card.
 */
import { refuse } from "../../../src/rules/core/result.ts";
import type { EventCombatant } from "../../../src/foundry/combat/events.ts";
import { SYSTEM_ID } from "../../../src/foundry/constants.ts";
import { shellRuleset as generic } from "../../../src/foundry/rulesets/generic/index.ts";
import type { ShellRuleset } from "../../../src/foundry/rulesets/types.ts";
import { cardFlag, owns } from "../../../src/foundry/shared/cards.ts";
import type { CardResult } from "../../../src/foundry/shared/cards.ts";
import { sendIntent } from "../../../src/foundry/shared/referee.ts";
import { catchBreath, tinyHit } from "./rules.ts";

export const TINY_ATTACK = `${SYSTEM_ID}.tinyAttack`;

interface TinyAttackIntent {
  readonly attackerId: string;
  readonly targetId: string;
}

const healthOf = (system: unknown) => (system as { health: { value: number; max: number } }).health;

/** The referee's side: checks the sender may act for the attacker, rolls, writes, posts. */
async function resolveTinyAttack(
  intent: { readonly payload: unknown },
  sender: User.Implementation,
): Promise<CardResult> {
  if (game.user?.isGM !== true) return refuse("notAllowed");
  const { attackerId, targetId } = (intent.payload ?? {}) as Partial<TinyAttackIntent>;
  const attacker = game.actors?.get(attackerId ?? "") ?? null;
  const target = game.actors?.get(targetId ?? "") ?? null;
  if (target === null || !owns(attacker, sender)) return refuse("notAllowed");
  const roll = await new Roll("1d6").evaluate();
  const hit = tinyHit(healthOf(target.system).value, roll.total);
  if (!hit.ok) return hit;
  await target.update({ "system.health.value": hit.value.healthAfter } as Actor.UpdateData);
  const card = {
    content: `${attacker?.name ?? ""} hits ${target.name} for ${String(hit.value.dealt)}`,
    flags: { [SYSTEM_ID]: { tiny: { dealt: hit.value.dealt } } },
  };
  // fvtt-types only knows core's flag scopes.
  await ChatMessage.create(card as never);
  return { ok: true };
}

/** The player's side: the intent goes to the active GM (run at once on the GM's own client). */
export function tinyAttack(attacker: Actor.Implementation, target: Actor.Implementation) {
  const intent: TinyAttackIntent = { attackerId: attacker.id ?? "", targetId: target.id ?? "" };
  return sendIntent(TINY_ATTACK, intent);
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
    const card = cardFlag(message, "tiny") as { dealt: number } | null;
    if (card !== null) html.dataset["tinyDealt"] = String(card.dealt);
  },
  refereeActions: { [TINY_ATTACK]: resolveTinyAttack },
  migrateWorld: () => {
    migrations.push(game.user?.id ?? "");
    return Promise.resolve();
  },
};

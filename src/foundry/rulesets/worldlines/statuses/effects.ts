/**
 * Worldlines statuses as Foundry status effects: one CONFIG.statusEffects entry per status (the
 * token HUD toggles them), each an ActiveEffect whose `statuses` holds the status id and whose
 * flags.fray hold the status data the rules read (hpPerTurn, turnsLeft, points, sourceId). Reading
 * and writing those effects is the adapter's (adapter.ts statusesOf / applyUpdatesBatch).
 */
import { DEFAULT_OPTIONS, STATUS_IDS } from "../../../../rules/worldlines/index.ts";
import type { StatusId } from "../../../../rules/worldlines/index.ts";

/** Core icons (Foundry ships them under icons/svg/). */
export const STATUS_ICONS: Readonly<Record<StatusId, string>> = {
  bleeding: "icons/svg/blood.svg",
  poisoned: "icons/svg/poison.svg",
  staggered: "icons/svg/daze.svg",
  blinded: "icons/svg/blind.svg",
  vulnerable: "icons/svg/downgrade.svg",
  stressed: "icons/svg/terror.svg",
  exhausted: "icons/svg/sleep.svg",
  charmed: "icons/svg/aura.svg",
};

/** Core statuses Worldlines keeps: marking the defeated and the knocked out. */
export const KEPT_CORE_STATUSES = ["dead", "unconscious"] as const;

export function statusLabelKey(id: StatusId): string {
  return `FRAY.Worldlines.Status.${id}.Name`;
}

/**
 * The data a status gets when toggled from the token HUD, with no attack or effect to say
 * otherwise: the rule defaults (Bleeding 5 per turn, Poisoned 2, Staggered one turn, Blinded until
 * treated, one Exhaustion point). A HUD-toggled Charm names nobody until the GM sets its source.
 */
export function defaultStatusData(id: StatusId): Record<string, unknown> {
  switch (id) {
    case "bleeding":
      return { hpPerTurn: DEFAULT_OPTIONS.bleedingPerTurn };
    case "poisoned":
      return { hpPerTurn: DEFAULT_OPTIONS.poisonPerTurn };
    case "staggered":
      return { turnsLeft: DEFAULT_OPTIONS.staggeredTurns };
    case "blinded":
      return { turnsLeft: null };
    case "exhausted":
      return { points: 1 };
    case "charmed":
      return { sourceId: "" };
    case "vulnerable":
    case "stressed":
      return {};
  }
}

export interface StatusEffectEntry {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly flags?: { readonly fray: Record<string, unknown> };
}

/**
 * The CONFIG.statusEffects list for a Worldlines world: the eight statuses, then core's dead and
 * unconscious entries (kept as core defines them, so marking a combatant defeated still works).
 */
export function worldlinesStatusEffects(
  core: readonly { readonly id: string }[],
): StatusEffectEntry[] {
  const own = STATUS_IDS.map((id) => ({
    id,
    name: statusLabelKey(id),
    img: STATUS_ICONS[id],
    flags: { fray: defaultStatusData(id) },
  }));
  const kept = core.filter((entry) =>
    (KEPT_CORE_STATUSES as readonly string[]).includes(entry.id),
  ) as unknown as StatusEffectEntry[];
  return [...own, ...kept];
}

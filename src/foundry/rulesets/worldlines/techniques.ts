/**
 * Techniques at the table: technique items as the rules read them (rules/worldlines/techniques.ts),
 * what an actor's passive techniques add to it, and using a technique on its own from the sheet.
 * A technique used with an attack is chosen in the attack dialog and shaped into the attack by
 * the referee (attack/declare.ts checkDeclaration).
 */
import { TECHNIQUE_USES, withPassiveTechniques } from "../../../rules/worldlines/index.ts";
import type {
  StatusApplication,
  TechniqueUse,
  WorldlinesCombatant,
  WorldlinesTechnique,
} from "../../../rules/worldlines/index.ts";
import { ON_HIT_STATUSES } from "./data.ts";

/** A technique item's stored fields (data.ts techniqueSchema). */
export interface WorldlinesTechniqueSystem {
  energyCost: number;
  use: string;
  interrupt: boolean;
  extraInterruption: boolean;
  critWiden: number;
  headshotWiden: number;
  onHit: Record<(typeof ON_HIT_STATUSES)[number], boolean>;
  energyRefund: number;
  freeWeaponSwitch: boolean;
  stopsBleeding: boolean;
  effect: string;
}

/** A technique item as the rules see it. */
export function toTechnique(item: Item.Implementation): WorldlinesTechnique {
  const s = item.system as unknown as WorldlinesTechniqueSystem;
  const use: TechniqueUse = (TECHNIQUE_USES as readonly string[]).includes(s.use)
    ? (s.use as TechniqueUse)
    : "action";
  const onHit: StatusApplication[] = ON_HIT_STATUSES.filter((id) => s.onHit[id]).map((status) => ({
    status,
  }));
  return {
    id: item.id ?? "",
    name: item.name,
    cost: s.energyCost,
    use,
    interrupt: s.interrupt,
    extraInterruption: s.extraInterruption,
    critWiden: s.critWiden,
    headshotWiden: s.headshotWiden,
    ...(onHit.length > 0 ? { onHit } : {}),
    energyRefund: s.energyRefund,
    freeWeaponSwitch: s.freeWeaponSwitch,
    stopsBleeding: s.stopsBleeding,
  };
}

/** The actor's technique items, as the rules see them. */
export function techniquesOf(actor: Actor.Implementation): WorldlinesTechnique[] {
  return actor.items.contents.filter((i) => i.type === "technique").map((i) => toTechnique(i));
}

/** The actor with its passive techniques' widenings added (unchanged if none applies). */
export function withKnownTechniques(
  actor: Actor.Implementation,
  combatant: WorldlinesCombatant,
): WorldlinesCombatant {
  const known = techniquesOf(actor);
  if (known.length === 0) return combatant;
  const out = withPassiveTechniques(combatant, known);
  return out.ok ? out.value.actor : combatant;
}

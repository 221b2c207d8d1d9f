/**
 * Between Foundry documents and the WWN rules: actors and items in, plain rule data out
 * (toWwnCombatant, toWwnWeapon); rule outcomes (WwnUpdate, src/rules/wwn/changes.ts) back into as
 * few database round-trips as possible (applyWwnUpdates). What the referee keeps for a fight (the
 * round's actions, grapples) is read from its ledger, not from the actor: see budget.ts.
 */
import { armorClass as armorClassRule, attributeModifier } from "../../../rules/wwn/defense.ts";
import type { ArmorClass } from "../../../rules/wwn/defense.ts";
import { FRESH_ACTIONS } from "../../../rules/wwn/actions.ts";
import type { WwnUpdate } from "../../../rules/wwn/changes.ts";
import type {
  Attribute,
  WwnCombatant,
  WwnLife,
  WwnShield,
  WwnWeapon,
} from "../../../rules/wwn/model.ts";
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import type { ActorResolver } from "../../shared/actors.ts";
import { warnRefusal } from "../../shared/refusal.ts";
import type { ShownRefusal } from "../../shared/refusal.ts";
import { applyRuleUpdates } from "../../shared/updates.ts";
import { modifiersOfScores, SKILL_MIN, storedNumber, WWN_SKILLS } from "./data.ts";

export { combatantId, resolveActor };

/* ------------------------------------------------------------------------------------------ */
/*  Documents → rules                                                                          */
/* ------------------------------------------------------------------------------------------ */

/**
 * The actor data the adapter reads (both actor types; `named` on NPCs only). `grappling` and
 * `actions` are where older worlds kept a fight's state: they still load, nothing reads them.
 */
export interface WwnActorSystem {
  health: { value: number; max: number };
  ac: { natural: number; bonus: number };
  attackBonus: number;
  attributes: Record<Attribute, number>;
  skills: Record<string, number>;
  saves: { physical: number; evasion: number; mental: number };
  speed: number;
  life: WwnLife;
  wounds: number;
  prone: boolean;
  downMinutes: number | null;
  shockImmune: boolean;
  named?: boolean;
  /** NPCs only: the stat block's total hit bonus, or null (skill + class bonus + attribute). */
  hitBonus?: number | null;
}

export interface WwnWeaponSystem {
  damage: string;
  skill: string;
  attributes: { str: boolean; dex: boolean };
  shock: { enabled: boolean; damage: number; ac: number };
  mode: WwnWeapon["mode"];
  throwable: boolean;
  twoHanded: boolean;
  magicBonus: number;
  unarmed: boolean;
  crushing: boolean;
  nonLethal: boolean;
  reload: "none" | "bow" | "slow";
  loaded: boolean;
  ammo: { value: number; max: number };
  readied: boolean;
}

export interface WwnArmorSystem {
  kind: "armor" | "shield";
  ac: number;
  bonus: number;
  equipped: boolean;
  broken: boolean;
  magical: boolean;
}

function systemOf(actor: Actor.Implementation): WwnActorSystem {
  return actor.system as unknown as WwnActorSystem;
}

/** The actor's attribute modifiers, from its scores. */
export function modifiersOf(actor: Actor.Implementation): Record<Attribute, number> {
  return modifiersOfScores(systemOf(actor).attributes);
}

/** The equipped, unbroken shield the actor carries (the first one), if any. */
export function shieldItemOf(actor: Actor.Implementation): Item.Implementation | null {
  return (
    actor.items.contents.find((item) => {
      if (item.type !== "armor") return false;
      const s = item.system as unknown as WwnArmorSystem;
      return s.kind === "shield" && s.equipped && !s.broken;
    }) ?? null
  );
}

export type ArmorClassView = ArmorClass;

/** The actor's Armor Class (src/rules/wwn/defense.ts), from its natural AC and worn items. */
export function armorClass(actor: Actor.Implementation): ArmorClassView {
  const system = systemOf(actor);
  const worn: number[] = [];
  for (const item of actor.items.contents) {
    if (item.type !== "armor") continue;
    const s = item.system as unknown as WwnArmorSystem;
    if (s.kind === "armor" && s.equipped) worn.push(s.ac);
  }
  const shieldItem = shieldItemOf(actor);
  const shieldSystem =
    shieldItem === null ? null : (shieldItem.system as unknown as WwnArmorSystem);
  const ac = armorClassRule({
    natural: system.ac.natural,
    worn,
    shield: shieldSystem === null ? null : { ac: shieldSystem.ac, bonus: shieldSystem.bonus },
    dexModifier: storedNumber(attributeModifier(system.attributes.dex)),
    bonus: system.ac.bonus,
  });
  // As storedNumber: an AC the rules refuse reads as NaN, which every rule refuses by name.
  if (!ac.ok) return { value: NaN, armor: NaN, shield: NaN, dex: NaN, bonus: NaN };
  return ac.value;
}

/** Skill levels the rules read: untrained skills are left out. */
function skillsOf(system: WwnActorSystem): Record<string, number> {
  const skills: Record<string, number> = {};
  for (const skill of WWN_SKILLS) {
    const level = system.skills[skill];
    if (typeof level === "number" && level > SKILL_MIN) skills[skill] = level;
  }
  return skills;
}

/**
 * An actor as the WWN rules see it, out of any fight: a fresh round of actions, grappling nobody
 * (budget.ts `fighterOf` adds what the referee recorded for the fight it is in).
 */
export function toWwnCombatant(actor: Actor.Implementation, teamId = ""): WwnCombatant {
  const system = systemOf(actor);
  const shieldItem = shieldItemOf(actor);
  const shield: WwnShield | null =
    shieldItem === null
      ? null
      : {
          id: shieldItem.id ?? "",
          magical: (shieldItem.system as unknown as WwnArmorSystem).magical,
          broken: false,
        };
  return {
    id: combatantId(actor),
    name: actor.name,
    teamId,
    isPC: actor.type === "character",
    ...(system.named === true ? { named: true } : {}),
    ...(typeof system.hitBonus === "number" ? { hitBonus: system.hitBonus } : {}),
    life: system.life,
    hp: { value: system.health.value, max: system.health.max },
    wounds: system.wounds,
    ac: armorClass(actor).value,
    attackBonus: system.attackBonus,
    attributes: modifiersOf(actor),
    skills: skillsOf(system),
    saves: { ...system.saves },
    speed: system.speed,
    prone: system.prone,
    grappling: null,
    shield,
    ...(system.shockImmune ? { shockImmune: true } : {}),
    ...(system.downMinutes === null ? {} : { downMinutes: system.downMinutes }),
    actions: FRESH_ACTIONS,
  };
}

/** The weapon's counted ammunition, or null when it does not count it (capacity 0). */
function ammoOf(s: WwnWeaponSystem): { value: number; max: number } | null {
  const ammo = s.ammo as WwnWeaponSystem["ammo"] | undefined;
  return ammo === undefined || ammo.max <= 0 ? null : { value: ammo.value, max: ammo.max };
}

/** A weapon item as the rules see it. */
export function toWwnWeapon(item: Item.Implementation): WwnWeapon {
  const s = item.system as unknown as WwnWeaponSystem;
  const ammo = ammoOf(s);
  const attributes: Attribute[] = [];
  if (s.attributes.str) attributes.push("str");
  if (s.attributes.dex) attributes.push("dex");
  return {
    id: item.id ?? "",
    name: item.name,
    skill: s.skill,
    attributes,
    damage: s.damage,
    ...(s.shock.enabled ? { shock: { damage: s.shock.damage, ac: s.shock.ac } } : {}),
    ...(s.magicBonus === 0 ? {} : { magicBonus: s.magicBonus }),
    mode: s.mode,
    ...(s.throwable ? { throwable: true } : {}),
    ...(s.twoHanded && s.mode === "ranged" ? { twoHandedRanged: true } : {}),
    ...(s.unarmed ? { unarmed: true } : {}),
    ...(s.crushing ? { crushing: true } : {}),
    ...(s.nonLethal ? { nonLethal: true } : {}),
    ...(s.reload === "none" ? {} : { reload: s.reload, loaded: s.loaded }),
    ...(ammo === null ? {} : { ammo }),
    readied: s.readied,
  };
}

/**
 * The weapon a grappler hurts with at the end of the round: its unarmed weapon item if it has one,
 * else bare fists (1d2, Str or Dex, Punch — WWN's unarmed attack).
 */
export function unarmedOf(actor: Actor.Implementation): WwnWeapon {
  const item = actor.items.contents.find(
    (i) => i.type === "weapon" && (i.system as unknown as WwnWeaponSystem).unarmed,
  );
  return item === undefined ? bareHands() : toWwnWeapon(item);
}

/**
 * The weapon of an attack as the rules read it: the item's, or bare hands for none (an attack
 * without a weapon item, declared with the weapon id ""), named in the user's language.
 */
export function wwnWeaponOf(item: Item.Implementation | null): WwnWeapon {
  return item === null
    ? bareHands(game.i18n?.localize("FRAY.Wwn.Attack.BareHands") ?? "")
    : toWwnWeapon(item);
}

/** Bare hands: WWN's unarmed attack (1d2, Str or Dex, Punch), always at hand. */
export function bareHands(name = ""): WwnWeapon {
  return {
    id: "",
    name,
    skill: "punch",
    attributes: ["str", "dex"],
    damage: "1d2",
    mode: "melee",
    unarmed: true,
    nonLethal: true,
    readied: true,
  };
}

/* ------------------------------------------------------------------------------------------ */
/*  Rules → documents                                                                          */
/* ------------------------------------------------------------------------------------------ */

/**
 * Writes rule outcomes in as few database round-trips as possible (shared/updates.ts: one batch
 * for the world actors, one embedded update per actor for items).
 */
export function applyWwnUpdates(
  updates: readonly WwnUpdate[],
  resolve: ActorResolver = resolveActor,
): Promise<{ missing: string[] }> {
  return applyRuleUpdates(updates, resolve);
}

/* ------------------------------------------------------------------------------------------ */
/*  Refusals                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Shows a refusal as a localized warning (`FRAY.Wwn.Refusal.<reason>`). Nothing else happens. */
export function warnWwnRefusal(refusal: ShownRefusal): void {
  warnRefusal((reason) => `FRAY.Wwn.Refusal.${reason}`, refusal);
}

/** A rules refusal about an actor, with its name for the message. */
export function refusalFor(refusal: Refusal, actor: Actor.Implementation): Refusal {
  return refuse(refusal.reason, { name: actor.name, ...refusal.detail });
}

/**
 * The Worldlines character and NPC sheet: health and Energy bars, Combat die, stance and the
 * statuses in the header; tabs for combat (traits, skills, weapons with Attack buttons, armor by
 * zone), techniques, gear and the biography. Fields edit in place (the form submits on change;
 * the DataModel refuses bad values); items dropped on the sheet join the tab of their type
 * (ActorSheetV2's own drop handling). Every button calls a table action (attack/declare.ts, table/*.ts). Defensive
 * Posture and the round's interruption show what the referee's ledger records (budget.ts).
 */
import { DIE_STEPS } from "../../../../rules/core/dice.ts";
import { DEFAULT_OPTIONS as RULES } from "../../../../rules/worldlines/options.ts";
import { stanceAdvantageOn } from "../../../../rules/worldlines/skill-check.ts";
import { USE_ITEM_KINDS } from "../../../../rules/worldlines/use-item.ts";
import type { Stance, StatusId, Zone } from "../../../../rules/worldlines/model.ts";
import { STATUS_IDS } from "../../../../rules/worldlines/model.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import {
  actorSheetHeader,
  itemRow,
  onActor,
  onRowItem,
  onToggleRowItem,
  rulesetActorSheet,
} from "../../../sheets/base.ts";
import { barView } from "../../../sheets/actor-sheet.ts";
import type { BarView, TabView } from "../../../sheets/actor-sheet.ts";
import { attack } from "../attack/declare.ts";
import { firstAid, useItem } from "../table/care.ts";
import { escapeFrom, isRestrained, restrain } from "../table/restraints.ts";
import { coveringFire } from "../table/cover.ts";
import { build, throwGrenade } from "../table/gear.ts";
import { defensivePosture } from "../table/posture.ts";
import { drawWeapon } from "../table/draw.ts";
import { changeStance, recoveryCheck, reload, skillCheck } from "../table/self.ts";
import { useTechnique } from "../table/techniques.ts";
import { armorOf, statusesOf } from "../adapter.ts";
import { budgetOf, stanceOf } from "../budget.ts";
import type {
  WorldlinesActorSystem,
  WorldlinesTechniqueSystem,
  WorldlinesArmorSystem,
  WorldlinesWeaponSystem,
} from "../adapter.ts";
import { NPC_RANKS, SKILLS, STANCES, TRAITS, ZONE_IDS } from "../data.ts";
import type { GearSystem } from "./item-sheet.ts";
import type { ArmorDerived, WeaponDerived } from "../data.ts";

import { signed } from "../../../shared/format.ts";

export const ACTOR_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/worldlines/actor/actor-sheet.hbs`;

export const ACTOR_TABS = ["combat", "techniques", "gear", "biography"] as const;
export type ActorTab = (typeof ACTOR_TABS)[number];

/** A choice in a select: its value, label key and whether it is the current one. */
export interface OptionView {
  value: string;
  label: string;
  selected: boolean;
}

export interface TraitView {
  key: string;
  label: string;
  name: string;
  options: OptionView[];
}

export interface SkillView {
  key: string;
  label: string;
  name: string;
  value: number;
  /** What its check rolls with now: a localization key of the advantage or disadvantage, or null. */
  edge: string | null;
}

export interface StanceView {
  id: Stance;
  label: string;
  active: boolean;
}

export interface StatusView {
  id: StatusId;
  label: string;
  /** e.g. "−5 per turn", "1 turn left", "3 points"; empty when there is nothing to add. */
  detail: string;
  /** How it can be recovered from here, e.g. "Spirit TD 4 · 2 Energy"; null: not from the sheet. */
  recovery: string | null;
}

export interface WeaponRow {
  id: string;
  name: string;
  img: string;
  kind: string;
  skill: string;
  /** Skill + accuracy, signed ("+3"). */
  attackBonus: string;
  damage: string;
  /** "12 / 15", or null for a weapon without ammunition. */
  ammo: string | null;
  tags: string[];
  /** The weapon in hand (no Draw button). */
  drawn: boolean;
}

export interface ZoneView {
  zone: Zone;
  label: string;
  /** "d8", or "—" when nothing covers it. */
  die: string;
  covered: boolean;
}

export interface ArmorRow {
  id: string;
  name: string;
  img: string;
  summary: string;
  quality: string;
  equipped: boolean;
}

export interface TechniqueRow {
  id: string;
  name: string;
  img: string;
  cost: number;
  interrupt: boolean;
  effect: string;
}

export interface GearRow {
  id: string;
  name: string;
  img: string;
  kind: string;
  quantity: number;
  effect: string;
  /** A grenade: Throw is offered. */
  throwable: boolean;
  /** Build can deploy or repair it. */
  buildable: boolean;
  /** Use Item takes it (a stim or antidote with some left, a device). */
  usable: boolean;
}

export interface WorldlinesActorSheetContext {
  actorName: string;
  img: string;
  actorType: string;
  isNpc: boolean;
  editable: boolean;
  health: BarView;
  energy: BarView;
  rankOptions: OptionView[];
  combatDie: TraitView;
  /** "crits on 8", "crits on 9–10" or "no critical hits". */
  critText: string;
  /** The other trait dice (Spirit, Mind). */
  traits: TraitView[];
  skills: SkillView[];
  stances: StanceView[];
  stanceCost: number;
  life: string;
  lifeLabel: string;
  defensivePosture: boolean;
  defensivePostureCost: number;
  firstAidCost: number;
  /** The referee recorded it restrained: Break free and Escape show (table/restraints.ts). */
  restrained: boolean;
  interruptUsed: boolean;
  disabledLimbs: { arms: boolean; legs: boolean };
  exhaustion: number;
  statuses: StatusView[];
  tabs: Record<ActorTab, TabView>;
  weapons: WeaponRow[];
  attackCost: number;
  zones: ZoneView[];
  armorBonus: string;
  armor: ArmorRow[];
  techniques: TechniqueRow[];
  gear: GearRow[];
  biography: string;
  enrichedBiography: string;
}

function tabView(id: ActorTab, active: string): TabView {
  return {
    id,
    label: `FRAY.Worldlines.Sheet.Tab.${id}`,
    cssClass: id === active ? "active" : "",
  };
}

function dieOptions(current: number): OptionView[] {
  return DIE_STEPS.map((die) => ({
    value: String(die),
    label: `d${String(die)}`,
    selected: die === current,
  }));
}

type Localize = (key: string, data?: Record<string, string>) => string;

function localizer(): Localize {
  return (key, data) =>
    data === undefined ? (game.i18n?.localize(key) ?? key) : (game.i18n?.format(key, data) ?? key);
}

function critText(combat: number, say: Localize): string {
  const from = (RULES.critFrom as Record<number, number | undefined>)[combat];
  if (from === undefined) return say("FRAY.Worldlines.Actor.CritNever");
  const faces = from === combat ? String(combat) : `${String(from)}–${String(combat)}`;
  return say("FRAY.Worldlines.Actor.CritOn", { faces });
}

function statusDetail(id: StatusId, data: Record<string, unknown>, say: Localize): string {
  const n = (key: string) => String(data[key]);
  switch (id) {
    case "bleeding":
    case "poisoned":
      return say("FRAY.Worldlines.Actor.StatusDetail.perTurn", { hp: n("hpPerTurn") });
    case "staggered":
      return say("FRAY.Worldlines.Actor.StatusDetail.turns", { turns: n("turnsLeft") });
    case "blinded":
      return data["turnsLeft"] === null
        ? say("FRAY.Worldlines.Actor.StatusDetail.untilTreated")
        : say("FRAY.Worldlines.Actor.StatusDetail.turns", { turns: n("turnsLeft") });
    case "exhausted":
      return say("FRAY.Worldlines.Actor.StatusDetail.points", { points: n("points") });
    default:
      return "";
  }
}

function recoveryText(id: StatusId, say: Localize): string | null {
  const rule = RULES.recovery[id];
  if (rule === undefined) return null;
  return say("FRAY.Worldlines.Actor.Recovery", {
    check: say(`FRAY.Worldlines.Actor.Check.${rule.check}`),
    td: String(rule.td),
    energy: String(rule.energy),
  });
}

/**
 * Everything the sheet template shows, from the actor alone. Kept apart from the class so the
 * browser test renders the real template with the context the sheet builds.
 */
export async function worldlinesActorSheetContext(
  actor: Actor.Implementation,
  activeTab: string,
  editable = actor.isOwner,
): Promise<WorldlinesActorSheetContext> {
  const say = localizer();
  const system = actor.system as unknown as WorldlinesActorSystem & { biography: string };
  const budget = budgetOf(actor);
  const items = actor.items.contents;
  const ofType = (type: string) => items.filter((item) => item.type === type);

  const trait = (key: (typeof TRAITS)[number]): TraitView => ({
    key,
    label: `FRAY.Worldlines.Actor.Trait.${key}`,
    name: `system.traits.${key}`,
    options: dieOptions(system.traits[key]),
  });
  // The Combat die sits in the header; a form may hold each field once.
  const combatDie = trait("combat");
  const traits = TRAITS.filter((key) => key !== "combat").map(trait);

  const statuses = statusesOf(actor) as Record<string, Record<string, unknown> | undefined>;
  const statusViews = STATUS_IDS.flatMap((id): StatusView[] => {
    const data = statuses[id];
    if (data === undefined) return [];
    return [
      {
        id,
        label: `FRAY.Worldlines.Status.${id}.Name`,
        detail: statusDetail(id, data, say),
        recovery: recoveryText(id, say),
      },
    ];
  });

  const { armor, armorBonus } = armorOf(actor);

  const weapons = ofType("weapon").map((item): WeaponRow => {
    const weapon = item.system as unknown as WorldlinesWeaponSystem & { derived: WeaponDerived };
    const skill = system.skills[weapon.skill] ?? 0;
    const tags: string[] = [];
    if (weapon.derived.nonLethalCapable) tags.push("FRAY.Worldlines.Item.Tag.nonLethal");
    if (weapon.critWiden > 0) tags.push("FRAY.Worldlines.Item.Tag.critWiden");
    if (weapon.headshotWiden > 0) tags.push("FRAY.Worldlines.Item.Tag.headshotWiden");
    return {
      ...itemRow(item),
      kind: `FRAY.Worldlines.Item.Kind.${weapon.kind}`,
      skill: `FRAY.Worldlines.Actor.Skill.${weapon.skill}`,
      attackBonus: signed(skill + weapon.derived.accuracyTotal),
      damage: weapon.derived.effectiveDamage,
      ammo: weapon.derived.usesAmmo
        ? `${String(weapon.ammo.value)} / ${String(weapon.ammo.max)}`
        : null,
      tags,
      drawn: (weapon as { drawn?: boolean }).drawn === true,
    };
  });

  return {
    ...(await actorSheetHeader(actor, system.biography)),
    editable,
    health: barView(system.health),
    energy: barView(system.energy),
    rankOptions: NPC_RANKS.map((rank) => ({
      value: rank,
      label: `FRAY.Worldlines.Actor.Rank.${rank}`,
      selected: rank === system.rank,
    })),
    combatDie,
    critText: critText(system.traits.combat, say),
    traits,
    skills: SKILLS.map((key) => ({
      key,
      label: `FRAY.Worldlines.Actor.Skill.${key}`,
      name: `system.skills.${key}`,
      value: system.skills[key] ?? 0,
      edge: skillEdge(system, key),
    })),
    stances: STANCES.map((id) => ({
      id,
      label: `FRAY.Worldlines.Actor.Stance.${id}`,
      active: id === stanceOf(actor),
    })),
    stanceCost: RULES.costs.changeStance,
    life: system.life,
    lifeLabel: `FRAY.Worldlines.Actor.Life.${system.life}`,
    // What the actor spent of its round and turn: the referee's ledger, not the actor's fields.
    defensivePosture: budget.defensivePosture,
    defensivePostureCost: RULES.costs.defensivePosture,
    firstAidCost: RULES.costs.firstAid,
    restrained: isRestrained(actor),
    interruptUsed: budget.interruptUsed,
    disabledLimbs: { ...system.disabledLimbs },
    exhaustion: system.exhaustion,
    statuses: statusViews,
    tabs: {
      combat: tabView("combat", activeTab),
      techniques: tabView("techniques", activeTab),
      gear: tabView("gear", activeTab),
      biography: tabView("biography", activeTab),
    },
    weapons,
    attackCost: RULES.costs.attack,
    zones: ZONE_IDS.map((zone) => {
      const die = armor[zone];
      const covered = die !== undefined && die !== null;
      return {
        zone,
        label: `FRAY.Worldlines.Actor.Zone.${zone}`,
        die: covered ? `d${String(die)}` : "—",
        covered,
      };
    }),
    armorBonus: signed(armorBonus),
    armor: ofType("armor").map((item) => {
      const piece = item.system as unknown as WorldlinesArmorSystem & { derived: ArmorDerived };
      return {
        ...itemRow(item),
        summary: piece.derived.summary,
        quality: signed(piece.quality),
        equipped: piece.equipped,
      };
    }),
    techniques: ofType("technique").map((item) => {
      const technique = item.system as unknown as WorldlinesTechniqueSystem;
      return {
        ...itemRow(item),
        cost: technique.energyCost,
        interrupt: technique.interrupt,
        effect: technique.effect,
      };
    }),
    gear: ofType("gear").map((item) => {
      const gear = item.system as unknown as GearSystem;
      return {
        ...itemRow(item),
        kind: `FRAY.Worldlines.Item.GearKind.${gear.kind}`,
        quantity: gear.quantity,
        effect: gear.effect,
        throwable: gear.kind === "grenade" && gear.quantity > 0,
        restraints: gear.kind === "restraints" && gear.quantity > 0,
        buildable: (gear.deployable && !gear.deployed) || gear.damaged,
        usable:
          (USE_ITEM_KINDS as readonly string[]).includes(gear.kind) &&
          (gear.quantity > 0 || gear.kind === "device" || gear.kind === "other"),
      };
    }),
    biography: system.biography,
  };
}

/** Whether the actor's check of `skill` rolls with advantage or disadvantage now (one die: null). */
function skillEdge(system: WorldlinesActorSystem, skill: string): string | null {
  const advantage = stanceAdvantageOn(system.stance, skill);
  const disadvantage = system.disabledLimbs.legs && RULES.legDisadvantageSkills.includes(skill);
  if (advantage === disadvantage) return null;
  return advantage ? "FRAY.Worldlines.Sheet.Advantage" : "FRAY.Worldlines.Sheet.Disadvantage";
}

function isStance(value: string | undefined): value is Stance {
  return (STANCES as readonly string[]).includes(value ?? "");
}

function isStatus(value: string | undefined): value is StatusId {
  return (STATUS_IDS as readonly string[]).includes(value ?? "");
}

export class WorldlinesActorSheet extends rulesetActorSheet({
  rulesetClass: "worldlines",
  height: 760,
  tabs: { ids: ACTOR_TABS, initial: "combat" },
  template: ACTOR_SHEET_TEMPLATE,
  context: (actor, editable, tab) => worldlinesActorSheetContext(actor, tab, editable),
  actions: {
    attack: onRowItem(attack),
    coveringFire: onRowItem(coveringFire),
    reload: onRowItem(reload),
    draw: onRowItem(drawWeapon),
    build: onRowItem(build),
    throwItem: onRowItem(throwGrenade),
    useItem: onRowItem(useItem),
    firstAid: onActor(firstAid),
    restrain: onRowItem(restrain),
    breakFree: onActor((actor) => escapeFrom(actor, "breakFree")),
    escape: onActor((actor) => escapeFrom(actor, "escape")),
    defensivePosture: onActor(defensivePosture),
    stance: onActor(async (actor, target) => {
      const stance = target.dataset["stance"];
      if (isStance(stance)) await changeStance(actor, stance);
    }),
    useTechnique: onRowItem(useTechnique),
    skillCheck: onActor(async (actor, target) => {
      const skill = target.dataset["skill"];
      if (skill !== undefined) await skillCheck(actor, skill);
    }),
    recover: onActor(async (actor, target) => {
      const status = target.dataset["status"];
      if (isStatus(status)) await recoveryCheck(actor, status);
    }),
    toggleEquipped: onToggleRowItem("armor", "equipped"),
  },
}) {}

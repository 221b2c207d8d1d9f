/**
 * The Worldlines item sheet: one template, with the fields of each item type (weapon, armor,
 * technique, gear) grouped in sections; a weapon also shows its range profile as a table. Fields
 * edit in place; the DataModel refuses a bad value (a damage formula Foundry cannot roll, a die
 * off the ladder) with a message and keeps the old one.
 */
import { DIE_STEPS } from "../../../../rules/core/dice.ts";
import { DEFAULT_OPTIONS as RULES } from "../../../../rules/worldlines/options.ts";
import type { RangeBand } from "../../../../rules/worldlines/model.ts";
import { TECHNIQUE_USES } from "../../../../rules/worldlines/techniques.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { i18n } from "../../../shared/env.ts";
import { itemSheetHeader, rulesetItemSheet } from "../../../sheets/base.ts";
import type { WorldlinesArmorSystem, WorldlinesWeaponSystem } from "../adapter.ts";
import {
  DEFAULT_BAND_FEET,
  GEAR_KINDS,
  LIMITS,
  ON_HIT_STATUSES,
  RANGE_BANDS,
  WEAPON_KINDS,
  WEAPON_SKILLS,
  ZONE_IDS,
} from "../data.ts";
import type { ArmorDerived, WeaponDerived } from "../data.ts";
import type { WorldlinesTechniqueSystem } from "../adapter.ts";

export const ITEM_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/worldlines/item/item-sheet.hbs`;

/** One editable field; the template renders it by `input`. */
export type FieldView =
  | {
      input: "number";
      name: string;
      label: string;
      value: number | null;
      min: number;
      max: number;
    }
  | { input: "text"; name: string; label: string; value: string; placeholder: string }
  | { input: "checkbox"; name: string; label: string; checked: boolean }
  | {
      input: "select";
      name: string;
      label: string;
      /** "Number" for dice, so an empty choice is submitted as null, not "". */
      dtype: "String" | "Number";
      options: { value: string; label: string; selected: boolean }[];
    };

export interface SectionView {
  title: string;
  fields: FieldView[];
}

export interface RangeRowView {
  band: RangeBand;
  label: string;
  accuracy: RangeCellView;
  damage: RangeCellView;
  feet: RangeCellView;
}

/** One field of the range table, named for a screen reader by its row and column ("Short: Damage"). */
export interface RangeCellView {
  name: string;
  value: number | null;
  placeholder: string;
  ariaLabel: string;
}

export interface WorldlinesItemSheetContext {
  itemName: string;
  img: string;
  itemType: string;
  typeLabel: string;
  /** One line under the name: "1d6+1 · +2 accuracy", "torso d8 · arms d6" … */
  summary: string;
  sections: SectionView[];
  /** The weapon's range profile, or null for other items. */
  range: RangeRowView[] | null;
  description: string;
  enrichedDescription: string;
}

function number(
  name: string,
  label: string,
  value: number | null,
  min: number,
  max: number,
): FieldView {
  return { input: "number", name, label, value, min, max };
}

function checkbox(name: string, label: string, checked: boolean): FieldView {
  return { input: "checkbox", name, label, checked };
}

/** A select's choices: each id, labelled by its key. */
function labelled(
  ids: readonly string[],
  label: (id: string) => string,
): { value: string; label: string }[] {
  return ids.map((id) => ({ value: id, label: label(id) }));
}

function select(
  name: string,
  label: string,
  current: string,
  choices: readonly { value: string; label: string }[],
  dtype: "String" | "Number" = "String",
): FieldView {
  return {
    input: "select",
    name,
    label,
    dtype,
    options: choices.map((choice) => ({ ...choice, selected: choice.value === current })),
  };
}

function text(name: string, label: string, value: string, placeholder = ""): FieldView {
  return { input: "text", name, label, value, placeholder };
}

const DIE_CHOICES = [
  { value: "", label: "—" },
  ...DIE_STEPS.map((die) => ({ value: String(die), label: `d${String(die)}` })),
];

/** The critical and headshot widenings (a weapon's, a technique's). */
function widenFields(system: { critWiden: number; headshotWiden: number }): FieldView[] {
  return [
    number(
      "system.critWiden",
      "FRAY.Worldlines.Item.CritWiden",
      system.critWiden,
      0,
      LIMITS.critWiden,
    ),
    number(
      "system.headshotWiden",
      "FRAY.Worldlines.Item.HeadshotWiden",
      system.headshotWiden,
      0,
      LIMITS.headshotWiden,
    ),
  ];
}

function weaponContext(system: WorldlinesWeaponSystem & { derived: WeaponDerived }) {
  const sections: SectionView[] = [
    {
      title: "FRAY.Worldlines.Item.Section.attack",
      fields: [
        text("system.damage", "FRAY.Worldlines.Item.Damage", system.damage, "1d6+1"),
        select(
          "system.kind",
          "FRAY.Worldlines.Item.KindLabel",
          system.kind,
          labelled(WEAPON_KINDS, (id) => `FRAY.Worldlines.Item.Kind.${id}`),
        ),
        select(
          "system.skill",
          "FRAY.Worldlines.Item.Skill",
          system.skill,
          labelled(WEAPON_SKILLS, (id) => `FRAY.Worldlines.Actor.Skill.${id}`),
        ),
        number(
          "system.accuracy.quality",
          "FRAY.Worldlines.Item.Quality",
          system.accuracy.quality,
          -LIMITS.accuracy,
          LIMITS.accuracy,
        ),
        number(
          "system.accuracy.attachments",
          "FRAY.Worldlines.Item.Attachments",
          system.accuracy.attachments,
          -LIMITS.accuracy,
          LIMITS.accuracy,
        ),
        number(
          "system.damageBonus",
          "FRAY.Worldlines.Item.DamageBonus",
          system.damageBonus,
          -LIMITS.damageBonus,
          LIMITS.damageBonus,
        ),
      ],
    },
    {
      title: "FRAY.Worldlines.Item.Section.special",
      fields: [
        number("system.ammo.value", "FRAY.Worldlines.Item.Ammo", system.ammo.value, 0, LIMITS.ammo),
        number("system.ammo.max", "FRAY.Worldlines.Item.Magazine", system.ammo.max, 0, LIMITS.ammo),
        ...widenFields(system),
        checkbox("system.damaged", "FRAY.Worldlines.Item.Damaged", system.damaged),
        checkbox("system.blunt", "FRAY.Worldlines.Item.Blunt", system.blunt),
        checkbox("system.nonLethal", "FRAY.Worldlines.Item.NonLethal", system.nonLethal),
        checkbox("system.lethalOnly", "FRAY.Worldlines.Item.LethalOnly", system.lethalOnly),
      ],
    },
    {
      title: "FRAY.Worldlines.Item.Section.onHit",
      fields: ON_HIT_STATUSES.map((status) => ({
        input: "checkbox" as const,
        name: `system.onHit.${status}`,
        label: `FRAY.Worldlines.Status.${status}.Name`,
        checked: system.onHit[status],
      })),
    },
  ];
  const range = RANGE_BANDS.map((band): RangeRowView => {
    const own = system.range[band];
    const base = RULES.rangeBands[band];
    const path = `system.range.${band}`;
    const label = `FRAY.Worldlines.Item.Band.${band}`;
    const cell = (column: "accuracy" | "damage" | "feet", placeholder: number): RangeCellView => ({
      name: `${path}.${column}`,
      value: own[column],
      placeholder: String(placeholder),
      ariaLabel: i18n().format("FRAY.Views.Cell", {
        row: i18n().localize(label),
        column: i18n().localize(`FRAY.Worldlines.Item.Band.${column}`),
      }),
    });
    return {
      band,
      label,
      accuracy: cell("accuracy", base.accuracy),
      damage: cell("damage", base.damage),
      feet: cell("feet", DEFAULT_BAND_FEET[band]),
    };
  });
  const accuracy = system.derived.accuracyTotal;
  const summary = [
    system.derived.effectiveDamage,
    accuracy === 0 ? "" : `${accuracy > 0 ? "+" : "−"}${String(Math.abs(accuracy))}`,
  ]
    .filter((part) => part !== "")
    .join(" · ");
  return { sections, range, summary };
}

function armorContext(system: WorldlinesArmorSystem & { derived: ArmorDerived }) {
  const sections: SectionView[] = [
    {
      title: "FRAY.Worldlines.Item.Section.zones",
      fields: ZONE_IDS.map((zone) =>
        select(
          `system.zones.${zone}`,
          `FRAY.Worldlines.Actor.Zone.${zone}`,
          system.zones[zone] === null ? "" : String(system.zones[zone]),
          DIE_CHOICES,
          "Number",
        ),
      ),
    },
    {
      title: "FRAY.Worldlines.Item.Section.wear",
      fields: [
        number(
          "system.quality",
          "FRAY.Worldlines.Item.ArmorQuality",
          system.quality,
          -LIMITS.armorQuality,
          LIMITS.armorQuality,
        ),
        checkbox("system.equipped", "FRAY.Worldlines.Item.Equipped", system.equipped),
        checkbox("system.damaged", "FRAY.Worldlines.Item.Damaged", system.damaged),
      ],
    },
  ];
  return { sections, range: null, summary: system.derived.summary };
}

function techniqueContext(system: WorldlinesTechniqueSystem) {
  const sections: SectionView[] = [
    {
      title: "FRAY.Worldlines.Item.Section.use",
      fields: [
        select(
          "system.use",
          "FRAY.Worldlines.Item.TechniqueUseLabel",
          system.use,
          labelled(TECHNIQUE_USES, (id) => `FRAY.Worldlines.Item.TechniqueUse.${id}`),
        ),
        number(
          "system.energyCost",
          "FRAY.Worldlines.Item.EnergyCost",
          system.energyCost,
          0,
          LIMITS.energyCost,
        ),
        checkbox("system.interrupt", "FRAY.Worldlines.Item.Interrupt", system.interrupt),
        checkbox(
          "system.extraInterruption",
          "FRAY.Worldlines.Item.ExtraInterruption",
          system.extraInterruption,
        ),
        checkbox(
          "system.freeWeaponSwitch",
          "FRAY.Worldlines.Item.FreeWeaponSwitch",
          system.freeWeaponSwitch,
        ),
        checkbox(
          "system.stopsBleeding",
          "FRAY.Worldlines.Item.StopsBleeding",
          system.stopsBleeding,
        ),
        checkbox(
          "system.stealsMomentum",
          "FRAY.Worldlines.Item.StealsMomentum",
          system.stealsMomentum,
        ),
        text("system.effect", "FRAY.Worldlines.Item.Effect", system.effect),
      ],
    },
    {
      title: "FRAY.Worldlines.Item.Section.techniqueAttack",
      fields: [
        ...widenFields(system),
        number(
          "system.energyRefund",
          "FRAY.Worldlines.Item.EnergyRefund",
          system.energyRefund,
          0,
          LIMITS.energyCost,
        ),
        ...ON_HIT_STATUSES.map((status) =>
          checkbox(
            `system.onHit.${status}`,
            `FRAY.Worldlines.Status.${status}.Name`,
            system.onHit[status],
          ),
        ),
      ],
    },
  ];
  return { sections, range: null, summary: system.effect };
}

export interface GearSystem {
  kind: string;
  quantity: number;
  effect: string;
  heals: number;
  damage: string;
  blast: number;
  deployable: boolean;
  deployed: boolean;
  damaged: boolean;
}

function gearContext(system: GearSystem) {
  const sections: SectionView[] = [
    {
      title: "FRAY.Worldlines.Item.Section.use",
      fields: [
        select(
          "system.kind",
          "FRAY.Worldlines.Item.KindLabel",
          system.kind,
          labelled(GEAR_KINDS, (id) => `FRAY.Worldlines.Item.GearKind.${id}`),
        ),
        number(
          "system.quantity",
          "FRAY.Worldlines.Item.Quantity",
          system.quantity,
          0,
          LIMITS.quantity,
        ),
        text("system.effect", "FRAY.Worldlines.Item.Effect", system.effect),
        number("system.heals", "FRAY.Worldlines.Item.Heals", system.heals, 0, LIMITS.resource),
        text("system.damage", "FRAY.Worldlines.Item.Damage", system.damage, "2d6"),
        number("system.blast", "FRAY.Worldlines.Item.Blast", system.blast, 0, LIMITS.feet),
        checkbox("system.deployable", "FRAY.Worldlines.Item.Deployable", system.deployable),
        checkbox("system.deployed", "FRAY.Worldlines.Item.Deployed", system.deployed),
        checkbox("system.damaged", "FRAY.Worldlines.Item.Damaged", system.damaged),
      ],
    },
  ];
  return { sections, range: null, summary: system.effect };
}

function typeContext(item: Item.Implementation): {
  sections: SectionView[];
  range: RangeRowView[] | null;
  summary: string;
} {
  const system: unknown = item.system;
  switch (item.type) {
    case "weapon":
      return weaponContext(system as WorldlinesWeaponSystem & { derived: WeaponDerived });
    case "armor":
      return armorContext(system as WorldlinesArmorSystem & { derived: ArmorDerived });
    case "technique":
      return techniqueContext(system as WorldlinesTechniqueSystem);
    case "gear":
      return gearContext(system as GearSystem);
    default:
      return { sections: [], range: null, summary: "" };
  }
}

/** Everything the item sheet template shows, from the item alone. */
export async function worldlinesItemSheetContext(
  item: Item.Implementation,
): Promise<WorldlinesItemSheetContext> {
  const description = (item.system as unknown as { description: string }).description;
  return {
    ...(await itemSheetHeader(item, description)),
    ...typeContext(item),
  };
}

export class WorldlinesItemSheet extends rulesetItemSheet({
  rulesetClass: "worldlines",
  width: 520,
  height: 640,
  template: ITEM_SHEET_TEMPLATE,
  context: worldlinesItemSheetContext,
}) {}

/**
 * The Freelancers character and NPC sheet: health, armor rating, size, defense (rolled, or a
 * static value), life state and failed death checks in the header; attributes, each with a check
 * button; skills, each with a check button (Attribute + Skill, roll-under); the turn's actions
 * (Long, Base, Move, Quick, Reaction) with Move, Quick, Hide, Search, Dodge, Disengage and Ready
 * buttons; counters with + and − and a field to add one of a new kind; weapons with their check target, damage, reach or range, integrity and an Attack
 * button; armor; abilities with their recharge and a Use button; biography. Fields edit in place
 * (the form submits on change; the DataModel refuses bad values). Buttons call ../table/*.ts and
 * the attack (../attack/declare.ts); the turn's actions shown are the referee's record of them.
 */
import { staticDefense, sizeModifier } from "../../../../rules/freelancers/attack.ts";
import { SIZE_CLASSES } from "../../../../rules/freelancers/options.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { barView } from "../../../sheets/actor-sheet.ts";
import {
  actorSheetHeader,
  itemRow,
  choices,
  onActor,
  onRowItem,
  onToggleRowItem,
  rulesetActorSheet,
} from "../../../sheets/base.ts";
import { signed } from "../../../shared/format.ts";
import { flAttack } from "../attack/dialog.ts";
import { flRollCheck } from "../table/checks.ts";
import { flAddCounterKind, flAdjustCounter } from "../table/counters.ts";
import { flHelp, flMedicine } from "../table/care.ts";
import { flStealth } from "../table/stealth.ts";
import { flAid } from "../table/aid.ts";
import { flReadyFromSheet } from "../table/ready.ts";
import { flDisengage, flDodge, flSpend, flUseAbility } from "../table/self.ts";
import { armorRating, flSystemOf, toFlAbility, toFlWeapon, toFreelancer } from "../adapter.ts";
import type { FlAbilitySystem, FlArmorSystem } from "../adapter.ts";
import {
  FL_ATTRIBUTES,
  FL_COUNTER_KINDS,
  FL_DEFENSES,
  FL_LIFE_STATES,
  FL_SKILL_ATTRIBUTE,
  FL_SKILLS,
} from "../data.ts";
import { flMemberChips } from "../combat.ts";
import { flNow } from "../budget.ts";
import { flOptions } from "../settings.ts";

export const FL_ACTOR_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/freelancers/actor/actor-sheet.hbs`;

/**
 * Everything the sheet template shows, from the actor alone. Kept apart from the class so the
 * browser test renders the real template with the context the sheet builds.
 */
export async function flActorSheetContext(actor: Actor.Implementation, editable = actor.isOwner) {
  const system = flSystemOf(actor);
  const me = toFreelancer(actor);
  // The counters the rules read: the referee's record in a fight (budget.ts).
  const counted = flNow(actor).counters;
  const items = actor.items.contents;
  const options = flOptions();
  const counterKinds = [
    ...FL_COUNTER_KINDS,
    ...Object.keys(counted).filter((k) => !(FL_COUNTER_KINDS as readonly string[]).includes(k)),
  ];
  return {
    ...(await actorSheetHeader(actor, system.biography)),
    editable,
    health: barView(system.health),
    life: system.life,
    lifeOptions: choices(FL_LIFE_STATES, system.life, (id) => `FRAY.Freelancers.Life.${id}`),
    deathFailures: system.deathFailures,
    armorNatural: system.armor,
    armorRating: armorRating(actor),
    sizeOptions: choices(SIZE_CLASSES, system.size, (id) => `FRAY.Freelancers.Size.${id}`),
    sizeModifier: signed(sizeModifier(me, options)),
    defenseOptions: choices(FL_DEFENSES, system.defense, (id) => `FRAY.Freelancers.Defense.${id}`),
    isStatic: system.defense === "static",
    staticDefense: system.staticDefense,
    staticValue: staticDefense(me, options),
    defenseTarget: (me.attributes["agility"] ?? 0) + sizeModifier(me, options),
    immobilized: system.immobilized,
    attributes: FL_ATTRIBUTES.map((key) => ({
      key,
      label: `FRAY.Freelancers.Attribute.${key}`,
      name: `system.attributes.${key}`,
      value: system.attributes[key] ?? 0,
    })),
    skills: FL_SKILLS.map((key) => ({
      key,
      label: `FRAY.Freelancers.Skill.${key}`,
      name: `system.skills.${key}`,
      value: system.skills[key] ?? 0,
      attribute: FL_SKILL_ATTRIBUTE[key],
    })),
    turn: flMemberChips(actor),
    counters: counterKinds.map((kind) => ({
      kind,
      label: (FL_COUNTER_KINDS as readonly string[]).includes(kind)
        ? `FRAY.Freelancers.Counter.${kind}`
        : null,
      count: counted[kind] ?? 0,
    })),
    weapons: items
      .filter((item) => item.type === "weapon")
      .map((item) => {
        const weapon = toFlWeapon(item);
        return {
          ...itemRow(item),
          kind: `FRAY.Freelancers.WeaponKind.${weapon.kind}`,
          target: (me.attributes[weapon.attribute] ?? 0) + (me.skills[weapon.skill] ?? 0),
          skill: `FRAY.Freelancers.Skill.${weapon.skill}`,
          damage: weapon.damage,
          reach:
            weapon.range === undefined
              ? `${String(weapon.reach ?? 0)} m`
              : `${String(weapon.range.nominal)}/${String(weapon.range.max)} m`,
          integrity: `${String(weapon.integrity.value)}/${String(weapon.integrity.max)}`,
          broken: weapon.integrity.value <= 0,
        };
      }),
    armor: items
      .filter((item) => item.type === "armor")
      .map((item) => {
        const piece = item.system as unknown as FlArmorSystem;
        return { ...itemRow(item), rating: piece.rating, equipped: piece.equipped };
      }),
    abilities: items
      .filter((item) => item.type === "technique")
      .map((item) => {
        const ability = toFlAbility(item);
        const s = item.system as unknown as FlAbilitySystem;
        return {
          ...itemRow(item),
          action: `FRAY.Freelancers.Action.${s.action}`,
          recharge: ability.recharge,
          charged: ability.charged,
        };
      }),
    gear: items.filter((item) => item.type === "gear").map(itemRow),
    biography: system.biography,
  };
}

export type FlActorSheetContext = Awaited<ReturnType<typeof flActorSheetContext>>;

export class FlActorSheet extends rulesetActorSheet({
  rulesetClass: "freelancers",
  template: FL_ACTOR_SHEET_TEMPLATE,
  context: flActorSheetContext,
  actions: {
    attack: onRowItem(flAttack),
    check: onActor((actor, target) =>
      flRollCheck(actor, target.dataset["attribute"] ?? "agility", target.dataset["skill"] ?? null),
    ),
    // A plain Move or Quick action (a Move traded from the Base when the Move is gone).
    spend: onActor((actor, target) =>
      flSpend(actor, target.dataset["kind"] === "quick" ? "quick" : "move"),
    ),
    stealth: onActor((actor, target) =>
      flStealth(actor, target.dataset["kind"] === "search" ? "search" : "hide"),
    ),
    aid: onActor((actor) => flAid(actor)),
    dodge: onActor(flDodge),
    disengage: onActor(flDisengage),
    ready: onActor((actor, target) =>
      flReadyFromSheet(actor, target.dataset["held"] === "move" ? "move" : "base"),
    ),
    counter: onActor((actor, target) =>
      flAdjustCounter(actor, target.dataset["kind"] ?? "", Number(target.dataset["amount"] ?? 0)),
    ),
    addCounter: onActor(flAddCounterKind),
    useAbility: onRowItem(flUseAbility),
    toggleEquipped: onToggleRowItem("armor", "equipped"),
    care: onActor((actor, target) =>
      target.dataset["kind"] === "medicine" ? flMedicine(actor) : flHelp(actor),
    ),
  },
}) {}

/**
 * The WWN character and NPC sheet: hit points, Armor Class (with how it is made up), attack bonus,
 * speed and life state in the header; attributes with their modifiers, saving throws; the
 * weapons with their hit bonus, damage and Shock and an Attack button each (readied or stowed at a
 * click, Reload when unloaded), armor and shields; the round's actions (Main / Move) with buttons
 * for the maneuvers an actor takes on itself (Total Defense, Fighting Withdrawal, Run, Hold,
 * Delay, Go prone / Stand up); skills; biography. Fields edit in place (the form submits on
 * change; the DataModel refuses bad values). The round shown is the referee's record of the fight
 * the actor is in (../budget.ts). The buttons call ../attack/declare.ts, ../table/self.ts and
 * ../table/maneuver-card.ts.
 */
import { actionSummary } from "../../../../rules/wwn/actions.ts";
import { checkWwnAttackInput, shockFor } from "../../../../rules/wwn/attack.ts";
import { bestAttribute, skillLevel } from "../../../../rules/wwn/checks.ts";
import { checkedWwnCombatant } from "../../../../rules/wwn/valid.ts";
import type { WwnCombatant, WwnWeapon } from "../../../../rules/wwn/model.ts";
import type { Terrain } from "../../../../rules/wwn/index.ts";
import type { SaveKind } from "../../../../rules/wwn/checks.ts";
import { moveRate } from "../../../../rules/wwn/index.ts";
import { DEFAULT_WWN_OPTIONS } from "../../../../rules/wwn/options.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import {
  actorSheetHeader,
  onActor,
  onRowItem,
  onToggleRowItem,
  rulesetActorSheet,
} from "../../../sheets/base.ts";
import { barView } from "../../../sheets/actor-sheet.ts";
import { wwnAttack } from "../attack/declare.ts";
import { wwnCharge } from "../movement.ts";
import * as actions from "../table/self.ts";
import { wwnCallSaves } from "../table/saves.ts";
import { wwnCastSpell } from "../table/cast.ts";
import { wwnCallMorale } from "../table/morale.ts";
import { wwnJostle } from "../marks.ts";
import type { WwnManeuverKind } from "../table/maneuver-card.ts";
import { wwnManeuverButton, wwnSkillButton } from "../sheet-actions.ts";
import { armorClass, modifiersOf, resolveActor, toWwnWeapon } from "../adapter.ts";
import { fighterOf } from "../budget.ts";
import type { WwnActorSystem, WwnArmorSystem } from "../adapter.ts";
import { storedNumber, WWN_ATTRIBUTES, WWN_LIFE_STATES, WWN_SKILLS } from "../data.ts";
import { signed } from "../../../shared/format.ts";

export const WWN_ACTOR_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/actor/actor-sheet.hbs`;

export interface WwnWeaponRow {
  id: string;
  name: string;
  img: string;
  mode: string;
  hit: string;
  damage: string;
  /** "Shock 2/15" with the attacker's bonuses in, or null. */
  shock: string | null;
  readied: boolean;
  /** A weapon that reloads and is not loaded, or a counted magazine not full: the row offers Reload. */
  reloadable: boolean;
  /** A bow or crossbow whose counted ammunition is not full: the row offers Refill. */
  refillable: boolean;
  /** "7 / 10" when the weapon counts its ammunition, else null. */
  ammo: string | null;
  tags: string[];
  /** A melee or thrown weapon: the row offers Charge (movement.ts wwnCharge). */
  charges: boolean;
}

function itemRow(item: Item.Implementation) {
  return { id: item.id ?? "", name: item.name, img: item.img ?? "" };
}

/**
 * Everything the sheet template shows, from the actor alone. Kept apart from the class so the
 * browser test renders the real template with the context the sheet builds.
 */
/** The Shock a weapon row shows; NaN (as storedNumber) when the rules refuse the numbers. */
function shockValue(me: WwnCombatant, weapon: WwnWeapon): number {
  const input = checkWwnAttackInput({ attacker: me, defender: me, weapon });
  return input.ok ? shockFor(input.value).value : Number.NaN;
}

export async function wwnActorSheetContext(actor: Actor.Implementation, editable = actor.isOwner) {
  const system = actor.system as unknown as WwnActorSystem & { biography: string };
  const me = fighterOf(actor);
  const checked = checkedWwnCombatant("actor", me);
  const mods = modifiersOf(actor);
  const ac = armorClass(actor);
  const items = actor.items.contents;
  // The rules refuse an action state with a bad stored number: then nothing shows as available,
  // and the Unreadable chip (as in the tracker) says why.
  const summary = actionSummary(me.actions);
  const round = summary.ok ? summary.value : null;
  const say = (key: string, data: Record<string, string>) => game.i18n?.format(key, data) ?? key;

  const weapons = items
    .filter((item) => item.type === "weapon")
    .map((item): WwnWeaponRow => {
      const weapon = toWwnWeapon(item);
      // NaN when the rules refuse the actor, as storedNumber.
      const skill = checked.ok
        ? (skillLevel(checked.value, weapon.skill) ?? DEFAULT_WWN_OPTIONS.unskilledHit)
        : Number.NaN;
      const attribute = checked.ok ? bestAttribute(checked.value, weapon.attributes) : Number.NaN;
      const magic = weapon.magicBonus ?? 0;
      const shock =
        weapon.shock === undefined
          ? null
          : say("FRAY.Wwn.Card.ShockRating", {
              damage: String(shockValue(me, weapon)),
              ac: String(weapon.shock.ac),
            });
      const tags: string[] = [];
      if (weapon.throwable === true) tags.push("FRAY.Wwn.Item.Tag.throwable");
      if (
        weapon.twoHandedRanged === true ||
        (item.system as unknown as { twoHanded: boolean }).twoHanded
      )
        tags.push("FRAY.Wwn.Item.Tag.twoHanded");
      if (weapon.reload !== undefined) {
        tags.push(
          weapon.loaded === false ? "FRAY.Wwn.Item.Tag.unloaded" : "FRAY.Wwn.Item.Tag.loaded",
        );
      }
      return {
        ...itemRow(item),
        mode: `FRAY.Wwn.Mode.${weapon.mode}`,
        charges: weapon.mode !== "ranged" || weapon.throwable === true,
        // A stat block's total replaces skill, class bonus and attribute (rules: hitModifiers).
        hit: signed(
          typeof me.hitBonus === "number"
            ? me.hitBonus + magic
            : skill + me.attackBonus + attribute + magic,
        ),
        damage: `${weapon.damage}${attribute + magic === 0 ? "" : signed(attribute + magic)}`,
        shock,
        readied: weapon.readied,
        reloadable:
          weapon.reload !== undefined
            ? weapon.loaded === false
            : weapon.ammo !== undefined && weapon.ammo.value < weapon.ammo.max,
        refillable:
          weapon.reload !== undefined &&
          weapon.ammo !== undefined &&
          weapon.ammo.value < weapon.ammo.max,
        ammo:
          weapon.ammo === undefined
            ? null
            : `${String(weapon.ammo.value)} / ${String(weapon.ammo.max)}`,
        tags,
      };
    });

  return {
    ...(await actorSheetHeader(actor, system.biography)),
    named: system.named === true,
    editable,
    health: barView(system.health),
    ac,
    acNatural: system.ac.natural,
    acBonus: system.ac.bonus,
    attackBonus: system.attackBonus,
    /** NPCs: the stat block's hit bonus as the input shows it (blank: from skill and attribute). */
    hitBonus: typeof system.hitBonus === "number" ? String(system.hitBonus) : "",
    morale: (system as unknown as { morale?: number }).morale ?? null,
    /** The GM calls saves for the targeted tokens from here. */
    isGM: game.user?.isGM === true,
    speed: system.speed,
    wounds: system.wounds,
    life: system.life,
    lifeOptions: WWN_LIFE_STATES.map((id) => ({
      value: id,
      label: `FRAY.Wwn.Life.${id}`,
      selected: id === system.life,
    })),
    prone: system.prone,
    shockImmune: system.shockImmune,
    attributes: WWN_ATTRIBUTES.map((a) => ({
      key: a,
      label: `FRAY.Wwn.Attribute.${a}`,
      name: `system.attributes.${a}`,
      score: system.attributes[a],
      mod: signed(mods[a]),
    })),
    saves: (["physical", "evasion", "mental"] as const).map((s) => ({
      key: s,
      label: `FRAY.Wwn.Save.${s}`,
      name: `system.saves.${s}`,
      value: system.saves[s],
    })),
    skills: WWN_SKILLS.map((key) => ({
      key,
      label: `FRAY.Wwn.Skill.${key}`,
      name: `system.skills.${key}`,
      value: system.skills[key] ?? -1,
    })),
    round: {
      unreadable: round === null,
      main: round?.main ?? false,
      moves: round?.moves ?? 0,
      totalDefense: round?.totalDefense ?? false,
      holding: round?.holding ?? false,
      delaying: (round?.delayingFor ?? null) !== null,
      withdrawn: round?.withdrawn ?? false,
      /** Whom a Delay may wait for (or a screen protect): the other participants of a started combat. */
      delayTargets: actions.wwnDelayTargets(actor),
      /** How far one Move action goes: the Run field's default and its limit. */
      moveRate: storedNumber(moveRate(me)),
      /** The captive this actor holds, by name (it may drag, throw or release it). */
      captive: me.grappling === null ? null : (resolveActor(me.grappling)?.name ?? me.grappling),
      /** Someone in the combat holds this actor (it may try to break free). */
      grappled: actions.wwnGrappled(actor),
      screening: (round?.screening ?? null) !== null,
    },
    /** The weapons a Shove, Grapple, Shatter or Execution can use (readied ones). */
    maneuverWeapons: weapons.filter((w) => w.readied).map((w) => ({ id: w.id, name: w.name })),
    weapons,
    armor: items
      .filter((item) => item.type === "armor")
      .map((item) => {
        const piece = item.system as unknown as WwnArmorSystem;
        return {
          ...itemRow(item),
          kind: `FRAY.Wwn.ArmorKind.${piece.kind}`,
          ac: piece.ac,
          bonus: piece.kind === "shield" ? signed(piece.bonus) : null,
          equipped: piece.equipped,
          broken: piece.broken,
        };
      }),
    spellSlots: (system as unknown as { spellSlots: { value: number; max: number } }).spellSlots,
    spells: items
      .filter((item) => item.type === "technique" && (item.system as { spell?: boolean }).spell)
      .map((item) => ({
        ...itemRow(item),
        level: (item.system as unknown as { spellLevel: number }).spellLevel,
      })),
    gear: items
      .filter((item) => item.type === "gear")
      .map((item) => ({
        ...itemRow(item),
        quantity: (item.system as unknown as { quantity: number }).quantity,
      })),
    biography: system.biography,
  };
}

export type WwnActorSheetContext = Awaited<ReturnType<typeof wwnActorSheetContext>>;

/** Run's distance, when the row's field gives one (blank: the full run). */
function runFeet(target: HTMLElement): number | undefined {
  const field = target.closest(".wwn-round")?.querySelector<HTMLInputElement>("input.wwn-run-feet");
  return field === null || field === undefined || field.value === ""
    ? undefined
    : Number(field.value);
}

/** Run's ground, from the row's select: hard ground halves the move. */
function runTerrain(target: HTMLElement): Terrain {
  return roundPick(target, "select.wwn-run-terrain") === "hard" ? "hard" : "normal";
}

/** The actor picked in the round row's select (`selector`), "" when none. */
function roundPick(target: HTMLElement, selector: string): string {
  return target.closest(".wwn-round")?.querySelector<HTMLSelectElement>(selector)?.value ?? "";
}

/** A maneuver: its kind and effect from the button, the weapon, size and range from the row. */
async function maneuver(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const row = target.closest(".wwn-maneuvers");
  const pick = (selector: string) => row?.querySelector<HTMLSelectElement>(selector)?.value ?? "";
  // Whether the Execution Attack was prepared and its target is unaware is the GM's call on the card.
  await wwnManeuverButton(
    actor,
    target.dataset["kind"] as WwnManeuverKind,
    target.dataset["effect"],
    {
      weaponId: pick("select.wwn-maneuver-weapon"),
      size: pick("select.wwn-maneuver-size") || "manSized",
      range: pick("select.wwn-execution-range") || "melee",
    },
  );
}

/**
 * Use a Skill (a Main Action): the skill and attribute from the skills row's selects, and the
 * target's pair when a token is targeted (a blank part: the same as the user's).
 */
async function useSkill(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const row = target.closest(".wwn-skill-use");
  const pick = (selector: string) => row?.querySelector<HTMLSelectElement>(selector)?.value ?? "";
  await wwnSkillButton(actor, {
    skill: pick("select.wwn-skill-use-skill"),
    attribute: pick("select.wwn-skill-use-attribute"),
    againstSkill: pick("select.wwn-skill-use-against-skill"),
    againstAttribute: pick("select.wwn-skill-use-against-attribute"),
  });
}

/** The GM calls this save for every targeted token, with the modifier beside the buttons. */
async function callSave(_actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const kind = target.dataset["save"] as SaveKind;
  const field = target
    .closest(".wwn-saves")
    ?.querySelector<HTMLInputElement>("input.wwn-save-modifier");
  const modifier = field === null || field === undefined ? 0 : Math.trunc(Number(field.value));
  await wwnCallSaves(kind, Number.isFinite(modifier) ? modifier : 0);
}

export class WwnActorSheet extends rulesetActorSheet({
  rulesetClass: "wwn",
  height: 780,
  template: WWN_ACTOR_SHEET_TEMPLATE,
  context: wwnActorSheetContext,
  actions: {
    attack: onRowItem(wwnAttack),
    charge: onRowItem(wwnCharge),
    toggleReadied: onRowItem(actions.wwnToggleReadied),
    toggleEquipped: onToggleRowItem("armor", "equipped"),
    totalDefense: onActor(actions.wwnTotalDefense),
    prone: onActor(actions.wwnToggleProne),
    reload: onRowItem(actions.wwnReload),
    fightingWithdrawal: onActor(actions.wwnFightingWithdrawal),
    run: onActor((actor, target) => actions.wwnRun(actor, runFeet(target), runTerrain(target))),
    jostle: onActor(wwnJostle),
    hold: onActor(actions.wwnHold),
    delay: onActor((actor, target) =>
      actions.wwnDelay(actor, roundPick(target, "select.wwn-delay-target")),
    ),
    maneuver: onActor(maneuver),
    screen: onActor((actor, target) =>
      actions.wwnScreen(actor, roundPick(target, "select.wwn-screen-target")),
    ),
    joinSwarm: onActor(actions.wwnJoinSwarm),
    release: onActor(actions.wwnRelease),
    drop: onRowItem(actions.wwnDrop),
    pickUp: onRowItem(actions.wwnPickUp),
    refill: onRowItem(actions.wwnRefill),
    useSkill: onActor(useSkill),
    cast: onRowItem(wwnCastSpell),
    morale: onActor(async (actor) => {
      await wwnCallMorale(actor);
    }),
    callSave: onActor(callSave),
  },
}) {}

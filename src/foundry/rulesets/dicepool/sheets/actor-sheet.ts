/**
 * The dice-pool character and NPC sheet: health (Physical + Size + 3) with damage, non-lethal
 * damage and the wound penalty; Energy; attributes, Size, speed and skills; the state (
 * incapacitated, dying, dead, stabilized); the grapples held and holding it, and the grapple
 * penalty (the referee's record in the combat's ledger: budget.ts); the weapons with their attack
 * pool and an Attack button each (plus a bare-handed attack), armor with its rating; the table
 * acts' buttons (table/kit.ts): Take Cover, Defend Other (the targeted ally), Surrender, and each
 * power's Use (table/conduct.ts). Fields edit in place (the form submits on change; the DataModel
 * refuses bad values).
 */
import { checkAttackInput, planAttack } from "../../../../rules/dicepool/attack.ts";
import { bleeds, maxHealth } from "../../../../rules/dicepool/health.ts";
import { initiativePool } from "../../../../rules/dicepool/initiative.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { actorSheetHeader, onActor, onRowItem, rulesetActorSheet } from "../../../sheets/base.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { i18n } from "../../../shared/env.ts";
import { dicepoolAttack } from "../attack/declare.ts";
import {
  EMPTY_HANDS,
  combatantId,
  resolveActor,
  systemOf,
  toDicepoolCombatant,
  toDicepoolWeapon,
  warnDicepoolRefusal,
} from "../adapter.ts";
import type { DicepoolArmorSystem } from "../adapter.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { fallingOf } from "../falling.ts";
import {
  actionsLeft,
  grapplePenaltyOf,
  heldGrapples,
  holdersOf,
  turnActionsOf,
} from "../budget.ts";
import { droppedOf } from "../dropped.ts";
import { DICEPOOL_ATTRIBUTES, DICEPOOL_INCAPACITATIONS, DICEPOOL_SKILLS } from "../data.ts";
import { dicepoolOptions } from "../settings.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Medium } from "../../../../rules/dicepool/movement.ts";
import { MEDIA, requestDicepoolAct } from "../table/kit.ts";
import { COVER_KINDS } from "../../../../rules/dicepool/options.ts";
import { coverTaken, guarding, powerType } from "../table/conduct.ts";
import { mayRollIn, rollIn } from "../table/join.ts";
import { canBlitz, dicepoolBlitz } from "../movement.ts";

/** The cover the referee recorded for the actor, as a label key (null: none). */
function coverOf(actor: Actor.Implementation): string | null {
  const cover = coverTaken(actor);
  return cover === null ? null : `FRAY.Dicepool.Cover.${cover}`;
}

/** The name of the ally the actor guards (null: none). */
function guardedName(actor: Actor.Implementation): string | null {
  const id = guarding(actor);
  return id === null ? null : (resolveActor(id)?.name ?? null);
}
import type { TableAct } from "../table/kit.ts";

export const DICEPOOL_ACTOR_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/actor-sheet.hbs`;

/** Everything the sheet template shows, from the actor alone (the browser test renders it). */
export async function dicepoolActorSheetContext(
  actor: Actor.Implementation,
  editable = actor.isOwner,
) {
  const system = systemOf(actor);
  const me = toDicepoolCombatant(actor);
  const dropped = droppedOf(actor);
  const options = dicepoolOptions();
  const max = maxHealth(me, options);
  const attackPool = (item: Item.Implementation | null) => {
    const weapon = item === null ? EMPTY_HANDS : toDicepoolWeapon(item);
    const attack = checkAttackInput({
      attacker: me,
      defender: me,
      weapon,
      intent: "damage",
      defense: "soak",
    });
    const plan = attack.ok ? planAttack(attack.value, options) : attack;
    return plan.ok ? plan.value.attackPool.dice : 0;
  };
  const initiative = initiativePool(me, options);
  const isGM = game.user?.isGM === true;
  const items = actor.items.contents;
  return {
    ...(await actorSheetHeader(actor, system.biography)),
    editable,
    health: {
      max,
      left: Math.max(0, max - me.damage),
      damage: me.damage,
      nonLethal: me.nonLethalDamage,
    },
    woundPenalty: me.woundPenalty,
    // The Blitz buttons (movement.ts dicepoolBlitz): bare hands and close weapons.
    blitz: canBlitz(actor),
    energy: system.energy,
    size: system.size,
    speed: system.speed,
    initiativePool: initiative.ok ? initiative.value.dice : 0,
    // The pools' die, as the world sets it ("5d6" by default).
    dieSides: options.dieSides,
    state: me.dead
      ? "FRAY.Dicepool.Status.dead"
      : bleeds(me)
        ? "FRAY.Dicepool.Status.dying"
        : me.incapacitated !== null
          ? "FRAY.Dicepool.Status.incapacitated"
          : "FRAY.Dicepool.Status.active",
    incapacitated: system.incapacitated ?? "",
    // The GM sets and clears an incapacitation by hand (manacles, anaesthesia …).
    incapacitationEditable: isGM && editable,
    incapacitations: DICEPOOL_INCAPACITATIONS.map((id) => ({
      value: id,
      label: `FRAY.Dicepool.Incapacitation.${id}`,
      selected: id === system.incapacitated,
    })),
    dead: system.dead,
    stabilized: system.stabilized,
    // Surrender is the actor's own act (table/conduct.ts); the GM takes it back here.
    surrendered: system.surrendered === true,
    coverKinds: COVER_KINDS.filter((id) => id !== "none").map((id) => ({
      id,
      label: `FRAY.Dicepool.Cover.${id}`,
    })),
    // What the referee recorded: the cover taken, the ally guarded (table/conduct.ts).
    coverTaken: coverOf(actor),
    guarding: guardedName(actor),
    powerItems: items
      .filter((item) => item.type === "technique")
      .map((item) => {
        const s = item.system as { energyCost?: unknown };
        const type = powerType(item);
        return {
          id: item.id ?? "",
          name: item.name,
          img: item.img ?? "",
          energy: typeof s.energyCost === "number" ? s.energyCost : 0,
          type: `FRAY.Dicepool.ActionType.${type}`,
        };
      }),
    grapples: heldGrapples(actor)
      .filter((g) => g.pool > 0)
      .map((g) => ({ victimId: g.victimId, victim: g.victimName, pool: g.pool })),
    heldBy: holdersOf(actor).map((holder) => ({
      id: combatantId(holder.actor),
      name: holder.actor.name,
      pool: holder.grapple.pool,
    })),
    grapplePenalty: grapplePenaltyOf(actor),
    // In a running combat: what the referee's record leaves of this turn.
    turnLeft:
      fightOf(actor) === null ? null : turnLeftView(actionsLeft(turnActionsOf(actor), options)),
    falling: fallingOf(actor),
    // Added to a fight under way without an initiative: Roll in (table/join.ts).
    rollIn: editable && mayRollIn(actor),
    isGM,
    media: MEDIA.map((id) => ({ id, label: `FRAY.Dicepool.Medium.${id}` })),
    powers: POWER_FLAGS.map((key) => ({
      key,
      label: `FRAY.Dicepool.Power.${key}`,
      name: `system.powers.${key}`,
      checked: system.powers[key] === true,
      // Plot Armor cannot be bought, Flawless Defense is a trait: only the GM gives them.
      locked: (key === "plotArmor" || key === "flawlessDefense") && !isGM,
    })),
    powerRatings: POWER_RATINGS.map((key) => ({
      key,
      label: `FRAY.Dicepool.Power.${key}`,
      name: `system.powers.${key}`,
      value: system.powers[key],
    })),
    attributes: DICEPOOL_ATTRIBUTES.map((a) => ({
      key: a,
      label: `FRAY.Dicepool.Attribute.${a}`,
      name: `system.attributes.${a}`,
      value: system.attributes[a],
    })),
    skills: DICEPOOL_SKILLS.map((s) => ({
      key: s,
      label: `FRAY.Dicepool.Skill.${s}`,
      name: `system.skills.${s}`,
      value: system.skills[s],
    })),
    unarmedPool: attackPool(null),
    weapons: items
      .filter((item) => item.type === "weapon")
      .map((item) => {
        const weapon = toDicepoolWeapon(item);
        return {
          id: item.id ?? "",
          name: item.name,
          img: item.img ?? "",
          kind: `FRAY.Dicepool.WeaponKind.${weapon.kind}`,
          close: weapon.kind === "close",
          pool: attackPool(item),
          damage: weapon.damage,
          mods: (["nonLethal", "disarming", "grappling"] as const)
            .filter((m) => weapon.mods[m])
            .map((m) => `FRAY.Dicepool.Mod.${m}`),
          dropped: dropped?.weaponId === item.id,
          pickedUp: dropped?.weaponId === item.id && dropped.pickedUp,
        };
      }),
    armor: items
      .filter((item) => item.type === "armor")
      .map((item) => {
        const piece = item.system as unknown as DicepoolArmorSystem;
        return {
          id: item.id ?? "",
          name: item.name,
          img: item.img ?? "",
          rating: piece.rating,
          equipped: piece.equipped,
        };
      }),
    biography: system.biography,
  };
}

function turnLeftView(left: { simple: number; free: number }) {
  return { ...left, text: i18n().format("FRAY.Dicepool.Sheet.TurnLeft", left) };
}

/** The powers that are on or off, and those bought in ranks, in the sheet's order. */
const POWER_FLAGS = [
  "plotArmor",
  "flawlessDefense",
  "blitz",
  "stabilize",
  "freeFall",
  "perfectSwimmer",
  "perfectClimber",
] as const;
const POWER_RATINGS = ["multiGrapple", "antiLargeGrappling", "woundPenaltyResistance"] as const;

export type DicepoolActorSheetContext = Awaited<ReturnType<typeof dicepoolActorSheetContext>>;

/**
 * A table action's button (data-act): the other actor is the row's (data-other) or, for
 * Stabilize, the targeted token's; the count and the medium come from the row's inputs.
 */
async function tableAct(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const act = target.dataset["act"] as TableAct;
  const row = target.closest<HTMLElement>("[data-act-row]") ?? target;
  const otherId =
    target.dataset["other"] ??
    row.querySelector<HTMLSelectElement>("[data-act-other]")?.value ??
    "";
  // Stabilize, Defend Other and a command are for the targeted character.
  const targeted = act === "stabilize" || act === "defendOther" || act === "issueCommand";
  const other = targeted
    ? (targetedActors()[0] ?? null)
    : otherId === ""
      ? null
      : resolveActor(otherId);
  if (targeted && other === null) {
    warnDicepoolRefusal(refuse("noTarget"));
    return;
  }
  const amount = Math.max(
    0,
    Math.trunc(Number(row.querySelector<HTMLInputElement>("[data-act-amount]")?.value ?? 0) || 0),
  );
  const medium = (row.querySelector<HTMLSelectElement>("[data-act-medium]")?.value ??
    "ground") as Medium;
  const choice =
    target.dataset["choice"] ??
    row.querySelector<HTMLSelectElement>("[data-act-choice]")?.value ??
    "";
  await requestDicepoolAct(act, actor, other, amount, medium, choice);
}

export class DicepoolActorSheet extends rulesetActorSheet({
  rulesetClass: "dicepool",
  width: 680,
  height: 760,
  template: DICEPOOL_ACTOR_SHEET_TEMPLATE,
  context: dicepoolActorSheetContext,
  actions: {
    attack: onRowItem(dicepoolAttack),
    attackUnarmed: onActor((actor) => dicepoolAttack(actor, null)),
    blitz: onRowItem(dicepoolBlitz),
    blitzUnarmed: onActor((actor) => dicepoolBlitz(actor, null)),
    act: onActor(tableAct),
    rollIn: onActor(rollIn),
  },
}) {}

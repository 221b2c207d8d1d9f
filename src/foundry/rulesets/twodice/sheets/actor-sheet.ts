/**
 * The two-dice character and NPC sheet: the traits and Unarmed Defense; the wound track, a row of
 * numbered circles to click (mark or clear), with whether the wounds take the character out of
 * the fight and, after it, bleed; Recovery and Medicine (its dialog: medicine.ts) buttons; this
 * turn's action with Aim, Hide (a card: table/hide.ts), Take cover, Move, Move and hide, Move to
 * cover and Wait; the weapons with Attack, Defense, Damage, Range, Type and
 * what is loaded, an Attack button (and Auto for an automatic weapon, Reload when it must be
 * reloaded); the armor layers with Coverage and Protection; gear; biography. Fields edit in place
 * (the DataModel refuses bad values); every button calls ../table/*.ts or the attack dialog. This
 * turn's action is the referee's record of it (../budget.ts), never the actor's own field.
 */
import { aftermath, isIncapacitated } from "../../../../rules/twodice/wounds.ts";
import { trait } from "../../../../rules/twodice/model.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import {
  actorSheetHeader,
  gearRows,
  itemRow,
  onActor,
  onRowItem,
  onToggleRowItem,
  rulesetActorSheet,
} from "../../../sheets/base.ts";
import { toTwodiceWeapon } from "../adapter.ts";
import { openTwodiceAttack } from "../attack/dialog.ts";
import { twodiceNow } from "../budget.ts";
import { twodiceOptions } from "../settings.ts";
import * as checks from "../table/checks.ts";
import * as turnActions from "../table/self.ts";
import { TWODICE_TRAITS } from "../data.ts";
import { twodiceHide } from "../table/hide.ts";
import { twodiceHidden } from "../stance.ts";
import { openTwodiceMedicine } from "./medicine.ts";
import { twodiceCutIn, twodiceSneakPast, twodiceWait } from "../sheet-actions.ts";
import type { TwodiceActorSystem, TwodiceArmorSystem, TwodiceWeaponSystem } from "../data.ts";

export const TWODICE_ACTOR_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/actor/actor-sheet.hbs`;

/** What the loaded-ammunition column says for a weapon (full again when a fight starts). */
function ammoLabel(weapon: ReturnType<typeof toTwodiceWeapon>) {
  const { ammo } = weapon;
  if (weapon.type.kind === "capacity")
    return `${String(ammo.rounds)}/${String(weapon.type.rounds)}`;
  if (weapon.type.kind === "auto") {
    return ammo.empty
      ? "FRAY.Twodice.Weapon.Empty"
      : ammo.fresh
        ? "FRAY.Twodice.Weapon.Fresh"
        : "FRAY.Twodice.Weapon.Loaded";
  }
  return "";
}

/** Everything the sheet template shows, from the actor alone (the browser test renders it too). */
export async function twodiceActorSheetContext(
  actor: Actor.Implementation,
  editable = actor.isOwner,
) {
  const system = actor.system as unknown as TwodiceActorSystem;
  const me = twodiceNow(actor);
  const options = twodiceOptions();
  const toughness = trait(me, "toughness");
  const items = actor.items.contents;
  const after = aftermath(me.wounds, toughness, options);
  const circles = Array.from({ length: options.woundCircles }, (_, i) => {
    const n = i + 1;
    return {
      n,
      marked: me.wounds.marked.includes(n),
      overToughness: n > toughness,
      death: n > toughness + (options.deathMargin ?? Infinity),
    };
  });
  const offTrack = me.wounds.marked.filter((w) => w > options.woundCircles).length;
  return {
    ...(await actorSheetHeader(actor, system.biography)),
    editable,
    traits: TWODICE_TRAITS.map((t) => ({
      key: t,
      label: `FRAY.Twodice.Trait.${t}`,
      name: `system.traits.${t}`,
      value: system.traits[t],
    })),
    unarmedDefense: system.unarmedDefense,
    surpriseBonus: system.surpriseBonus,
    circles,
    offTrack,
    incapacitated: isIncapacitated(me.wounds, toughness),
    aftermath: after.ok ? `FRAY.Twodice.Aftermath.${after.value.state}` : "",
    bleeding: after.ok && after.value.every !== null,
    medicalBonus: system.wounds.medicalBonus,
    bleedingStopped: system.wounds.bleedingStopped,
    turn: {
      acted: me.turn.acted,
      waiting: me.turn.waiting === null ? null : `FRAY.Twodice.Action.${me.turn.waiting}`,
      aiming: me.turn.aiming,
      moving: me.turn.moving,
      owed: me.turn.actionOwed,
      hidden: twodiceHidden(actor),
    },
    weapons: items
      .filter((item) => item.type === "weapon")
      .map((item) => {
        const ws = item.system as unknown as TwodiceWeaponSystem;
        const weapon = toTwodiceWeapon(item);
        const mustReload =
          (weapon.type.kind === "capacity" && weapon.ammo.rounds < 1) ||
          (weapon.type.kind === "auto" && weapon.ammo.empty);
        return {
          ...itemRow(item),
          kind: `FRAY.Twodice.Kind.${ws.kind}`,
          attack: ws.attack,
          defense: ws.defense,
          damage: ws.damage,
          range: ws.kind === "ranged" ? ws.range : "—",
          type: ws.type || "—",
          ammo: ammoLabel(weapon),
          auto: weapon.type.kind === "auto",
          ranged: ws.kind === "ranged",
          reloadable: weapon.type.kind !== "single",
          mustReload,
        };
      }),
    armor: items
      .filter((item) => item.type === "armor")
      .map((item) => {
        const a = item.system as unknown as TwodiceArmorSystem;
        return {
          ...itemRow(item),
          coverage: a.coverage,
          protection: a.protection,
          worn: a.worn,
          sealed: a.coverage >= options.dieSides,
        };
      }),
    gear: gearRows(items),
    biography: system.biography,
  };
}

export type TwodiceActorSheetContext = Awaited<ReturnType<typeof twodiceActorSheetContext>>;

/** Declares the clicked action, or waits with the one chosen beside the Wait button. */
function declare(actor: Actor.Implementation, target: HTMLElement) {
  const kind = target.dataset["kind"];
  const select = target.closest(".td-turn")?.querySelector<HTMLSelectElement>("select.td-wait");
  if (kind === "wait") return twodiceWait(actor, (select?.value ?? "other") as never);
  return kind === undefined ? Promise.resolve() : turnActions.twodiceDeclare(actor, kind as never);
}

/** Sneaks past the one targeted token's actor, moving the meters typed beside the button. */
function sneak(actor: Actor.Implementation, target: HTMLElement) {
  const input = target.closest(".td-turn")?.querySelector<HTMLInputElement>("input.td-sneak-moved");
  return twodiceSneakPast(actor, Number(input?.value ?? 0));
}

export class TwodiceActorSheet extends rulesetActorSheet({
  rulesetClass: "twodice",
  template: TWODICE_ACTOR_SHEET_TEMPLATE,
  context: twodiceActorSheetContext,
  actions: {
    attack: onRowItem((actor, item) => openTwodiceAttack(actor, item, "single")),
    autoFire: onRowItem((actor, item) => openTwodiceAttack(actor, item, "auto")),
    reload: onRowItem(turnActions.twodiceReload),
    toggleWorn: onToggleRowItem("armor", "worn"),
    wound: onActor(async (actor, target) => {
      const circle = Number(target.dataset["circle"]);
      if (Number.isInteger(circle)) await turnActions.toggleWoundCircle(actor, circle);
    }),
    recovery: onActor(checks.twodiceRecovery),
    medicine: onActor(openTwodiceMedicine),
    hide: onActor((actor, target) => twodiceHide(actor, target.dataset["move"] === "1")),
    declare: onActor(declare),
    cutIn: onActor(twodiceCutIn),
    ready: onRowItem((actor, weapon) =>
      turnActions.twodiceDeclare(actor, "ready", { weaponId: weapon.id ?? "" }),
    ),
    sneak: onActor(sneak),
    bleed: onActor(checks.twodiceBleed),
  },
}) {}

/**
 * The two-dice character and NPC sheet: the traits and Unarmed Defense; the wound track, a row of
 * numbered circles to click (mark or clear), with whether the wounds take the character out of
 * the fight and, after it, bleed; Recovery and Medicine buttons; this turn's action with Aim,
 * Hide, Take cover, Move and Wait; the weapons with Attack, Defense, Damage, Range, Type and
 * what is loaded, an Attack button (and Auto for an automatic weapon, Reload when it must be
 * reloaded); the armor layers with Coverage and Protection; gear; biography. Fields edit in place
 * (the DataModel refuses bad values); every button calls ../table/*.ts or the attack dialog. This
 * turn's action is the referee's record of it (../budget.ts), never the actor's own field.
 */
import { aftermath, isIncapacitated } from "../../../../rules/twodice/wounds.ts";
import { trait } from "../../../../rules/twodice/model.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import {
  HandlebarsActorSheet,
  ITEM_ROW_ACTIONS,
  actorSheetHeader,
  itemOfTarget,
  onRowItem,
  onToggleRowItem,
} from "../../../sheets/base.ts";
import type { TemplatePart } from "../../../sheets/base.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { toTwodiceWeapon, warnTwodiceRefusal } from "../adapter.ts";
import { openTwodiceAttack } from "../attack/dialog.ts";
import { twodiceNow } from "../budget.ts";
import { twodiceOptions } from "../settings.ts";
import * as checks from "../table/checks.ts";
import * as turnActions from "../table/turn.ts";
import { TWODICE_TRAITS } from "../data.ts";
import type { TwodiceActorSystem, TwodiceArmorSystem, TwodiceWeaponSystem } from "../data.ts";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

export const TWODICE_ACTOR_SHEET_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/actor/actor-sheet.hbs`;

function itemRow(item: Item.Implementation) {
  return { id: item.id ?? "", name: item.name, img: item.img ?? "" };
}

/** What the loaded-ammunition column says for a weapon. */
function ammoLabel(system: TwodiceWeaponSystem, weapon: ReturnType<typeof toTwodiceWeapon>) {
  if (weapon.type.kind === "capacity")
    return `${String(system.ammo.rounds)}/${String(weapon.type.rounds)}`;
  if (weapon.type.kind === "auto") {
    return system.ammo.empty
      ? "FRAY.Twodice.Weapon.Empty"
      : system.ammo.fresh
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
    },
    weapons: items
      .filter((item) => item.type === "weapon")
      .map((item) => {
        const ws = item.system as unknown as TwodiceWeaponSystem;
        const weapon = toTwodiceWeapon(item);
        const mustReload =
          (weapon.type.kind === "capacity" && ws.ammo.rounds < 1) ||
          (weapon.type.kind === "auto" && ws.ammo.empty);
        return {
          ...itemRow(item),
          kind: `FRAY.Twodice.Kind.${ws.kind}`,
          attack: ws.attack,
          defense: ws.defense,
          damage: ws.damage,
          range: ws.kind === "ranged" ? ws.range : "—",
          type: ws.type || "—",
          ammo: ammoLabel(ws, weapon),
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
    gear: items
      .filter((item) => item.type === "gear")
      .map((item) => ({
        ...itemRow(item),
        quantity: (item.system as unknown as { quantity: number }).quantity,
      })),
    biography: system.biography,
  };
}

export type TwodiceActorSheetContext = Awaited<ReturnType<typeof twodiceActorSheetContext>>;

export class TwodiceActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "actor-sheet", "twodice"],
    position: { width: 720, height: 800 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      ...ITEM_ROW_ACTIONS,
      attack: onRowItem((actor, item) => openTwodiceAttack(actor, item, "single")),
      autoFire: onRowItem((actor, item) => openTwodiceAttack(actor, item, "auto")),
      reload: onRowItem(turnActions.twodiceReload),
      toggleWorn: onToggleRowItem("armor", "worn"),
      wound: TwodiceActorSheet.#onWound,
      recovery: TwodiceActorSheet.#onRecovery,
      medicine: TwodiceActorSheet.#onMedicine,
      declare: TwodiceActorSheet.#onDeclare,
      cutIn: TwodiceActorSheet.#onCutIn,
      ready: TwodiceActorSheet.#onReady,
      sneak: TwodiceActorSheet.#onSneak,
      bleed: TwodiceActorSheet.#onBleed,
    },
  };

  static PARTS: Record<string, TemplatePart> = {
    sheet: { template: TWODICE_ACTOR_SHEET_TEMPLATE, scrollable: [".sheet-body"] },
  };

  override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ActorSheetV2.RenderContext & TwodiceActorSheetContext> {
    const base = await super._prepareContext(options);
    return Object.assign(base, await twodiceActorSheetContext(this.actor, this.isEditable));
  }

  static async #onWound(this: TwodiceActorSheet, _event: PointerEvent, target: HTMLElement) {
    const circle = Number(target.dataset["circle"]);
    if (Number.isInteger(circle)) await turnActions.toggleWoundCircle(this.actor, circle);
  }

  static async #onRecovery(this: TwodiceActorSheet) {
    await checks.twodiceRecovery(this.actor);
  }

  /** Medicine on the one targeted token's actor, or on itself when nothing is targeted. */
  static async #onMedicine(this: TwodiceActorSheet) {
    const patient = targetedActors()[0] ?? this.actor;
    await checks.twodiceMedicine(this.actor, patient);
  }

  static async #onDeclare(this: TwodiceActorSheet, _event: PointerEvent, target: HTMLElement) {
    const kind = target.dataset["kind"];
    const select = target.closest(".td-turn")?.querySelector<HTMLSelectElement>("select.td-wait");
    if (kind === "wait")
      await turnActions.twodiceDeclare(this.actor, (select?.value ?? "other") as never, {
        wait: true,
      });
    else if (kind !== undefined) await turnActions.twodiceDeclare(this.actor, kind as never);
  }

  /** A waiting character takes the action it declared, cutting in before what it answers. */
  static async #onCutIn(this: TwodiceActorSheet) {
    const waiting = twodiceNow(this.actor).turn.waiting;
    if (waiting !== null) await turnActions.twodiceDeclare(this.actor, waiting, { cutIn: true });
  }

  static async #onReady(this: TwodiceActorSheet, _event: PointerEvent, target: HTMLElement) {
    const weapon = itemOfTarget(this.actor, target);
    if (weapon !== undefined) {
      await turnActions.twodiceDeclare(this.actor, "ready", { weaponId: weapon.id ?? "" });
    }
  }

  /** Sneaks past the one targeted token's actor, moving the meters typed beside the button. */
  static async #onSneak(this: TwodiceActorSheet, _event: PointerEvent, target: HTMLElement) {
    const input = target
      .closest(".td-turn")
      ?.querySelector<HTMLInputElement>("input.td-sneak-moved");
    const observer = targetedActors()[0];
    if (observer === undefined) {
      warnTwodiceRefusal({ reason: "noTarget" });
      return;
    }
    await checks.twodiceSneak(this.actor, observer, Number(input?.value ?? 0));
  }

  static async #onBleed(this: TwodiceActorSheet) {
    await checks.twodiceBleed(this.actor);
  }
}

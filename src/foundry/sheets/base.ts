import { SYSTEM_ID } from "../constants.ts";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
import ItemSheetV2 = foundry.applications.sheets.ItemSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

/** One Handlebars part of a sheet, as the mixin renders it. */
export type TemplatePart =
  foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/*
 * The real Handlebars mixin is applied at run time. The checker is shown the plain sheet class:
 * with fvtt-types 13.345.1, `class extends HandlebarsApplicationMixin(ActorSheetV2)` costs tsc
 * about 90 s and 3 GB and then fails with TS2589 (instantiation too deep), on TypeScript 5.8 and
 * 5.9 alike. The sheets declare `PARTS` themselves with the mixin's own part type.
 */
export const HandlebarsActorSheet = HandlebarsApplicationMixin(
  ActorSheetV2,
) as unknown as typeof ActorSheetV2;

export const HandlebarsItemSheet = HandlebarsApplicationMixin(
  ItemSheetV2,
) as unknown as typeof ItemSheetV2;

/** The actor's item whose row (`data-item-id`) holds the clicked element, if any. */
export function itemOfTarget(
  actor: Actor.Implementation,
  target: HTMLElement,
): Item.Implementation | undefined {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset["itemId"] ?? "";
  return actor.items.get(id);
}

/** What every actor sheet shows at its top: name, portrait, type, and the enriched biography. */
export async function actorSheetHeader(actor: Actor.Implementation, biography: string) {
  return {
    actorName: actor.name,
    img: actor.img ?? "",
    actorType: actor.type,
    isNpc: actor.type === "npc",
    enrichedBiography: await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      biography,
      { secrets: actor.isOwner, relativeTo: actor },
    ),
  };
}

/**
 * An item's system data as a sheet reads it: all of it, and the same typed as a weapon's or an
 * armor's when the item is one (null otherwise).
 */
// The type parameters name what the ruleset stores: a typed read, as each sheet did by hand.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function itemSystems<W, A>(
  item: Item.Implementation,
): {
  readonly system: Record<string, unknown> & { readonly description: string };
  readonly weapon: W | null;
  readonly armor: A | null;
} {
  const system = item.system as unknown as Record<string, unknown> & { description: string };
  const weapon = item.type === "weapon" ? (system as unknown as W) : null;
  const armor = item.type === "armor" ? (system as unknown as A) : null;
  return { system, weapon, armor };
}

/**
 * One part of an item as its sheet shows it (its weapon, armor, ability …) with what the sheet
 * adds to it (the choices of its selects), or null when the item has no such part.
 */
export function partWith<T extends object, E extends object>(
  part: T | null,
  extra: (part: T) => E,
): (T & E) | null {
  return part === null ? null : { ...part, ...extra(part) };
}

/**
 * What an item sheet of a ruleset whose weapons come in kinds shows: its header, its weapon with
 * the kinds to choose from (each labelled by `label`), its armor; and its system, for the rest.
 */
// The type parameters name what the ruleset stores, as itemSystems's do.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function weaponKindsContext<W extends { readonly kind: string }, A>(
  item: Item.Implementation,
  kinds: readonly string[],
  label: (id: string) => string,
) {
  const { system, weapon, armor } = itemSystems<W, A>(item);
  return {
    system,
    context: {
      ...(await itemSheetHeader(item, system.description)),
      weapon: partWith(weapon, (w) => ({ kinds: choices(kinds, w.kind, label) })),
      armor,
    },
  };
}

/** What an item sheet shows at its top: name, picture, type, and the description, enriched. */
export async function itemSheetHeader(item: Item.Implementation, description: string) {
  return {
    itemName: item.name,
    img: item.img ?? "",
    itemType: item.type,
    typeLabel: `TYPES.Item.${item.type}`,
    description,
    enrichedDescription: await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      description,
      { secrets: item.isOwner, relativeTo: item },
    ),
  };
}

/** An item's row on an actor sheet: what every row shows (the ruleset adds its own columns). */
export function itemRow(item: Item.Implementation) {
  return { id: item.id ?? "", name: item.name, img: item.img ?? "" };
}

/** The gear rows of an actor sheet: each gear item with its quantity. */
export function gearRows(items: readonly Item.Implementation[]) {
  return items
    .filter((item) => item.type === "gear")
    .map((item) => ({
      ...itemRow(item),
      quantity: (item.system as unknown as { quantity: number }).quantity,
    }));
}

/** A select's options: each id with its label key, the current one selected. */
export function choices(ids: readonly string[], current: string, label: (id: string) => string) {
  return ids.map((id) => ({ value: id, label: label(id), selected: id === current }));
}

/** What an actor sheet's action handler is called on (ApplicationV2 binds `this` to the sheet). */
interface ActorSheetLike {
  readonly actor: Actor.Implementation;
}

/**
 * The buttons every actor sheet's item rows have: open the item's sheet, delete it (core's
 * confirmation dialog). Spread into a sheet's `DEFAULT_OPTIONS.actions`.
 */
export const ITEM_ROW_ACTIONS = {
  async editItem(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    await itemOfTarget(this.actor, target)?.sheet?.render(true);
  },
  async deleteItem(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    await itemOfTarget(this.actor, target)?.deleteDialog();
  },
};

/** An actor sheet's action on its actor and the clicked element (its data attributes). */
export function onActor(
  run: (actor: Actor.Implementation, target: HTMLElement) => Promise<unknown>,
) {
  return async function (this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    await run(this.actor, target);
  };
}

/** An actor sheet's action on the item of the clicked row (nothing when the row has none). */
export function onRowItem(
  run: (actor: Actor.Implementation, item: Item.Implementation) => Promise<unknown>,
) {
  return async function (this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const item = itemOfTarget(this.actor, target);
    if (item !== undefined) await run(this.actor, item);
  };
}

/** An actor sheet's action that flips a yes/no field of the clicked row's item of one type. */
export function onToggleRowItem(type: string, field: string) {
  return onRowItem(async (_actor, item) => {
    if (item.type !== type) return;
    const current = (item.system as unknown as Record<string, unknown>)[field] === true;
    await item.update({ [`system.${field}`]: !current });
  });
}

/** What one ruleset's item sheet is: its CSS classes, size, template and context. */
export interface ItemSheetSpec<C extends object> {
  /** The ruleset's class on the sheet (beside the system's and "item-sheet"), if any. */
  readonly rulesetClass?: string;
  readonly width: number;
  readonly height: number;
  readonly template: string;
  /** Everything the template shows, from the item alone. */
  readonly context: (item: Item.Implementation) => Promise<C>;
}

/**
 * A ruleset's item sheet: one Handlebars part, fields that edit in place (the DataModel refuses
 * bad values), the context from the spec. A ruleset writes only its template and context.
 */
export function rulesetItemSheet<C extends object>(spec: ItemSheetSpec<C>) {
  return class extends HandlebarsItemSheet {
    static override DEFAULT_OPTIONS = {
      classes: [
        SYSTEM_ID,
        "item-sheet",
        ...(spec.rulesetClass === undefined ? [] : [spec.rulesetClass]),
      ],
      position: { width: spec.width, height: spec.height },
      window: { resizable: true },
      form: { submitOnChange: true },
    };

    static PARTS: Record<string, TemplatePart> = {
      sheet: { template: spec.template, scrollable: [".sheet-body"] },
    };

    override async _prepareContext(
      options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
    ): Promise<foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation> & C> {
      const base = await super._prepareContext(options);
      return Object.assign(base, await spec.context(this.item));
    }
  };
}

/** An actor sheet's button handler, called on the sheet (ApplicationV2 binds `this`). */
export type ActorSheetAction = (
  this: ActorSheetLike,
  event: PointerEvent,
  target: HTMLElement,
) => Promise<void>;

/** What one ruleset's actor sheet is: its CSS class, template, context and its own buttons. */
export interface ActorSheetSpec<C extends object> {
  /** The ruleset's class on the sheet (beside the system's and "actor-sheet"). */
  readonly rulesetClass: string;
  readonly template: string;
  /** Its size when opened; 720 × 800 when not given. */
  readonly width?: number;
  readonly height?: number;
  /** Its tabs (the tab group "primary"), if it has any: their ids and the one shown first. */
  readonly tabs?: { readonly ids: readonly string[]; readonly initial: string };
  /**
   * Everything the template shows, from the actor alone (and whether this user may edit, and
   * the tab shown: the sheet's tabs' initial one until the user picks another; "" without tabs).
   */
  readonly context: (actor: Actor.Implementation, editable: boolean, tab: string) => Promise<C>;
  /** Its own buttons by action name; the item rows' buttons (ITEM_ROW_ACTIONS) come with them. */
  readonly actions: Readonly<Record<string, ActorSheetAction>>;
}

/**
 * A ruleset's actor sheet: one Handlebars part, resizable (720 × 800 unless the spec sizes it),
 * its tabs if it has any, fields that edit in place (the DataModel refuses bad values), the item
 * rows' buttons and the ruleset's own, the context from the spec. A ruleset writes only its
 * template, context and buttons.
 */
export function rulesetActorSheet<C extends object>(spec: ActorSheetSpec<C>) {
  return class extends HandlebarsActorSheet {
    static override DEFAULT_OPTIONS = {
      classes: [SYSTEM_ID, "actor-sheet", spec.rulesetClass],
      position: { width: spec.width ?? 720, height: spec.height ?? 800 },
      window: { resizable: true },
      form: { submitOnChange: true },
      actions: { ...ITEM_ROW_ACTIONS, ...spec.actions },
    };

    static PARTS: Record<string, TemplatePart> = {
      sheet: { template: spec.template, scrollable: [".sheet-body"] },
    };

    static override TABS: Record<string, foundry.applications.api.ApplicationV2.TabsConfiguration> =
      spec.tabs === undefined
        ? {}
        : {
            primary: {
              initial: spec.tabs.initial,
              tabs: spec.tabs.ids.map((id) => ({ id, cssClass: "" })),
            },
          };

    override async _prepareContext(
      options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
    ): Promise<ActorSheetV2.RenderContext & C> {
      const base = await super._prepareContext(options);
      const tab = spec.tabs === undefined ? "" : (this.tabGroups["primary"] ?? spec.tabs.initial);
      return Object.assign(base, await spec.context(this.actor, this.isEditable, tab));
    }
  };
}

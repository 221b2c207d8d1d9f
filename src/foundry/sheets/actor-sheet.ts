import { ITEM_TYPES, SYSTEM_ID, TEMPLATES } from "../constants.ts";

import { NPC_RANKS } from "../data/actor.ts";
import { HandlebarsActorSheet, ITEM_ROW_ACTIONS, actorSheetHeader } from "./base.ts";
import type { TemplatePart } from "./base.ts";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

const ACTOR_SHEET_TABS = ["items", "biography"] as const;

export interface TabView {
  id: string;
  label: string;
  cssClass: string;
}

function tabView(id: string, activeTab: string): TabView {
  return { id, label: `FRAY.Sheet.Tab.${id}`, cssClass: id === activeTab ? "active" : "" };
}

/** One row of the sheet's item lists. */
export interface ItemRow {
  id: string;
  name: string;
  img: string;
  type: string;
}

/** A bar in the sheet header: current/maximum and how full it is, for the CSS width. */
export interface BarView {
  value: number;
  max: number;
  percent: number;
}

export function barView(resource: { value: number; max: number }): BarView {
  const percent = resource.max > 0 ? Math.round((100 * resource.value) / resource.max) : 0;
  return { value: resource.value, max: resource.max, percent: Math.max(0, Math.min(100, percent)) };
}

/**
 * The character and NPC sheet: a header with health and Energy bars, a tab per kind of item,
 * and the biography. Ruleset-specific blocks (roll buttons, armor zones …) join as each ruleset
 * lands; the template receives everything it shows from `_prepareContext`.
 */
export class FrayActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: [SYSTEM_ID, "actor-sheet"],
    position: { width: 640, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...ITEM_ROW_ACTIONS },
  };

  static PARTS: Record<string, TemplatePart> = {
    sheet: { template: TEMPLATES.actorSheet, scrollable: [".sheet-body"] },
  };

  static override TABS: Record<string, foundry.applications.api.ApplicationV2.TabsConfiguration> = {
    primary: {
      initial: "items",
      tabs: ACTOR_SHEET_TABS.map((id) => ({ id, cssClass: "" })),
    },
  };

  override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ActorSheetV2.RenderContext & ActorSheetContext> {
    const base = await super._prepareContext(options);
    return Object.assign(
      base,
      await actorSheetContext(this.actor, this.tabGroups["primary"] ?? "items"),
    );
  }
}

export interface ActorSheetContext {
  actorName: string;
  img: string;
  actorType: string;
  isNpc: boolean;
  health: BarView;
  energy: BarView;
  rankOptions: { value: string; label: string; selected: boolean }[];
  tabs: Record<(typeof ACTOR_SHEET_TABS)[number], TabView>;
  itemGroups: { type: string; label: string; items: ItemRow[] }[];
  biography: string;
  enrichedBiography: string;
}

/**
 * Everything the actor sheet template shows, from the actor alone. Kept apart from the class so
 * the browser test can render the real template with the same context the sheet would build.
 */
export async function actorSheetContext(
  actor: Actor.Implementation,
  activeTab: string,
): Promise<ActorSheetContext> {
  const system = actor.system as unknown as SharedActorView;
  const rows = actor.items.contents.map((item): ItemRow => ({
    id: item.id ?? "",
    name: item.name,
    img: item.img ?? "",
    type: item.type,
  }));
  return {
    ...(await actorSheetHeader(actor, system.biography)),
    health: barView(system.health),
    energy: barView(system.energy),
    rankOptions: NPC_RANKS.map((rank) => ({
      value: rank,
      label: `FRAY.Actor.Rank.${rank}`,
      selected: rank === system.rank,
    })),
    tabs: {
      items: tabView("items", activeTab),
      biography: tabView("biography", activeTab),
    },
    itemGroups: ITEM_TYPES.map((type) => ({
      type,
      label: `TYPES.Item.${type}`,
      items: rows.filter((row) => row.type === type),
    })),
    biography: system.biography,
  };
}

/** The fields every actor type shares (see data/actor.ts). */
interface SharedActorView {
  health: { value: number; max: number };
  energy: { value: number; max: number };
  biography: string;
  rank?: string;
}

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

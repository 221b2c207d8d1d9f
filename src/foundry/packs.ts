/**
 * Fray's compendium packs and the world's ruleset. Fray ships a set of packs per ruleset, named
 * `<ruleset>-<kind>` (system.json, scripts/packs.ts): a pack's ruleset is read from that name, so
 * nothing here names a ruleset. A world plays one ruleset, and the others' packs would only hand
 * it documents its models cannot read (they would load with the world's defaults, the pack's data
 * set aside in `system.kept`). So, on every client:
 * - the Compendium sidebar leaves out the packs of other rulesets, and a pack folder left empty;
 * - dropping a document of such a pack onto an actor sheet is refused with a message;
 * - creating a world or embedded document imported from such a pack is refused with a message.
 * Pack labels are localization keys; `localizePackLabels` turns them into names at `setup`, once
 * the translations are loaded and core has built `game.packs`.
 */
import { getRuleset, isRulesetId } from "../rules/registry.ts";
import { SYSTEM_ID } from "./constants.ts";
import { activeRuleset } from "./settings.ts";

/** The ruleset of one of Fray's packs, by its collection id ("fray.wwn-items"); null otherwise. */
export function packRuleset(collection: string): string | null {
  const [packageId, name, ...rest] = collection.split(".");
  if (packageId !== SYSTEM_ID || name === undefined || rest.length > 0) return null;
  const cut = name.lastIndexOf("-");
  const id = cut > 0 ? name.slice(0, cut) : "";
  return isRulesetId(id) ? id : null;
}

/**
 * The ruleset of the Fray pack a UUID points into ("Compendium.fray.wwn-items.Item.<id>", an
 * embedded document's too); null for a world document or another package's pack.
 */
export function uuidPackRuleset(uuid: unknown): string | null {
  if (typeof uuid !== "string") return null;
  const [head, packageId, name] = uuid.split(".");
  if (head !== "Compendium" || packageId === undefined || name === undefined) return null;
  return packRuleset(`${packageId}.${name}`);
}

/** The ruleset of a pack that is Fray's but not the world's ruleset; null when it may be used. */
export function foreignRuleset(ruleset: string | null): string | null {
  return ruleset !== null && ruleset !== activeRuleset().id ? ruleset : null;
}

/** The pack's collection id in a compendium UUID ("Compendium.fray.wwn-items.Item.x" → "fray.wwn-items"). */
function packOf(uuid: string): string {
  return uuid.split(".").slice(1, 3).join(".");
}

/** Says why a document of another ruleset's pack is left out. Always false (refused). */
function refuse(uuid: string, ruleset: string): false {
  const i18n = game.i18n;
  if (i18n === undefined) return false;
  const rulesetName = (id: string) => i18n.localize(getRuleset(id).label);
  const collection = packOf(uuid);
  // A pack this world does not have (a uuid from elsewhere) is named by its collection id.
  const pack = game.packs?.get(collection) as { metadata: { label: string } } | undefined;
  const label = pack?.metadata.label ?? collection;
  ui.notifications?.warn(
    i18n.format("FRAY.Packs.Refused", {
      pack: i18n.localize(label),
      ruleset: rulesetName(ruleset),
      world: rulesetName(activeRuleset().id),
    }),
  );
  return false;
}

/**
 * The `dropActorSheetData` hook (core's ActorSheetV2#_onDrop calls it before handling a drop;
 * false stops the drop): refuses anything dragged out of another ruleset's pack.
 */
export function checkSheetDrop(_actor: unknown, _sheet: unknown, data: object): boolean {
  // Core's drop data is a union (documents, or { type, uuid }); only its uuid matters here.
  const uuid: unknown = "uuid" in data ? data.uuid : undefined;
  const ruleset = foreignRuleset(uuidPackRuleset(uuid));
  if (ruleset === null || typeof uuid !== "string") return true;
  return refuse(uuid, ruleset);
}

interface CreateData {
  _stats?: { compendiumSource?: unknown } | null;
}

/**
 * The `preCreateActor` and `preCreateItem` hooks (core calls them on the creating client before
 * anything is sent; false leaves that document out): refuses a document imported from another
 * ruleset's pack, which core marks with the pack document's UUID in `_stats.compendiumSource`.
 */
export function checkImport(_document: unknown, data: CreateData): boolean {
  const source = data._stats?.compendiumSource;
  const ruleset = foreignRuleset(uuidPackRuleset(source));
  if (ruleset === null || typeof source !== "string") return true;
  return refuse(source, ruleset);
}

/**
 * The `renderCompendiumDirectory` hook (app, html: its HTMLElement, on every client): hides the
 * packs of other rulesets, and the pack folders (system.json's packFolders) they leave empty.
 */
export function hideForeignPacks(_app: unknown, html: HTMLElement): void {
  hidePackEntries(html, (collection) => foreignRuleset(packRuleset(collection)) !== null);
}

/**
 * Hides each pack entry of the directory whose collection id `hide` picks, then each folder
 * with no visible pack left. Core v13 marks a pack's entry with its collection id
 * (`data-pack`, or `data-entry-id` on directory entries) and a folder with the `folder` class.
 * Uses nothing but the DOM and `hide` (the browser test runs it as it is).
 */
export function hidePackEntries(html: HTMLElement, hide: (collection: string) => boolean): void {
  for (const entry of html.querySelectorAll<HTMLElement>("[data-pack], [data-entry-id]")) {
    const collection = entry.dataset["pack"] ?? entry.dataset["entryId"] ?? "";
    if (entry.classList.contains("folder") || !hide(collection)) continue;
    entry.hidden = true;
    entry.classList.add("fray-other-ruleset");
  }
  const folders = [...html.querySelectorAll<HTMLElement>(".folder")].reverse();
  for (const folder of folders) {
    const entries = [
      ...folder.querySelectorAll<HTMLElement>("[data-pack], [data-entry-id]"),
    ].filter((entry) => !entry.classList.contains("folder"));
    if (entries.length > 0 && entries.every((entry) => entry.closest("[hidden]") !== null)) {
      folder.hidden = true;
    }
  }
}

interface PackLike {
  metadata: { packageName?: string; label: string };
}

/** Shows pack labels in the user's language (system.json holds lang keys, FRAY.Packs.*). */
export function localizePackLabels(packs: Iterable<PackLike>): void {
  for (const pack of packs) {
    if (pack.metadata.packageName !== SYSTEM_ID) continue;
    pack.metadata.label = game.i18n?.localize(pack.metadata.label) ?? pack.metadata.label;
  }
}

/** Registers the hooks above; called once from init. */
export function registerPackScope(): void {
  Hooks.on("dropActorSheetData", checkSheetDrop);
  Hooks.on("preCreateActor", checkImport);
  Hooks.on("preCreateItem", checkImport);
  Hooks.on("renderCompendiumDirectory", hideForeignPacks);
  // Core builds game.packs after i18nInit and before setup, and renders the sidebar after it.
  Hooks.once("setup", () => {
    localizePackLabels(game.packs?.values() ?? []);
  });
}

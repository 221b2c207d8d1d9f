/**
 * Bringing stored actors and items up to date, run once by the active GM at `ready`.
 *
 * Each model already reads old data through `migrateData` (data/migrate.ts), so nothing fails
 * to load; this writes the migrated data back, so the database catches up and the next version
 * starts from the current shape. It also carries each ruleset's data across a ruleset switch:
 * the world remembers which ruleset its data was last written for (the hidden `dataRuleset`
 * setting); when the ruleset has changed since, each document's stored system data is kept in
 * `flags.fray.rulesets.<previous ruleset>`, and the new ruleset's data comes back from its own
 * copy if the world played it before (else the new models' defaults fill what they cannot read).
 * Data stored in an older shape is also kept as it was, in `flags.fray.backup.v<version>`.
 *
 * It reads documents as stored (the world collections' `_source`, which core keeps as loaded),
 * because the built documents have already been cleaned to the current models: the other
 * ruleset's fields are only in the stored data. Writes go in batches of `BATCH_SIZE` actors or
 * items, with `diff: false` (the built documents already hold the migrated values, so a diffed
 * update would send nothing), and one embedded update per actor whose items change.
 */
import { getRuleset, isRulesetId } from "../rules/registry.ts";
import type { RulesetId } from "../rules/registry.ts";
import { SYSTEM_ID } from "./constants.ts";
import { SCHEMA_VERSION, storedVersion } from "./data/migrate.ts";
import { activeRuleset } from "./settings.ts";

/** Documents per database call. */
export const BATCH_SIZE = 100;

/** A stored document as the database holds it. */
export interface StoredDocument {
  _id: string;
  type?: string;
  system?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  items?: StoredDocument[];
  [key: string]: unknown;
}

type Update = Record<string, unknown> & { _id: string };

/** The static DataModel hooks core gives every model (see DataModel#_initializeSource). */
interface SystemModel {
  migrateDataSafe(source: Record<string, unknown>): Record<string, unknown>;
  cleanData(source: Record<string, unknown>): Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each ruleset's kept copy of this document's system data. */
export function keptCopies(stored: StoredDocument): Record<string, Record<string, unknown>> {
  const fray = stored.flags?.[SYSTEM_ID];
  const kept = isRecord(fray) ? fray["rulesets"] : undefined;
  return isRecord(kept) ? (kept as Record<string, Record<string, unknown>>) : {};
}

/** Whether every value of `part` equals the one at the same path of `whole`. */
function contains(whole: unknown, part: unknown): boolean {
  if (!isRecord(part)) return Object.is(whole, part);
  if (!isRecord(whole)) return false;
  return Object.entries(part).every(([key, value]) => contains(whole[key], value));
}

/**
 * The update that brings one stored document to the current ruleset and shape, or null when it
 * is already there. `previous` is the ruleset its data was written for.
 */
export function planUpdate(
  documentName: string,
  stored: StoredDocument,
  ruleset: RulesetId,
  previous: RulesetId,
): Update | null {
  const models = CONFIG[documentName as "Actor" | "Item"].dataModels as Record<string, unknown>;
  const Model = models[stored.type ?? ""] as SystemModel | undefined;
  if (Model === undefined) return null;
  const storedSystem = stored.system ?? {};
  const switching = previous !== ruleset;
  const own = keptCopies(stored)[ruleset];
  const base = switching && isRecord(own) ? own : storedSystem;
  const system = Model.cleanData(Model.migrateDataSafe(structuredClone(base)));
  const current = storedVersion(storedSystem) >= SCHEMA_VERSION && contains(storedSystem, system);
  if (!switching && current) return null;
  const update: Update = { _id: stored._id, system };
  if (switching) update[`flags.${SYSTEM_ID}.rulesets.${previous}`] = storedSystem;
  // Data of an older shape is kept as it was stored, in case a value could not be carried over.
  const version = storedVersion(storedSystem);
  if (version < SCHEMA_VERSION)
    update[`flags.${SYSTEM_ID}.backup.v${String(version)}`] = storedSystem;
  return update;
}

interface Collection {
  contents: { id: string | null; toObject(): unknown }[];
  _source?: StoredDocument[];
}

/** The world's documents as stored: core keeps the loaded data in the collection's `_source`. */
function storedDocuments(collection: Collection | undefined): StoredDocument[] {
  if (collection === undefined) return [];
  if (Array.isArray(collection._source)) return collection._source;
  return collection.contents.map((doc) => doc.toObject() as StoredDocument);
}

/** The ruleset the world's stored data was last written for. */
export function dataRuleset(): RulesetId {
  const value = game.settings.get(SYSTEM_ID, "dataRuleset");
  // Worlds from before the setting were written for the ruleset they play.
  return isRulesetId(value) ? value : activeRuleset().id;
}

export interface MigrationReport {
  /** Documents written. */
  updated: number;
  /** Database calls made. */
  calls: number;
}

interface Notice {
  update?: (data: { pct: number; message: string }) => void;
}

/**
 * Runs the migration if this client is the active GM: every world actor (with its items) and
 * world item, in batches, with a progress notification. Returns what it wrote.
 */
export async function migrateWorld(): Promise<MigrationReport> {
  const report: MigrationReport = { updated: 0, calls: 0 };
  if (game.users?.activeGM?.isSelf !== true) return report;
  const ruleset = activeRuleset().id;
  const previous = dataRuleset();

  const actorUpdates: Update[] = [];
  const itemUpdates = new Map<string, Update[]>();
  for (const stored of storedDocuments(game.actors as unknown as Collection)) {
    const update = planUpdate("Actor", stored, ruleset, previous);
    if (update) actorUpdates.push(update);
    const items = (stored.items ?? [])
      .map((item) => planUpdate("Item", item, ruleset, previous))
      .filter((item): item is Update => item !== null);
    if (items.length > 0) itemUpdates.set(stored._id, items);
  }
  const worldItemUpdates = storedDocuments(game.items as unknown as Collection)
    .map((stored) => planUpdate("Item", stored, ruleset, previous))
    .filter((item): item is Update => item !== null);

  const total =
    actorUpdates.length +
    worldItemUpdates.length +
    [...itemUpdates.values()].reduce((sum, list) => sum + list.length, 0);
  if (total > 0) {
    const label = getRuleset(ruleset).label;
    const say = (key: string, data: Record<string, string>) => game.i18n?.format(key, data) ?? key;
    const progress = (done: number) =>
      say("FRAY.Data.Migration.Progress", { done: String(done), total: String(total) });
    const notice = ui.notifications?.info(progress(0), { progress: true }) as Notice | undefined;
    const step = (count: number) => {
      report.updated += count;
      report.calls += 1;
      notice?.update?.({ pct: report.updated / total, message: progress(report.updated) });
    };

    for (let start = 0; start < actorUpdates.length; start += BATCH_SIZE) {
      const batch = actorUpdates.slice(start, start + BATCH_SIZE);
      await Actor.implementation.updateDocuments(batch, { diff: false });
      step(batch.length);
    }
    for (const [actorId, updates] of itemUpdates) {
      const actor = game.actors?.get(actorId);
      if (!actor) continue;
      await actor.updateEmbeddedDocuments("Item", updates, { diff: false });
      step(updates.length);
    }
    for (let start = 0; start < worldItemUpdates.length; start += BATCH_SIZE) {
      const batch = worldItemUpdates.slice(start, start + BATCH_SIZE);
      await Item.implementation.updateDocuments(batch, { diff: false });
      step(batch.length);
    }
    ui.notifications?.info(
      say("FRAY.Data.Migration.Done", {
        count: String(report.updated),
        ruleset: game.i18n?.localize(label) ?? label,
      }),
    );
  }
  if (previous !== ruleset || game.settings.get(SYSTEM_ID, "dataRuleset") !== ruleset) {
    await game.settings.set(SYSTEM_ID, "dataRuleset", ruleset);
  }
  return report;
}

/* ------------------------------------------------------------------------------------------ */
/*  Before a switch                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** How many world actors and items (with the actors' own items) a ruleset switch re-reads. */
function documentCount(): number {
  const actors = game.actors?.contents ?? [];
  const owned = actors.reduce((sum, actor) => sum + actor.items.size, 0);
  return actors.length + owned + (game.items?.size ?? 0);
}

/**
 * What the GM is told before switching from `current` to `next`: what the switch resets and
 * that the current ruleset's data is kept.
 */
export function rulesetSwitchWarning(
  current: RulesetId,
  next: RulesetId,
): { title: string; content: string } {
  const name = (id: RulesetId) => game.i18n?.localize(getRuleset(id).label) ?? id;
  const count = documentCount();
  const data = { ruleset: name(next), current: name(current), populated: String(count) };
  const format = (key: string) => game.i18n?.format(key, data) ?? key;
  return {
    title: format("FRAY.Data.RulesetSwitch.Title"),
    content: format(
      count > 0 ? "FRAY.Data.RulesetSwitch.Content" : "FRAY.Data.RulesetSwitch.Empty",
    ),
  };
}

/** Asks the GM to confirm a switch; true to go ahead. */
export async function confirmRulesetSwitch(current: RulesetId, next: RulesetId): Promise<boolean> {
  if (current === next) return true;
  const { title, content } = rulesetSwitchWarning(current, next);
  const escape = foundry.utils.escapeHTML;
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({
    window: { title },
    content: `<p>${escape(content)}</p>`,
  });
  return answer === true;
}

/**
 * Wires the ruleset picker of the settings window: choosing another ruleset asks first, and a
 * "no" puts the picker back (nothing is saved, nothing reloads).
 */
export function watchRulesetPicker(root: HTMLElement): void {
  const picker = root.querySelector<HTMLSelectElement>(`select[name="${SYSTEM_ID}.ruleset"]`);
  if (picker === null) return;
  const saved = activeRuleset().id;
  picker.addEventListener("change", () => {
    const next = picker.value;
    if (!isRulesetId(next) || next === saved) return;
    void confirmRulesetSwitch(saved, next).then((go) => {
      if (go) return;
      picker.value = saved;
      ui.notifications?.info(
        game.i18n?.format("FRAY.Data.RulesetSwitch.Kept", {
          current: game.i18n.localize(getRuleset(saved).label),
        }) ?? saved,
      );
    });
  });
}

let running: Promise<MigrationReport> | null = null;

/** The migration started at `ready` (core does not wait for hooks; tests and macros may). */
export function migrationRun(): Promise<MigrationReport> | null {
  return running;
}

/**
 * The hooks of this module, registered from init: the GM's migration at `ready`, and the
 * warning in the settings window before a ruleset switch.
 */
export function registerDataHooks(): void {
  Hooks.once("ready", () => {
    running = migrateWorld().catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | data migration failed`, error);
      return { updated: 0, calls: 0 };
    });
  });
  Hooks.on("renderSettingsConfig", (_app: unknown, html: HTMLElement) => {
    watchRulesetPicker(html);
  });
}

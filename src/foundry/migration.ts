/**
 * Writing stored actors and items back in the current shape, once, by the active GM at `ready`.
 *
 * Each model already reads stored data through `migrateData` (data/migrate.ts): nothing fails to
 * load, another ruleset's data is kept in `system.kept` and this ruleset's comes back from it.
 * That happens in memory on every client; this writes it to the database, so the next load
 * starts from the current shape. It runs when the world's data was last written by an older
 * Fray (the hidden `dataVersion` setting) or for another ruleset (`dataRuleset`), and writes
 * every world actor and item in batches of `BATCH_SIZE`, each actor's own items in one call per
 * actor, with a progress notification. Updates go with `diff: false`: the built documents
 * already hold the migrated values, so a diffed update would send nothing.
 */
import { getRuleset, isRulesetId } from "../rules/registry.ts";
import type { RulesetId } from "../rules/registry.ts";
import { SYSTEM_ID } from "./constants.ts";
import { SCHEMA_VERSION } from "./data/migrate.ts";
import { activeRuleset } from "./settings.ts";

/** Documents per database call. */
export const BATCH_SIZE = 100;

type Update = Record<string, unknown> & { _id: string };

/** The document's system data as migrated and cleaned, as an update that writes all of it. */
function fullSystem(doc: { id: string | null; toObject(): unknown }): Update {
  const { system } = doc.toObject() as { system?: unknown };
  return { _id: doc.id ?? "", system };
}

/** The ruleset the world's stored data was last written for. */
export function dataRuleset(): RulesetId {
  const value = game.settings.get(SYSTEM_ID, "dataRuleset");
  // Worlds from before the setting were written for the ruleset they play.
  return isRulesetId(value) ? value : activeRuleset().id;
}

/** Whether the stored data predates this Fray or was written for another ruleset. */
export function needsMigration(): boolean {
  return (
    game.settings.get(SYSTEM_ID, "dataVersion") < SCHEMA_VERSION ||
    dataRuleset() !== activeRuleset().id
  );
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
 * Runs the migration if this client is the active GM and the stored data needs it: every world
 * actor (with its items) and world item, in batches, with a progress notification.
 */
export async function migrateWorld(): Promise<MigrationReport> {
  const report: MigrationReport = { updated: 0, calls: 0 };
  if (game.users?.activeGM?.isSelf !== true || !needsMigration()) return report;
  const ruleset = activeRuleset().id;

  const actors = game.actors?.contents ?? [];
  const actorUpdates = actors.map(fullSystem);
  const ownedItems = actors
    .map((actor) => ({ actor, updates: actor.items.contents.map(fullSystem) }))
    .filter(({ updates }) => updates.length > 0);
  const itemUpdates = (game.items?.contents ?? []).map(fullSystem);
  const total =
    actorUpdates.length +
    itemUpdates.length +
    ownedItems.reduce((sum, { updates }) => sum + updates.length, 0);

  if (total > 0) {
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
    for (const { actor, updates } of ownedItems) {
      await actor.updateEmbeddedDocuments("Item", updates, { diff: false });
      step(updates.length);
    }
    for (let start = 0; start < itemUpdates.length; start += BATCH_SIZE) {
      const batch = itemUpdates.slice(start, start + BATCH_SIZE);
      await Item.implementation.updateDocuments(batch, { diff: false });
      step(batch.length);
    }
    const label = getRuleset(ruleset).label;
    ui.notifications?.info(
      say("FRAY.Data.Migration.Done", {
        count: String(report.updated),
        ruleset: game.i18n?.localize(label) ?? label,
      }),
    );
  }
  await game.settings.set(SYSTEM_ID, "dataVersion", SCHEMA_VERSION);
  await game.settings.set(SYSTEM_ID, "dataRuleset", ruleset);
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

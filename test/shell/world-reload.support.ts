/**
 * Reloading a world in shell tests: the world is saved as the server holds it, a new client
 * starts with the given ruleset and world settings, loads the stored documents strictly (as core
 * does), and the GM's data migration runs at `ready`.
 */
import { vi } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { loadWorld, storedWorld } from "../fake-foundry/world-load.ts";
import type { StoredWorld } from "../fake-foundry/world-load.ts";

export interface Session {
  fake: FakeFoundry;
  /** Ids of stored documents that failed to load. */
  invalid: { Actor: string[]; Item: string[] };
  /** The world as the server holds it now. */
  save(): StoredWorld;
}

export const EMPTY_WORLD: StoredWorld = { Actor: [], Item: [] };

/** Starts a client of a world that plays `ruleset`, from its stored data and settings. */
export async function boot(
  ruleset: string,
  stored: StoredWorld,
  settings: Record<string, unknown> = {},
): Promise<Session> {
  vi.resetModules();
  const fake = installFakeFoundry({ settings: { ...settings, "fray.ruleset": ruleset } });
  const { init } = await import("../../src/foundry/init.ts");
  init();
  const { invalid } = loadWorld(stored);
  await fake.hooks.callAsync("ready");
  await (await import("../../src/foundry/migration.ts")).migrationRun();
  return { fake, invalid, save: () => storedWorld(fake.db, stored) };
}

/** Reloads the world with another ruleset, carrying its stored data and world settings over. */
export async function switchTo(session: Session, ruleset: string): Promise<Session> {
  const settings = Object.fromEntries(
    ["dataRuleset", "dataVersion"].map((key) => [
      `fray.${key}`,
      session.fake.game.settings.get("fray", key),
    ]),
  );
  return boot(ruleset, session.save(), settings);
}

export const actorsOf = (fake: FakeFoundry): ClientDocument[] => fake.game.actors.contents;

export const systemOf = (doc: ClientDocument): Record<string, unknown> =>
  (doc.system as { toObject(): Record<string, unknown> }).toObject();

/** The system data without its bookkeeping (`kept` copies, the writing ruleset). */
export function playedData(doc: ClientDocument): Record<string, unknown> {
  const { kept: _kept, ruleset: _ruleset, ...data } = systemOf(doc);
  return data;
}

export const itemsOf = (actor: ClientDocument): ClientDocument[] =>
  (actor as unknown as { items: { contents: ClientDocument[] } }).items.contents;

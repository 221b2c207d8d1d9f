/**
 * A write the writing client's own models refuse. Core v13 tries each change on the document
 * first (ClientDatabaseBackend#preUpdateDocumentArray, `updateSource(changes, {dryRun: true})`;
 * on create, the document is built): data the model cannot clean into shape is reported with an
 * error notification and never sent. The promise resolves, with nothing. What cleaning can fix
 * (a number rounded or clamped into its bounds) is not refused: it is sent cleaned.
 */
import { expect } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";

/** Runs `write`, checks it was refused that way (nothing sent), and returns the error shown. */
export async function refusedByModel(
  fake: FakeFoundry,
  write: () => Promise<unknown>,
): Promise<string> {
  const calls = fake.db.calls.length;
  const shown = fake.notifications.length;
  const result = await write();
  expect(result === undefined || (Array.isArray(result) && result.length === 0)).toBe(true);
  expect(fake.db.calls.length).toBe(calls);
  const errors = fake.notifications.slice(shown).filter((n) => n.level === "error");
  expect(errors).toHaveLength(1);
  return errors[0]?.message ?? "";
}

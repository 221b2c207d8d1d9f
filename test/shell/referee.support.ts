/**
 * Reading the fake's database log around the referee: a player's request travels as a ChatMessage
 * the player creates and the active GM deletes (shared/referee.ts). That plumbing is not a write
 * to the game, so tests that show "nothing was written" leave it out, and nothing else.
 */
import type { DbCall } from "../fake-foundry/database.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

const idOf = (data: Record<string, unknown>) => data["_id"];
const isRequest = (data: Record<string, unknown>) =>
  (data["flags"] as { fray?: { referee?: unknown } } | undefined)?.fray?.referee !== undefined;

/** The writes since `mark`, minus the creation and deletion of referee request messages. */
export function gameWrites(fake: FakeFoundry, mark: number): DbCall[] {
  const calls = fake.db.calls.slice(mark);
  const requests = new Set(
    calls
      .filter((c) => c.operation === "create" && c.documentName === "ChatMessage")
      .flatMap((c) => c.data.filter(isRequest).map(idOf)),
  );
  return calls.filter(
    (c) => !(c.documentName === "ChatMessage" && c.data.every((d) => requests.has(idOf(d)))),
  );
}

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

/** The referee requests still in the chat (the active GM deletes each one it handles). */
export function requestsLeft(fake: FakeFoundry): unknown[] {
  return fake.game.messages.contents.filter(
    (m) => (m.flags as { fray?: { referee?: unknown } }).fray?.referee !== undefined,
  );
}

/** Who made each Actor write since `mark`. */
export function actorWriters(fake: FakeFoundry, mark: number): string[] {
  return fake.db.since(mark, { documentName: "Actor" }).map((call) => call.userId);
}

/** Who authored a chat message (null once that user is gone). */
export function authorOf(message: ChatMessage.Implementation): string | null {
  return (message as unknown as { author: { id: string } | null }).author?.id ?? null;
}

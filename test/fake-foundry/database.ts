/**
 * Records every database round-trip the shell makes, so tests can count them: one entry per
 * call to the server (a single `update`, or one `updateDocuments` for any number of documents).
 * A write the server refuses (permissions) or fails (`failNext`) is not recorded as a call:
 * nothing was written. Refusals are kept apart in `refused`, so a test can show an attempt was
 * made and stopped.
 */
export type DbOperation = "create" | "update" | "delete";

export interface DbCall {
  operation: DbOperation;
  documentName: string;
  /** How many documents the call touched. */
  count: number;
  /** The changes sent, one entry per document. */
  data: Record<string, unknown>[];
  /** The embedding parent's uuid, for embedded documents. */
  parent: string | null;
  /** The user whose client made the write (the server knows who is connected on each socket). */
  userId: string;
}

export type DbFilter = Partial<Pick<DbCall, "operation" | "documentName" | "userId">>;

function matches(call: Pick<DbCall, "operation" | "documentName" | "userId">, filter: DbFilter) {
  return (
    (filter.operation === undefined || call.operation === filter.operation) &&
    (filter.documentName === undefined || call.documentName === filter.documentName) &&
    (filter.userId === undefined || call.userId === filter.userId)
  );
}

export class DatabaseLog {
  readonly calls: DbCall[] = [];
  /** Writes the server refused for lack of permission, with the reason it gave. */
  readonly refused: (Omit<DbCall, "count" | "data" | "parent"> & { reason: string })[] = [];
  readonly #failures: { filter: DbFilter; message: string }[] = [];

  record(call: DbCall): void {
    this.calls.push(call);
  }

  /** Number of round-trips, optionally of one operation, document type or writer only. */
  count(filter: DbFilter = {}): number {
    return this.calls.filter((call) => matches(call, filter)).length;
  }

  /** The calls made since `mark` (a `calls.length` taken earlier), optionally filtered. */
  since(mark: number, filter: DbFilter = {}): DbCall[] {
    return this.calls.slice(mark).filter((call) => matches(call, filter));
  }

  /**
   * The next write matching `filter` fails as a whole, as a server error or a dropped connection
   * would: the promise rejects and nothing is written. Later writes succeed again.
   */
  failNext(filter: DbFilter = {}, message = "The database write failed"): void {
    this.#failures.push({ filter, message });
  }

  /** Throws the planned failure for this write, if one matches (and uses it up). */
  takeFailure(call: Pick<DbCall, "operation" | "documentName" | "userId">): void {
    const index = this.#failures.findIndex((failure) => matches(call, failure.filter));
    if (index === -1) return;
    const [failure] = this.#failures.splice(index, 1);
    throw new Error(failure?.message);
  }

  clear(): void {
    this.calls.length = 0;
    this.refused.length = 0;
    this.#failures.length = 0;
  }
}

/**
 * Records every database round-trip the shell makes, so tests can count them: one entry per
 * call to the server (a single `update`, or one `updateDocuments` for any number of documents).
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
}

export class DatabaseLog {
  readonly calls: DbCall[] = [];

  record(call: DbCall): void {
    this.calls.push(call);
  }

  /** Number of round-trips, optionally of one operation or one document type only. */
  count(filter: Partial<Pick<DbCall, "operation" | "documentName">> = {}): number {
    return this.calls.filter(
      (call) =>
        (filter.operation === undefined || call.operation === filter.operation) &&
        (filter.documentName === undefined || call.documentName === filter.documentName),
    ).length;
  }

  clear(): void {
    this.calls.length = 0;
  }
}

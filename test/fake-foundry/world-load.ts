/**
 * Saving and loading a world, as far as a data migration needs it.
 *
 * - `storedWorld(db, before)`: what the server holds after the recorded calls. The server does
 *   not build system DataModels (core: TypeDataModels are not constructed on the server), so it
 *   stores system data as sent: a create stores the document's source, an update merges the
 *   changes into the stored record (dotted keys expanded), a delete removes it. Keys the current
 *   models no longer know stay in the stored record.
 * - `loadWorld(stored)`: builds the world's actors and items from stored records, as core does
 *   when a world loads (DocumentCollection#_initialize): each document is built strictly (its
 *   system model migrates, cleans and validates, see data-model.ts); one that throws is set aside
 *   in the collection's `invalidDocumentIds` and is not in the world. The collection keeps the
 *   stored records as its `_source`. Unlike core, an invalid embedded item makes its actor
 *   invalid too (core sets the item aside and keeps the actor): the fake is stricter, not looser.
 */
import type { DatabaseLog } from "./database.ts";
import { mergeDeep } from "./data-model.ts";
import type { DocumentSource } from "./documents.ts";
import { world } from "./world.ts";

export interface StoredWorld {
  Actor: DocumentSource[];
  Item: DocumentSource[];
}

type Stored = DocumentSource & { _id: string; items?: Stored[] };

export function storedWorld(db: DatabaseLog, before?: StoredWorld): StoredWorld {
  const records: Record<"Actor" | "Item", Stored[]> = {
    Actor: structuredClone((before?.Actor ?? []) as Stored[]),
    Item: structuredClone((before?.Item ?? []) as Stored[]),
  };
  const listFor = (documentName: string, parent: string | null): Stored[] | null => {
    if (parent === null) {
      return documentName === "Actor" || documentName === "Item" ? records[documentName] : null;
    }
    const [parentName, parentId] = parent.split(".");
    if (parentName !== "Actor" || documentName !== "Item") return null;
    const actor = records.Actor.find((record) => record._id === parentId);
    if (!actor) return null;
    actor.items ??= [];
    return actor.items;
  };
  for (const call of db.calls) {
    const list = listFor(call.documentName, call.parent);
    if (list === null) continue;
    for (const data of call.data) {
      const id = String(data["_id"]);
      const index = list.findIndex((record) => record._id === id);
      if (call.operation === "create") list.push(structuredClone(data) as Stored);
      else if (call.operation === "delete") list.splice(index, 1);
      else if (index >= 0) {
        const { _id: _ignored, ...changes } = structuredClone(data);
        mergeDeep(list[index] as Record<string, unknown>, changes);
      }
    }
  }
  return records;
}

export interface LoadedWorld {
  /** Ids of stored documents that failed to build, by document name. */
  invalid: { Actor: string[]; Item: string[] };
}

export function loadWorld(stored: StoredWorld): LoadedWorld {
  const invalid: LoadedWorld["invalid"] = { Actor: [], Item: [] };
  for (const documentName of ["Actor", "Item"] as const) {
    const cls = world.documentClass(documentName);
    const collection = world.collectionFor(documentName, null);
    collection.clear();
    const invalidIds = new Set<string>();
    for (const record of stored[documentName]) {
      try {
        const doc = new cls(structuredClone(record));
        collection.set(doc.id, doc);
      } catch {
        invalidIds.add(String(record._id));
        invalid[documentName].push(String(record._id));
      }
    }
    Object.assign(collection, {
      _source: structuredClone(stored[documentName]),
      invalidDocumentIds: invalidIds,
    });
  }
  return { invalid };
}

import { Collection } from "./collection.ts";
import type { ClientDocument, DocumentSource } from "./documents.ts";
import { world } from "./world.ts";

/** A pack as a package manifest declares it (system.json `packs`). */
export interface PackDeclaration {
  name: string;
  label: string;
  type: string;
}

/**
 * `CompendiumCollection` as far as Fray touches it: core builds one per pack the system's
 * manifest declares, at `game.packs` under `<package>.<name>`, with `metadata` (packageName,
 * name, label, type) and documents built on demand with the world's configured classes and
 * DataModels (a pack's documents are read with the world's models, like world documents).
 * The fake's pack holds the sources a test gives it.
 */
export class FakeCompendium {
  readonly collection: string;
  readonly metadata: { packageName: string; name: string; label: string; type: string };
  readonly documentName: string;
  readonly #sources: Map<string, DocumentSource>;

  constructor(packageName: string, pack: PackDeclaration, sources: readonly DocumentSource[]) {
    this.collection = `${packageName}.${pack.name}`;
    this.metadata = { packageName, name: pack.name, label: pack.label, type: pack.type };
    this.documentName = pack.type;
    this.#sources = new Map(sources.map((source) => [String(source._id), source]));
  }

  /** Core: a Collection of index entries (_id, name, type, uuid …). */
  get index(): Collection<{ _id: string; name: string; uuid: string }> {
    const index = new Collection<{ _id: string; name: string; uuid: string }>();
    for (const [id, source] of this.#sources) {
      index.set(id, { _id: id, name: String(source.name), uuid: this.uuidOf(id) });
    }
    return index;
  }

  uuidOf(id: string): string {
    return `Compendium.${this.collection}.${this.documentName}.${id}`;
  }

  /** Core: the document built from the pack's data (with the world's document class and models). */
  async getDocument(id: string): Promise<ClientDocument | undefined> {
    const source = this.#sources.get(id);
    if (source === undefined) return undefined;
    const cls = world.documentClass(this.documentName);
    const doc = new cls(structuredClone(source));
    // Core: a compendium document's uuid names its pack.
    Object.defineProperty(doc, "uuid", { value: this.uuidOf(id) });
    return doc;
  }
}

/**
 * `fromUuid` for what the fake has: world documents and what they embed, and compendium documents.
 */
export async function fakeFromUuid(
  uuid: string,
  packs: Collection<FakeCompendium>,
): Promise<ClientDocument | undefined> {
  const parts = uuid.split(".");
  if (parts[0] === "Compendium") {
    const [, packageName, name, , id] = parts;
    return packs.get(`${String(packageName)}.${String(name)}`)?.getDocument(String(id));
  }
  const [documentName, id, ...embedded] = parts;
  const collection = world.get().collections[String(documentName)];
  let doc = collection?.get(String(id));
  // Core: an embedded document's uuid continues with its name and id ("Actor.a.Item.i").
  for (let i = 0; doc !== undefined && i + 1 < embedded.length; i += 2) {
    const name = String(embedded[i]);
    const embeds = Object.values((doc.constructor as typeof ClientDocument).embedded);
    doc = embeds.includes(name)
      ? world.collectionFor(name, doc).get(String(embedded[i + 1]))
      : undefined;
  }
  return doc;
}

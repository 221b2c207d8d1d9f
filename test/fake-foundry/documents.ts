import { Collection } from "./collection.ts";
import { mergeDeep } from "./data-model.ts";
import type { DataModel } from "./data-model.ts";
import { world } from "./world.ts";

let nextId = 1;
/** Foundry ids are 16 characters; these are too, and predictable within a test run. */
export function randomID(): string {
  return `fake${String(nextId++).padStart(12, "0")}`;
}

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

export interface DocumentSource {
  _id?: string;
  name?: string;
  type?: string;
  img?: string | null;
  system?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  ownership?: Record<string, number>;
  [key: string]: unknown;
}

type DocumentClass = typeof ClientDocument;

/**
 * The client-side Document as Fray's shell touches it: identity, `system` data built from the
 * registered DataModel, ownership, and create/update/delete that go through the recorded
 * database (one recorded call per server round-trip, whatever the batch size).
 */
export class ClientDocument {
  static documentName = "Document";
  /** Embedded collections: field name → document name. */
  static embedded: Record<string, string> = {};
  /** Top-level source fields copied onto the document (and refreshed on every update). */
  static sourceFields: Record<string, unknown> = {};

  /** The configured class for this document type (`Actor.implementation`). */
  static get implementation(): typeof ClientDocument {
    return world.documentClass(this.documentName);
  }

  _id: string;
  name: string;
  type: string;
  img: string | null;
  system: DataModel | Record<string, unknown>;
  flags: Record<string, unknown>;
  ownership: Record<string, number>;
  parent: ClientDocument | null;
  _source: DocumentSource;

  constructor(source: DocumentSource = {}, options: { parent?: ClientDocument | null } = {}) {
    this.parent = options.parent ?? null;
    this._id = source._id ?? randomID();
    this._source = { ...structuredClone(source), _id: this._id };
    this.name = source.name ?? "";
    this.type = source.type ?? "base";
    this.img = source.img ?? null;
    this.flags = structuredClone(source.flags ?? {});
    this.ownership = { default: OWNERSHIP.NONE, ...(source.ownership ?? {}) };
    this.system = this.#buildSystem(source.system ?? {});
    // Core: the document's source holds its system data as the model migrated and cleaned it.
    if (typeof (this.system as DataModel).toObject === "function") {
      this._source.system = (this.system as DataModel).toObject();
    }
    this.#copyFields();
    this.#initEmbedded(source);
    this.prepareData();
  }

  #copyFields(): void {
    const fields = (this.constructor as DocumentClass).sourceFields;
    for (const [field, initial] of Object.entries(fields)) {
      (this as unknown as Record<string, unknown>)[field] = this._source[field] ?? initial;
    }
  }

  /** Foundry calls these on the parent, on every client, after embedded changes. */
  _onCreateDescendantDocuments(..._args: unknown[]): void {}
  _onUpdateDescendantDocuments(..._args: unknown[]): void {}
  _onDeleteDescendantDocuments(..._args: unknown[]): void {}

  get id(): string {
    return this._id;
  }

  get documentName(): string {
    return (this.constructor as DocumentClass).documentName;
  }

  get uuid(): string {
    return this.parent
      ? `${this.parent.uuid}.${this.documentName}.${this._id}`
      : `${this.documentName}.${this._id}`;
  }

  #buildSystem(system: Record<string, unknown>): DataModel | Record<string, unknown> {
    const models = world.config()[this.documentName]?.dataModels ?? {};
    const Model = models[this.type];
    return Model ? new Model(system, { parent: this }) : structuredClone(system);
  }

  #initEmbedded(source: DocumentSource): void {
    const embedded = (this.constructor as DocumentClass).embedded;
    for (const [field, documentName] of Object.entries(embedded)) {
      const collection = new Collection<ClientDocument>();
      const cls = world.documentClass(documentName);
      for (const data of (source[field] as DocumentSource[] | undefined) ?? []) {
        const doc = new cls(data, { parent: this });
        collection.set(doc.id, doc);
      }
      (this as unknown as Record<string, unknown>)[field] = collection;
    }
  }

  prepareData(): void {
    const system = this.system as Partial<DataModel>;
    system.prepareBaseData?.();
    system.prepareDerivedData?.();
  }

  /** Whether a user holds at least this ownership level. GMs hold every level. */
  testUserPermission(user: { id: string; isGM: boolean }, level: keyof typeof OWNERSHIP): boolean {
    if (user.isGM) return true;
    const own = this.ownership[user.id] ?? this.ownership["default"] ?? OWNERSHIP.NONE;
    const inherited = this.parent?.testUserPermission(user, level) ?? false;
    return own >= OWNERSHIP[level] || inherited;
  }

  get isOwner(): boolean {
    return this.testUserPermission(world.user(), "OWNER");
  }

  toObject(): DocumentSource {
    return structuredClone(this._source);
  }

  /** Applies validated changes locally (what the server's broadcast does on every client). */
  _applyChanges(changes: Record<string, unknown>): void {
    const next = mergeDeep(structuredClone(this._source), changes);
    if (typeof (this.system as DataModel).updateSource === "function") {
      (this.system as DataModel).updateSource(extractSystem(changes));
      next["system"] = (this.system as DataModel).toObject();
    }
    this._source = next;
    this.name = (next["name"] as string | undefined) ?? this.name;
    this.img = (next["img"] as string | null | undefined) ?? this.img;
    this.flags = structuredClone((next["flags"] as Record<string, unknown> | undefined) ?? {});
    this.#copyFields();
    this.prepareData();
  }

  async update(changes: Record<string, unknown>): Promise<this> {
    const cls = this.constructor as DocumentClass;
    await cls.updateDocuments([{ ...changes, _id: this.id }], { parent: this.parent });
    return this;
  }

  async delete(): Promise<this> {
    const cls = this.constructor as DocumentClass;
    await cls.deleteDocuments([this.id], { parent: this.parent });
    return this;
  }

  async deleteDialog(): Promise<this> {
    return this.delete();
  }

  static async createDocuments(
    data: DocumentSource[],
    options: { parent?: ClientDocument | null } = {},
  ): Promise<ClientDocument[]> {
    const parent = options.parent ?? null;
    const created = data.map((source) => new this(source, { parent }));
    world.db().record({
      operation: "create",
      documentName: this.documentName,
      count: created.length,
      data: created.map((doc) => doc.toObject()),
      parent: parent?.uuid ?? null,
    });
    for (const doc of created) world.collectionFor(this.documentName, parent).set(doc.id, doc);
    if (parent) {
      parent._onCreateDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        created,
        data,
        {},
        world.user().id,
      );
    }
    for (const doc of created)
      world.hooks().callAll(`create${this.documentName}`, doc, {}, world.user().id);
    return created;
  }

  static async create(
    data: DocumentSource,
    options: { parent?: ClientDocument | null } = {},
  ): Promise<ClientDocument | undefined> {
    return (await this.createDocuments([data], options))[0];
  }

  /** One round-trip for any number of documents, as Foundry's batched update. */
  static async updateDocuments(
    updates: (Record<string, unknown> & { _id: string })[],
    options: { parent?: ClientDocument | null } = {},
  ): Promise<ClientDocument[]> {
    const parent = options.parent ?? null;
    const collection = world.collectionFor(this.documentName, parent);
    const targets = updates.map((update) => {
      const doc = collection.get(update._id);
      if (!doc) throw new Error(`${this.documentName} ${update._id} does not exist`);
      return doc;
    });
    // Validate every change before applying any, as the server rejects a batch as a whole.
    updates.forEach((update, index) => {
      const doc = targets[index];
      if (doc?.system && typeof (doc.system as DataModel).updateSource === "function") {
        const Model = (doc.system as DataModel).constructor as typeof DataModel;
        const probe = structuredClone((doc.system as DataModel)._source);
        Model.cleanAndValidate(mergeDeep(probe, extractSystem(update)));
      }
    });
    world.db().record({
      operation: "update",
      documentName: this.documentName,
      count: updates.length,
      data: updates.map((update) => structuredClone(update)),
      parent: parent?.uuid ?? null,
    });
    const applied = updates.map((update, index) => {
      const { _id: _ignored, ...changes } = update;
      targets[index]?._applyChanges(changes);
      world.hooks().callAll(`update${this.documentName}`, targets[index], changes);
      return changes;
    });
    if (parent) {
      parent._onUpdateDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        targets,
        applied,
        {},
        world.user().id,
      );
    }
    return targets;
  }

  static async deleteDocuments(
    ids: string[],
    options: { parent?: ClientDocument | null } = {},
  ): Promise<string[]> {
    const parent = options.parent ?? null;
    world.db().record({
      operation: "delete",
      documentName: this.documentName,
      count: ids.length,
      data: ids.map((_id) => ({ _id })),
      parent: parent?.uuid ?? null,
    });
    const collection = world.collectionFor(this.documentName, parent);
    const removed = ids.map((id) => collection.get(id));
    for (const id of ids) collection.delete(id);
    if (parent) {
      parent._onDeleteDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        removed,
        ids,
        {},
        world.user().id,
      );
    }
    return ids;
  }

  /** Batched embedded updates on this parent: one round-trip. */
  async updateEmbeddedDocuments(
    documentName: string,
    updates: (Record<string, unknown> & { _id: string })[],
  ): Promise<ClientDocument[]> {
    return world.documentClass(documentName).updateDocuments(updates, { parent: this });
  }

  async createEmbeddedDocuments(
    documentName: string,
    data: DocumentSource[],
  ): Promise<ClientDocument[]> {
    return world.documentClass(documentName).createDocuments(data, { parent: this });
  }

  async deleteEmbeddedDocuments(documentName: string, ids: string[]): Promise<string[]> {
    return world.documentClass(documentName).deleteDocuments(ids, { parent: this });
  }
}

function embeddedField(parent: ClientDocument, documentName: string): string {
  const embedded = (parent.constructor as DocumentClass).embedded;
  return Object.entries(embedded).find(([, name]) => name === documentName)?.[0] ?? "";
}

/** The `system` part of an update, whether nested (`{system: {...}}`) or dotted. */
function extractSystem(changes: Record<string, unknown>): Record<string, unknown> {
  const nested = mergeDeep({}, changes);
  return (nested["system"] ?? {}) as Record<string, unknown>;
}

export class Actor extends ClientDocument {
  static override documentName = "Actor";
  static override embedded = { items: "Item", effects: "ActiveEffect" };
  declare items: Collection<Item>;
  declare effects: Collection<ActiveEffect>;

  get isToken(): boolean {
    return false;
  }

  /** Core's default: a new token is hostile unless the actor's prototype says otherwise. */
  get prototypeToken(): { disposition: number } {
    const source = this._source["prototypeToken"] as { disposition?: number } | undefined;
    return { disposition: source?.disposition ?? -1 };
  }
}

export class Item extends ClientDocument {
  static override documentName = "Item";

  get actor(): Actor | null {
    return this.parent instanceof Actor ? this.parent : null;
  }

  get sheet(): { render: (force?: boolean) => Promise<unknown> } | null {
    return null;
  }
}

/**
 * An ActiveEffect as Fray uses them for statuses: `statuses` (stored as a list, read as a Set, as
 * in Foundry), `disabled`, and the status data in `flags.fray`.
 */
export class ActiveEffect extends ClientDocument {
  static override documentName = "ActiveEffect";

  get statuses(): Set<string> {
    return new Set((this._source["statuses"] as string[] | undefined) ?? []);
  }

  get disabled(): boolean {
    return this._source["disabled"] === true;
  }
}

export class Combat extends ClientDocument {
  static override documentName = "Combat";
  static override embedded = { combatants: "Combatant", groups: "CombatantGroup" };
  static override sourceFields = { round: 0, turn: null };
  declare combatants: Collection<Combatant>;
  declare groups: Collection<CombatantGroup>;
  declare round: number;
  declare turn: number | null;
  /** Set by setupTurns (a class field initializer would run after the constructor's). */
  declare turns: Combatant[];

  get started(): boolean {
    return this.round > 0;
  }

  get combatant(): Combatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }

  /** Core sorts by initiative, highest first, then keeps the collection's order. */
  setupTurns(): Combatant[] {
    const all = this.combatants.contents;
    this.turns = all
      .map((c, index) => ({ c, index }))
      .sort(
        (a, b) =>
          (b.c.initiative ?? -Infinity) - (a.c.initiative ?? -Infinity) || a.index - b.index,
      )
      .map((entry) => entry.c);
    return this.turns;
  }

  override prepareData(): void {
    super.prepareData();
    // Embedded collections are not built yet when the constructor first prepares the data.
    if ((this.combatants as Collection<Combatant> | undefined) !== undefined) this.setupTurns();
  }

  override _onCreateDescendantDocuments(): void {
    this.setupTurns();
  }

  override _onUpdateDescendantDocuments(): void {
    this.setupTurns();
  }

  override _onDeleteDescendantDocuments(): void {
    this.setupTurns();
  }
}

export class Combatant extends ClientDocument {
  static override documentName = "Combatant";
  static override sourceFields = {
    actorId: null,
    tokenId: null,
    defeated: false,
    hidden: false,
    group: null,
    initiative: null,
  };
  declare actorId: string | null;
  declare tokenId: string | null;
  declare defeated: boolean;
  declare hidden: boolean;
  declare group: string | null;
  declare initiative: number | null;

  /** The combatant's actor (a linked actor: the world's). */
  get actor(): Actor | null {
    const actors = world.get().collections["Actor"];
    return (actors?.get(this.actorId ?? "") as Actor | undefined) ?? null;
  }

  /** No canvas in the fake: combatants have no token document. */
  get token(): null {
    return null;
  }

  /** Like core, a combatant without its own name or image shows its actor's. */
  override prepareData(): void {
    super.prepareData();
    this.name = this._source.name ?? this.actor?.name ?? "";
    this.img = this._source.img ?? this.actor?.img ?? null;
  }
}

export class CombatantGroup extends ClientDocument {
  static override documentName = "CombatantGroup";
}

export class ChatMessage extends ClientDocument {
  static override documentName = "ChatMessage";
}

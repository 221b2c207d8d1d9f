import { Collection } from "./collection.ts";
import { mergeDeep } from "./data-model.ts";
import type { DataModel } from "./data-model.ts";
import { applyChange, fieldAt, getProperty, setProperty } from "./effects.ts";
import type { EffectChange } from "./effects.ts";
import { canUserModify } from "./permissions.ts";
import { world } from "./world.ts";
import type { DbOperation } from "./database.ts";

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

  /** Applications showing this document (core: `document.apps`), re-rendered by `render()`. */
  apps: Record<string, { render: (...args: unknown[]) => unknown }> = {};

  /** Core's ClientDocumentMixin#render: renders the document's own apps, nothing else. */
  render(): void {
    for (const app of Object.values(this.apps)) void app.render();
  }

  /**
   * Foundry calls these on the parent, on every client, after embedded changes. Core's
   * ClientDocumentMixin re-renders only the parent's own `apps` (not the sidebar).
   */
  _onCreateDescendantDocuments(..._args: unknown[]): void {
    this.render();
  }
  _onUpdateDescendantDocuments(..._args: unknown[]): void {
    this.render();
  }
  _onDeleteDescendantDocuments(..._args: unknown[]): void {
    this.render();
  }

  /**
   * Core v13's ClientDocumentMixin#_preUpdate, on the updating client only, before the
   * `preUpdate<Name>` hooks: a type DataModel's own `_preUpdate(changes, options, user)` runs and
   * may change the differential data in place (what it adds is sent) or cancel with false.
   */
  async _preUpdate(
    changes: Record<string, unknown>,
    options: UpdateOptions,
    user: unknown,
  ): Promise<boolean | undefined> {
    const system = this.system as { _preUpdate?: (...args: unknown[]) => unknown };
    if (typeof system._preUpdate !== "function") return undefined;
    return (await system._preUpdate(changes, options, user)) as boolean | undefined;
  }

  /** Core calls this on every client after the document itself was updated. */
  _onUpdate(_changed: Record<string, unknown>, _options: UpdateOptions, _userId: string): void {}

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

  /**
   * Core's `ClientDocumentMixin#toDragData`: what dragging a stored document carries, its type
   * and uuid (core's ActorSheetV2 drags a `.draggable[data-item-id]` row as its item's, e.g. to
   * the hotbar). The fake's documents are always stored, so core's branch for unsaved data is not
   * copied.
   */
  toDragData(): { type: string; uuid: string } {
    return { type: this.documentName, uuid: this.uuid };
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

  /**
   * Applies changes the server broadcast, as each client does (core:
   * ClientDatabaseBackend#postUpdateDocumentCallbacks, `doc.updateSource(change)`): the system
   * model cleans them (numbers rounded and clamped into their field's bounds, unknown keys
   * dropped) and validates the result strictly. A change that still fails throws and this copy
   * keeps its data (it no longer matches what the server stored until the world reloads).
   */
  _applyChanges(changes: Record<string, unknown>): void {
    // Core sends the change over the socket (serialized) and the server stores it: no stored
    // value shares an object with another (structuredClone would keep one object written under
    // two keys as one, so a later write to one key would change the other).
    const sent = unshared(changes) as Record<string, unknown>;
    const next = mergeDeep(structuredClone(this._source), sent);
    if (typeof (this.system as DataModel).updateSource === "function") {
      (this.system as DataModel).updateSource(extractSystem(sent));
      next["system"] = (this.system as DataModel).toObject();
    } else if (isPlainRecord(next["system"])) {
      this.system = structuredClone(next["system"]);
    }
    this._source = next;
    this.name = (next["name"] as string | undefined) ?? this.name;
    this.img = (next["img"] as string | null | undefined) ?? this.img;
    this.flags = structuredClone((next["flags"] as Record<string, unknown> | undefined) ?? {});
    this.#copyFields();
    this.prepareData();
  }

  /**
   * Core v13 (DataModel#reset, ClientDocumentMixin#_initialize): the document's data is built
   * again from its source and prepared again. The client backend resets a parent after any of
   * its embedded documents was created, updated or deleted, so an actor's effects and items are
   * prepared into it again.
   */
  reset(): void {
    if (typeof (this.system as DataModel)._initialize === "function") {
      (this.system as DataModel)._initialize();
    } else {
      this.system = structuredClone(this._source.system ?? {});
    }
    this.prepareData();
  }

  /**
   * The server-side `_stats` core v13 keeps on documents: `modifiedTime` (server time) and
   * `lastModifiedBy` (the writing user, as the server saw them); no client can forge them.
   */
  get _stats(): { modifiedTime: number | null; lastModifiedBy: string | null } {
    const stats = this._source["_stats"] as
      { modifiedTime?: number; lastModifiedBy?: string } | undefined;
    return {
      modifiedTime: stats?.modifiedTime ?? null,
      lastModifiedBy: stats?.lastModifiedBy ?? null,
    };
  }

  _stamp(userId: string, time: number): void {
    this._source["_stats"] = { modifiedTime: time, lastModifiedBy: userId };
  }

  /**
   * What the writing client does before it sends an update (core: ClientDatabaseBackend
   * #preUpdateDocumentArray, `updateSource(changes, {dryRun: true})`): the change is cleaned and
   * validated against this document without applying it; the cleaned change is what is sent.
   * Throws what validation throws.
   */
  _dryRun(changes: Record<string, unknown>): Record<string, unknown> {
    const system = this.system as Partial<DataModel>;
    if (typeof system.updateSource !== "function" || system._source === undefined) return changes;
    const Model = (system as DataModel).constructor as typeof DataModel;
    const merged = mergeDeep(structuredClone(system._source), extractSystem(changes));
    const cleaned = Model.cleanAndValidate(merged);
    return cleanedChanges(changes, cleaned);
  }

  async update(
    changes: Record<string, unknown>,
    options: UpdateOptions = {},
  ): Promise<this | undefined> {
    const cls = this.constructor as DocumentClass;
    const [updated] = await cls.updateDocuments([{ ...changes, _id: this.id }], {
      ...options,
      parent: this.parent,
    });
    return updated as this | undefined;
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
    options: { parent?: ClientDocument | null; [key: string]: unknown } = {},
  ): Promise<ClientDocument[]> {
    const { parent: given, ...operation } = options;
    const parent = given ?? null;
    const userId = world.user().id;
    // Core v13 (ClientDatabaseBackend#preCreateDocumentArray): on the creating client, each
    // document is built (its model cleans and validates the data; one that throws is reported,
    // `Hooks.onError(… {notify: "error"})`, and left out), then `preCreate<Name>` is called with
    // it, its creation data, the options and the user id; a hook returning false leaves that
    // document out of the request, and a request left with nothing is not sent.
    const built: { doc: ClientDocument; source: DocumentSource }[] = [];
    for (const source of data) {
      try {
        built.push({ doc: new this(source, { parent }), source });
      } catch (error) {
        reportInvalid(error);
      }
    }
    const allowed = built.filter(({ doc, source }) =>
      world.hooks().call(`preCreate${this.documentName}`, doc, source, operation, userId),
    );
    if (allowed.length === 0) return [];
    return this._serverCreate(
      allowed.map(({ doc }) => doc.toObject()),
      parent,
      operation,
    );
  }

  /**
   * The server's side of a creation and its broadcast (core v13: the server checks permissions and
   * stores the data as sent, without running system DataModels; then every client builds the
   * document, `#handleCreateDocuments`). A client whose model refuses the stored data cannot
   * build it: it is left out of that client's collection (see `fake.clientErrors`).
   */
  static _serverCreate(
    sources: DocumentSource[],
    parent: ClientDocument | null,
    operation: Record<string, unknown>,
  ): ClientDocument[] {
    const userId = world.user().id;
    // The permission test runs on the document as sent: built without cleaning or validation.
    const probes = sources.map((source) => permissionProbe(this, source, parent));
    serverChecks("create", this.documentName, probes, sources);
    const time = serverNow();
    const stored = sources.map((source) => ({
      ...structuredClone(source),
      _id: source._id ?? randomID(),
      _stats: { modifiedTime: time, lastModifiedBy: userId },
    }));
    world.db().record({
      operation: "create",
      documentName: this.documentName,
      count: stored.length,
      data: structuredClone(stored),
      parent: parent?.uuid ?? null,
      userId,
    });
    const created: ClientDocument[] = [];
    const collection = world.collectionFor(this.documentName, parent);
    for (const source of stored) {
      try {
        const doc = new this(source, { parent });
        collection.set(doc.id, doc);
        created.push(doc);
      } catch (error) {
        clientError(error, source._id);
      }
    }
    if (parent) {
      parent.reset();
      parent._onCreateDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        created,
        stored,
        operation,
        userId,
      );
      broadcast({ kind: "create", cls: this, parent, sources: stored, operation });
    }
    // Every client's hook is told who made the write: the writer the server saw.
    for (const doc of created) {
      doc._onCreate(doc.toObject(), operation, userId);
      world.hooks().callAll(`create${this.documentName}`, doc, operation, userId);
    }
    return created;
  }

  /** Core calls this on every client after the document was created. */
  _onCreate(_data: DocumentSource, _options: Record<string, unknown>, _userId: string): void {}

  /** Core calls this on every client after the document was deleted. */
  _onDelete(_options: Record<string, unknown>, _userId: string): void {}

  static async create(
    data: DocumentSource,
    options: { parent?: ClientDocument | null; [key: string]: unknown } = {},
  ): Promise<ClientDocument | undefined> {
    return (await this.createDocuments([data], options))[0];
  }

  /**
   * One round-trip for any number of documents, as Foundry's batched update. On the writing
   * client each change is tried first (`_dryRun`): one its model refuses is reported with
   * `ui.notifications.error` and left out (core's #preUpdateDocumentArray), then the document's
   * `_preUpdate` (its type DataModel's) and `preUpdate<Name>` may change or veto it; what is left
   * goes to the server (`_serverUpdate`).
   */
  static async updateDocuments(
    updates: (Record<string, unknown> & { _id: string })[],
    options: UpdateOptions & { parent?: ClientDocument | null } = {},
  ): Promise<ClientDocument[]> {
    const { parent: given, ...operation } = options;
    const parent = given ?? null;
    const collection = world.collectionFor(this.documentName, parent);
    const userId = world.user().id;
    const sent: (Record<string, unknown> & { _id: string })[] = [];
    for (const update of updates) {
      const doc = collection.get(update._id);
      if (!doc) throw new Error(`${this.documentName} ${update._id} does not exist`);
      const { _id, ...changes } = update;
      let cleaned: Record<string, unknown>;
      try {
        cleaned = doc._dryRun(changes);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        notify("error", message);
        continue;
      }
      if ((await doc._preUpdate(cleaned, operation, world.user())) === false) continue;
      if (!world.hooks().call(`preUpdate${this.documentName}`, doc, cleaned, operation, userId)) {
        continue;
      }
      sent.push({ ...cleaned, _id });
    }
    if (sent.length === 0) return [];
    return this._serverUpdate(sent, parent, operation);
  }

  /**
   * The server's side of an update and its broadcast. Core v13's server checks permissions and
   * stores the changes as sent: it does not run a system's DataModels, so a user who bypasses
   * their client (a console's `game.socket.emit("modifyDocument", …)`, see `fake.socketUpdate`)
   * stores any `system` value on a document they may update. It stamps `_stats` and, for a
   * Combat with a `worldTime.delta` option, advances the world time. Then every client applies
   * the change (`_applyChanges`) and runs `_onUpdate` and the `update<Name>` hooks with the
   * operation's options and the writer's id (core: #handleUpdateDocuments); a client whose model
   * refuses the change keeps its copy as it was and runs neither for it.
   */
  static _serverUpdate(
    updates: (Record<string, unknown> & { _id: string })[],
    parent: ClientDocument | null,
    operation: UpdateOptions,
  ): ClientDocument[] {
    const collection = world.collectionFor(this.documentName, parent);
    const targets = updates.map((update) => {
      const doc = collection.get(update._id);
      if (!doc) throw new Error(`${this.documentName} ${update._id} does not exist`);
      return doc;
    });
    serverChecks("update", this.documentName, targets, updates);
    const userId = world.user().id;
    world.db().record({
      operation: "update",
      documentName: this.documentName,
      count: updates.length,
      data: updates.map((update) => structuredClone(update)),
      parent: parent?.uuid ?? null,
      userId,
    });
    const time = serverNow();
    // Core v13's server advances the world time by a Combat update's `worldTime.delta` option,
    // in the same operation (Combat#nextRound and #nextTurn pass it).
    const delta = operation.worldTime?.delta;
    const clock = world.get().time;
    if (this.documentName === "Combat" && typeof delta === "number" && clock)
      clock.worldTime += delta;
    const applied: { doc: ClientDocument; changes: Record<string, unknown> }[] = [];
    updates.forEach((update, index) => {
      const { _id: _ignored, ...changes } = update;
      const doc = targets[index];
      if (!doc) return;
      try {
        doc._applyChanges(changes);
      } catch (error) {
        clientError(error, doc.id);
        return;
      }
      doc._stamp(userId, time);
      applied.push({ doc, changes });
    });
    if (parent) parent.reset();
    for (const { doc, changes } of applied) {
      doc._onUpdate(changes, operation, userId);
      // Every client's hook is told who made the write: the writer the server saw.
      world.hooks().callAll(`update${this.documentName}`, doc, changes, operation, userId);
    }
    if (parent) {
      parent._onUpdateDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        applied.map(({ doc }) => doc),
        applied.map(({ changes }) => changes),
        operation,
        userId,
      );
    }
    broadcast({
      kind: "update",
      cls: this,
      parent,
      updates: updates.map(({ _id: _ignored, ...changes }) => changes),
      ids: updates.map((u) => u._id),
      operation,
    });
    return applied.map(({ doc }) => doc);
  }

  static async deleteDocuments(
    ids: string[],
    options: { parent?: ClientDocument | null; [key: string]: unknown } = {},
  ): Promise<string[]> {
    const { parent: given, ...operation } = options;
    const parent = given ?? null;
    const collection = world.collectionFor(this.documentName, parent);
    const removed = ids.map((id) => {
      const doc = collection.get(id);
      if (!doc) throw new Error(`${this.documentName} ${id} does not exist`);
      return doc;
    });
    serverChecks("delete", this.documentName, removed, []);
    const userId = world.user().id;
    world.db().record({
      operation: "delete",
      documentName: this.documentName,
      count: ids.length,
      data: ids.map((_id) => ({ _id })),
      parent: parent?.uuid ?? null,
      userId,
    });
    for (const id of ids) collection.delete(id);
    if (parent) {
      parent.reset();
      parent._onDeleteDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        removed,
        ids,
        operation,
        userId,
      );
      broadcast({ kind: "delete", cls: this, parent, ids, operation });
    }
    for (const doc of removed) {
      doc._onDelete(operation, userId);
      world.hooks().callAll(`delete${this.documentName}`, doc, operation, userId);
    }
    return ids;
  }

  /** Batched embedded updates on this parent: one round-trip. */
  async updateEmbeddedDocuments(
    documentName: string,
    updates: (Record<string, unknown> & { _id: string })[],
    options: UpdateOptions = {},
  ): Promise<ClientDocument[]> {
    return world.documentClass(documentName).updateDocuments(updates, { ...options, parent: this });
  }

  async createEmbeddedDocuments(
    documentName: string,
    data: DocumentSource[],
    options: Record<string, unknown> = {},
  ): Promise<ClientDocument[]> {
    return world.documentClass(documentName).createDocuments(data, { ...options, parent: this });
  }

  async deleteEmbeddedDocuments(
    documentName: string,
    ids: string[],
    options: Record<string, unknown> = {},
  ): Promise<string[]> {
    return world.documentClass(documentName).deleteDocuments(ids, { ...options, parent: this });
  }
}

/** `ui.notifications` of the client running now, as a refused write reports itself. */
function notify(level: "error" | "warn", message: string): void {
  const ui = (globalThis as { ui?: { notifications?: Record<string, (m: string) => void> } }).ui;
  ui?.notifications?.[level]?.(message);
}

/** Core's `Hooks.onError(…, {notify: "error"})` for data a client's model refuses to build. */
function reportInvalid(error: unknown): void {
  notify("error", error instanceof Error ? error.message : String(error));
}

/** A receiving client failed to apply what the server stored: recorded for tests to see. */
function clientError(error: unknown, id: unknown): void {
  world.get().clientErrors?.push({
    userId: world.user().id,
    documentId: String(id),
    message: error instanceof Error ? error.message : String(error),
  });
}

let lastServerTime = 0;
/** The server's clock: strictly increasing, so two writes never share a time. */
function serverNow(): number {
  lastServerTime = Math.max(Date.now(), lastServerTime + 1);
  return lastServerTime;
}

/**
 * A stand-in for the document the server tests permissions on: its ownership, author, actor and
 * parent, built without the system model (the server has none, and permission tests never read
 * `system`).
 */
function permissionProbe(
  cls: DocumentClass,
  source: DocumentSource,
  parent: ClientDocument | null,
): ClientDocument {
  const probe = Object.create(cls.prototype) as ClientDocument;
  Object.assign(probe, {
    parent,
    _id: source._id ?? "",
    _source: { ...structuredClone(source), system: {} },
    ownership: { default: OWNERSHIP.NONE, ...(source.ownership ?? {}) },
    flags: {},
    system: {},
    apps: {},
  });
  for (const [field, initial] of Object.entries(cls.sourceFields)) {
    try {
      (probe as unknown as Record<string, unknown>)[field] = source[field] ?? initial;
    } catch {
      // A getter-only field: the probe reads it from `_source`.
    }
  }
  return probe;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The change with each `system` value it sets replaced by the cleaned one. */
function cleanedChanges(
  changes: Record<string, unknown>,
  cleanedSystem: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === "system" && isPlainRecord(value)) {
      out[key] = replaceLeaves(value, cleanedSystem);
    } else if (key.startsWith("system.")) {
      const path = key.slice("system.".length).split(".");
      const cleaned = path.reduce<unknown>(
        (node, part) => (isPlainRecord(node) ? node[part] : undefined),
        cleanedSystem,
      );
      out[key] = cleaned === undefined ? value : cleaned;
    } else {
      out[key] = value;
    }
  }
  return out;
}

function replaceLeaves(
  change: Record<string, unknown>,
  cleaned: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(change)) {
    const inner = cleaned[key];
    if (key.includes(".")) out[key] = value;
    else if (isPlainRecord(value) && isPlainRecord(inner)) out[key] = replaceLeaves(value, inner);
    else out[key] = inner === undefined ? value : inner;
  }
  return out;
}

/**
 * What the server does before any write: the permission test for every document of the batch
 * (one refused document refuses the whole batch, as core's server does), then a planned failure
 * (`db.failNext`). Either way the promise rejects and nothing is written.
 */
function serverChecks(
  operation: DbOperation,
  documentName: string,
  docs: readonly ClientDocument[],
  data: readonly Record<string, unknown>[],
): void {
  const user = world.user();
  docs.forEach((doc, index) => {
    if (canUserModify(user, operation, doc, data[index] ?? {})) return;
    const reason = `User ${user.name} lacks permission to ${operation} ${documentName} [${doc.id}]`;
    world.db().refused.push({ operation, documentName, userId: user.id, reason });
    throw new Error(reason);
  });
  world.db().takeFailure({ operation, documentName, userId: user.id });
}

/** Options of a document update that core passes to `_onUpdate` on every client. */
export interface UpdateOptions {
  /** Combat: false skips core's turn events (`_manageTurnEvents`). */
  turnEvents?: boolean;
  /** Combat: +1 forward, -1 back (Combat#nextTurn, #previousRound …). */
  direction?: number;
  /** Combat: seconds the server adds to the world time with this update. */
  worldTime?: { delta: number };
  [key: string]: unknown;
}

type Broadcast =
  | {
      kind: "create";
      cls: DocumentClass;
      parent: ClientDocument;
      sources: DocumentSource[];
      operation: Record<string, unknown>;
    }
  | {
      kind: "update";
      cls: DocumentClass;
      parent: ClientDocument | null;
      ids: string[];
      updates: Record<string, unknown>[];
      operation: UpdateOptions;
    }
  | {
      kind: "delete";
      cls: DocumentClass;
      parent: ClientDocument;
      ids: string[];
      operation: Record<string, unknown>;
    };

/**
 * The server's broadcast to the other connected clients (see FakeClient): each applies the change
 * to its own copy of the Combat and runs the same lifecycle methods, logged in as its user, with
 * the operation's options and the writer's id, as core's client backend hands them to `_onCreate`,
 * `_onUpdate`, `_onDelete` and the parent's descendant handlers on every client.
 */
function broadcast(change: Broadcast): void {
  const parts = world.get();
  const writer = world.user().id;
  for (const client of parts.clients ?? []) {
    const combatId = change.parent?.id ?? (change.cls.documentName === "Combat" ? null : undefined);
    if (combatId === undefined) continue;
    const run = (fn: () => void) => {
      if (parts.runAs) parts.runAs(client.userId, fn);
      else fn();
    };
    if (combatId === null && change.kind === "update") {
      change.ids.forEach((id, index) => {
        const copy = client.combats.get(id);
        const changes = change.updates[index] ?? {};
        if (copy)
          run(() => {
            try {
              copy._applyChanges(changes);
            } catch (error) {
              clientError(error, id);
              return;
            }
            copy._onUpdate(changes, change.operation, writer);
          });
      });
      continue;
    }
    const copy = combatId === null ? undefined : client.combats.get(combatId);
    if (!copy) continue;
    const field = embeddedField(copy, change.cls.documentName);
    const collection = (copy as unknown as Record<string, Collection<ClientDocument>>)[field];
    if (!collection) continue;
    run(() => {
      if (change.kind === "create") {
        const docs = change.sources.map((source) => new change.cls(source, { parent: copy }));
        for (const doc of docs) collection.set(doc.id, doc);
        copy.reset();
        for (const doc of docs) doc._onCreate(doc.toObject(), change.operation, writer);
        copy._onCreateDescendantDocuments(
          copy,
          field,
          docs,
          change.sources,
          change.operation,
          writer,
        );
      } else if (change.kind === "update") {
        const docs = change.ids.map((id) => collection.get(id));
        const changed = docs.filter((doc, index): doc is ClientDocument => {
          if (!doc) return false;
          try {
            doc._applyChanges(change.updates[index] ?? {});
            return true;
          } catch (error) {
            clientError(error, doc.id);
            return false;
          }
        });
        copy.reset();
        docs.forEach((doc, index) => {
          if (doc && changed.includes(doc))
            doc._onUpdate(change.updates[index] ?? {}, change.operation, writer);
        });
        copy._onUpdateDescendantDocuments(
          copy,
          field,
          docs,
          change.updates,
          change.operation,
          writer,
        );
      } else {
        const docs = change.ids.map((id) => collection.get(id));
        for (const id of change.ids) collection.delete(id);
        copy.reset();
        for (const doc of docs) doc?._onDelete(change.operation, writer);
        copy._onDeleteDescendantDocuments(copy, field, docs, change.ids, change.operation, writer);
      }
    });
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

/**
 * Core v13's Actor as the shell leans on it. Data preparation follows core's order
 * (ClientDocumentMixin#prepareData, Actor#prepareEmbeddedDocuments): the system's base data, then
 * the embedded documents and `applyActiveEffects()` (every active effect of the actor, and every
 * transferring effect of its items, by priority), then the system's derived data. See effects.ts.
 */
export class Actor extends ClientDocument {
  static override documentName = "Actor";
  static override embedded = { items: "Item", effects: "ActiveEffect" };
  declare items: Collection<Item>;
  declare effects: Collection<ActiveEffect>;
  /** Core: the changes the effects made, by path (set by applyActiveEffects). */
  declare overrides: Record<string, unknown>;
  /**
   * Core v13 Actor#statuses: a Set the actor keeps (core declares it `this.statuses ?? new
   * Set()`, so the one the constructor's first preparation filled is kept), emptied and filled
   * again by `applyActiveEffects` with the statuses of every active effect. Not a live view: a
   * system adds to it while its data is prepared, and it changes when the data is prepared again.
   */
  statuses: Set<string> = (this as { statuses?: Set<string> }).statuses ?? new Set<string>();

  get isToken(): boolean {
    return false;
  }

  /**
   * Core v13 Actor#getDependentTokens({scenes, linked}): the actor's tokens across scenes. The
   * base fake has no scenes, so none; tokens.ts puts tokens on scenes and answers for them.
   */
  getDependentTokens(_options: { scenes?: unknown[]; linked?: boolean } = {}): unknown[] {
    return [];
  }

  override prepareData(): void {
    const system = this.system as Partial<DataModel>;
    system.prepareBaseData?.();
    // Embedded collections are not built yet when the constructor first prepares the data.
    if ((this.effects as Collection<ActiveEffect> | undefined) !== undefined) {
      this.applyActiveEffects();
    }
    system.prepareDerivedData?.();
  }

  /** Core v13 Actor#allApplicableEffects: the actor's effects, then its items' transferring ones. */
  *allApplicableEffects(): Generator<ActiveEffect> {
    yield* this.effects.contents;
    for (const item of this.items.contents) {
      const effects = (item as { effects?: Collection<ActiveEffect> }).effects;
      for (const effect of effects?.contents ?? []) if (effect.transfer) yield effect;
    }
  }

  /**
   * Core v13 Actor#applyActiveEffects: the changes of every active effect, sorted by priority
   * (default: mode × 10), each applied by its effect (`ActiveEffect#apply`); `overrides` records
   * the results. `statuses` is emptied first and gets every active effect's status ids.
   */
  applyActiveEffects(): void {
    const changes: (EffectChange & { effect: ActiveEffect; priority: number })[] = [];
    // (The constructor's first preparation runs before the field's initializer.)
    const statuses = (this.statuses as Set<string> | undefined) ?? new Set<string>();
    statuses.clear();
    this.statuses = statuses;
    for (const effect of this.allApplicableEffects()) {
      if (!effect.active) continue;
      for (const id of effect.statuses) statuses.add(id);
      for (const change of effect.changes) {
        changes.push({ ...change, effect, priority: change.priority ?? change.mode * 10 });
      }
    }
    changes.sort((a, b) => a.priority - b.priority);
    const overrides: Record<string, unknown> = {};
    for (const change of changes) {
      if (!change.key) continue;
      Object.assign(overrides, change.effect.apply(this, change));
    }
    this.overrides = overrides;
  }

  /**
   * Core v13 Document.TYPES: the sub-types the system declares (system.json documentTypes),
   * with core's "base" type first.
   */
  static get TYPES(): string[] {
    const system = (globalThis as { game?: { system?: unknown } }).game?.system as
      { documentTypes?: Record<string, Record<string, unknown>> } | undefined;
    return ["base", ...Object.keys(system?.documentTypes?.[this.documentName] ?? {})];
  }

  /** What the last createDialog offered (the fake's user reads it, then closes the dialog). */
  static lastCreateDialog: { types: string[]; data: Record<string, unknown> } | null = null;

  /**
   * Core v13 ClientDocumentMixin.createDialog(data, createOptions, {folders, types, template,
   * context, ...dialogOptions}): `types` restricts the sub-types the form's select offers; an
   * empty list, or a type the system does not declare, throws. The select offers every declared
   * type but "base" that the restriction keeps. The fake's user closes the dialog: null.
   */
  static createDialog(
    data: Record<string, unknown> = {},
    _createOptions: Record<string, unknown> = {},
    { types }: { types?: readonly string[]; [key: string]: unknown } = {},
  ): Promise<null> {
    if (types !== undefined) {
      if (types.length === 0)
        throw new Error("The array of sub-types to restrict to must not be empty");
      for (const type of types) {
        if (!this.TYPES.includes(type))
          throw new Error(`Invalid ${this.documentName} sub-type: "${type}"`);
      }
    }
    const offered = this.TYPES.filter((t) => t !== "base" && types?.includes(t) !== false);
    Actor.lastCreateDialog = { types: offered, data };
    return Promise.resolve(null);
  }

  /**
   * Core v13 Actor#toggleStatusEffect(statusId, { active, overlay }): the CONFIG.statusEffects
   * entry (an unknown id throws); the actor's effects that are that status (the entry's `_id`,
   * else every effect whose only status it is). If there are some, they are deleted (answer
   * false), unless `active` is true (answer true); else, unless `active` is false (answer
   * undefined), an effect is created from the entry (name, img, `statuses: [id]`, the entry's
   * flags; `flags.core.overlay` for an overlay) and answered.
   */
  async toggleStatusEffect(
    statusId: string,
    { active, overlay = false }: { active?: boolean; overlay?: boolean } = {},
  ): Promise<ActiveEffect | boolean | undefined> {
    const list = (world.config() as unknown as { statusEffects: StatusEntry[] }).statusEffects;
    const status = list.find((entry) => entry.id === statusId);
    if (status === undefined) {
      throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    }
    const existing = this.effects.contents
      .filter((effect) =>
        status._id !== undefined
          ? effect.id === status._id
          : effect.statuses.size === 1 && effect.statuses.has(statusId),
      )
      .map((effect) => effect.id);
    if (existing.length > 0) {
      if (active === true) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (active === false) return undefined;
    const flags = structuredClone(status.flags ?? {});
    if (overlay) flags["core"] = { ...(flags["core"] as object | undefined), overlay: true };
    const [created] = await this.createEmbeddedDocuments("ActiveEffect", [
      {
        ...(status._id === undefined ? {} : { _id: status._id }),
        name: status.name ?? statusId,
        img: status.img ?? null,
        statuses: [statusId],
        flags,
      },
    ]);
    return created as ActiveEffect | undefined;
  }

  /** Core v13 Actor#getActiveTokens: no canvas (the fake has none unless canvas.ts) → none. */
  getActiveTokens(): unknown[] {
    return [];
  }

  /** Core's default: a new token is hostile unless the actor's prototype says otherwise. */
  get prototypeToken(): { disposition: number } {
    const source = this._source["prototypeToken"] as { disposition?: number } | undefined;
    return { disposition: source?.disposition ?? -1 };
  }
}

/** A CONFIG.statusEffects entry (core's StatusEffectConfig), as the fake reads it. */
interface StatusEntry {
  id: string;
  _id?: string;
  name?: string;
  img?: string;
  flags?: Record<string, unknown>;
}

export class Item extends ClientDocument {
  static override documentName = "Item";
  static override embedded = { effects: "ActiveEffect" };
  declare effects: Collection<ActiveEffect>;

  get actor(): Actor | null {
    return this.parent instanceof Actor ? this.parent : null;
  }

  get sheet(): { render: (force?: boolean) => Promise<unknown> } | null {
    return null;
  }
}

/**
 * Core v13's ActiveEffect as far as Fray and its tests use them: `statuses` (stored as a list,
 * read as a Set), `disabled`, `transfer` (an item's effect applies to its actor; core's default
 * is true), `changes` ({ key, mode, value, priority }) and `active`; the status data in
 * `flags.fray`. `apply` is core's ActiveEffect#apply: the change goes through the target field's
 * `applyChange` onto the actor's prepared data (see effects.ts), not cleaned by the field.
 */
export class ActiveEffect extends ClientDocument {
  static override documentName = "ActiveEffect";

  get statuses(): Set<string> {
    return new Set((this._source["statuses"] as string[] | undefined) ?? []);
  }

  get disabled(): boolean {
    return this._source["disabled"] === true;
  }

  get transfer(): boolean {
    return this._source["transfer"] !== false;
  }

  get changes(): EffectChange[] {
    const changes = this._source["changes"];
    return Array.isArray(changes) ? (changes as EffectChange[]) : [];
  }

  /** Core: an effect applies while it is neither disabled nor suppressed. */
  get active(): boolean {
    return !this.disabled;
  }

  apply(actor: Actor, change: EffectChange): Record<string, unknown> {
    const system = actor.system as Partial<DataModel>;
    const field = change.key.startsWith("system.")
      ? fieldAt(system.schema, change.key.slice("system.".length))
      : undefined;
    const current = getProperty(actor, change.key);
    const update = applyChange(field, current, change);
    setProperty(actor, change.key, update);
    return { [change.key]: update };
  }
}

/** Core's record of where a combat is (`Combat#current`, `Combat#previous`). */
export interface CombatHistoryData {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

/** The context core hands its turn and round events (v13 CombatTurnEventContext). */
export interface TurnEventContext {
  round: number;
  turn?: number | null;
  skipped: boolean;
}

/** The sidebar tracker of the client running now (`ui.combat`), when a test installed one. */
function sidebarTracker(): { viewed?: { id?: string } | null; render: () => unknown } | null {
  const ui = (globalThis as { ui?: { combat?: unknown } }).ui;
  const tracker = ui?.combat as
    { viewed?: { id?: string } | null; render?: () => unknown } | undefined;
  return typeof tracker?.render === "function"
    ? (tracker as { viewed?: { id?: string } | null; render: () => unknown })
    : null;
}

/** Whether the client running now is the active GM's. */
function isActiveGM(): boolean {
  return world.get().activeGMId?.() === world.user().id;
}

/**
 * Core v13's Combat as far as the team combat leans on it. Each behaviour below names the core
 * behaviour it copies; test/shell/fake-combat.test.ts checks each one.
 */
/** A deep copy in which no two places share an object or array (as a serialized change). */
function unshared(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unshared);
  const proto: unknown =
    typeof value === "object" && value !== null ? Object.getPrototypeOf(value) : 0;
  if (proto === Object.prototype || proto === null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, unshared(v)]));
  }
  return value;
}

export class Combat extends ClientDocument {
  static override documentName = "Combat";
  static override embedded = { combatants: "Combatant", groups: "CombatantGroup" };
  static override sourceFields = { round: 0, turn: null, active: false };
  declare combatants: Collection<Combatant>;
  /** Core's `active`: the encounter a scene's tracker shows first. */
  declare active: boolean;
  declare groups: Collection<CombatantGroup>;
  declare round: number;
  declare turn: number | null;
  /** Set by setupTurns (a class field initializer would run after the constructor's). */
  declare turns: Combatant[];
  declare current: CombatHistoryData;
  declare previous: CombatHistoryData | undefined;
  /** Fake only: resolves when the turn events the last update started have run. */
  declare turnEventsDone: Promise<void> | undefined;

  get started(): boolean {
    return this.round > 0;
  }

  /**
   * Core's `scene` (a ForeignDocumentField, read as the Scene document): the scene the encounter
   * is linked to, or null for an unlinked encounter, which every scene's tracker lists.
   */
  get scene(): ClientDocument | null {
    const id = this._source["scene"];
    if (typeof id !== "string") return null;
    return world.get().collections["Scene"]?.get(id) ?? null;
  }

  /** Core: `this.turns[this.turn]`; a null turn names nobody. */
  get combatant(): Combatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }

  /** Core v13 Combat#_sortCombatants: initiative, highest first, then the id. */
  _sortCombatants(a: Combatant, b: Combatant): number {
    const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
    const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
    return ib - ia || (a.id > b.id ? 1 : -1);
  }

  /** Core v13 Combat#_getCurrentState. */
  _getCurrentState(combatant: Combatant | undefined = this.combatant): CombatHistoryData {
    return {
      round: this.round,
      turn: this.turn ?? null,
      combatantId: combatant?.id ?? null,
      tokenId: combatant?.tokenId ?? null,
    };
  }

  /**
   * Core v13 Combat#setupTurns: sorts with `_sortCombatants`, clamps the turn, and records
   * `current` from this sort (and `previous` when there is none yet).
   */
  setupTurns(): Combatant[] {
    const turns = [...this.combatants.contents].sort((a, b) => this._sortCombatants(a, b));
    if (this.turn !== null && turns.length > 0) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) this.turn = 0;
    }
    this.turns = turns;
    this.current = this._getCurrentState(this.turn === null ? undefined : turns[this.turn]);
    this.previous ??= this.current;
    return turns;
  }

  /**
   * Core v13 Combat#prepareDerivedData: sorts `turns` only while it is empty. A later update of
   * the Combat (flags included) leaves the order as it was.
   */
  override prepareData(): void {
    super.prepareData();
    // Embedded collections are not built yet when the constructor first prepares the data.
    const combatants = this.combatants as Collection<Combatant> | undefined;
    if (
      combatants !== undefined &&
      combatants.size > 0 &&
      !(this.turns as Combatant[] | undefined)?.length
    ) {
      this.setupTurns();
    }
  }

  /**
   * Core v13 Combat#_onUpdate: re-sorts only when `combatants` is in the change; when the round
   * or turn changed it records `previous` and `current` (from `turns` as they stand), runs the
   * turn events unless the update says `turnEvents: false`, fires `combatTurnChange` and renders
   * the sidebar.
   */
  override _onUpdate(changed: Record<string, unknown>, options: UpdateOptions, userId: string) {
    const prior = structuredClone(
      (this.current as CombatHistoryData | undefined) ?? this._getCurrentState(),
    );
    this.previous ??= prior;
    super._onUpdate(changed, options, userId);
    if ("combatants" in changed) this.setupTurns();
    if ("round" in changed || "turn" in changed) {
      this.previous = prior;
      this.current = this._getCurrentState();
      if (options.turnEvents !== false) this.turnEventsDone = this._manageTurnEvents();
      world.hooks().callAll("combatTurnChange", this, this.previous, this.current);
    }
    this.#renderSidebar();
  }

  /**
   * Core v13 Combat#_manageTurnEvents (active GM only, forward only): ends the prior turn, then
   * counts every turn between the previous index and the new one as skipped (a start and an end
   * each, `skipped: true`), across the round boundary when the round advanced, with the round's
   * end and start in between; then starts the new turn. A null turn reads as "before the first".
   */
  async _manageTurnEvents(): Promise<void> {
    if (!isActiveGM() || !this.started) return;
    const previous = this.previous ?? this.current;
    const current = this.current;
    const advanceRound = current.round > previous.round;
    const advanceTurn =
      current.round === previous.round && (current.turn ?? -1) > (previous.turn ?? -1);
    if (!advanceRound && !advanceTurn) return;
    const prior = this.combatants.get(previous.combatantId ?? "");
    if (prior) {
      await this._onEndTurn(prior, { round: previous.round, turn: previous.turn, skipped: false });
    }
    const skip = async (from: number, to: number, round: number) => {
      for (let turn = from; turn < to; turn += 1) {
        const c = this.turns[turn];
        if (!c) continue;
        await this._onStartTurn(c, { round, turn, skipped: true });
        await this._onEndTurn(c, { round, turn, skipped: true });
      }
    };
    if (advanceRound) {
      if (previous.round > 0) {
        await skip((previous.turn ?? -1) + 1, this.turns.length, previous.round);
        await this._onEndRound({ round: previous.round, skipped: false });
      }
      await this._onStartRound({ round: current.round, skipped: false });
      await skip(0, current.turn ?? this.turns.length, current.round);
    } else {
      await skip((previous.turn ?? -1) + 1, current.turn ?? this.turns.length, current.round);
    }
    const next = this.combatant;
    if (next)
      await this._onStartTurn(next, { round: current.round, turn: current.turn, skipped: false });
  }

  #record(event: TurnEventRecordEvent, combatant: Combatant | null, context: TurnEventContext) {
    world.get().turnEvents?.push({
      event,
      combatId: this.id,
      combatantId: combatant?.id ?? null,
      round: context.round,
      turn: context.turn ?? null,
      skipped: context.skipped,
      userId: world.user().id,
    });
  }

  /**
   * Core v13's turn and round events: Region behaviours (token turn start/end, round start/end)
   * and, at a turn's start, clearing the token's movement history. The fake records them.
   */
  async _onStartTurn(combatant: Combatant, context: TurnEventContext): Promise<void> {
    this.#record("startTurn", combatant, context);
  }
  async _onEndTurn(combatant: Combatant, context: TurnEventContext): Promise<void> {
    this.#record("endTurn", combatant, context);
  }
  async _onStartRound(context: TurnEventContext): Promise<void> {
    this.#record("startRound", null, context);
  }
  async _onEndRound(context: TurnEventContext): Promise<void> {
    this.#record("endRound", null, context);
  }

  /** Core's combat sounds ("startEncounter", "nextUp", "yourTurn"); the fake records them. */
  _playCombatSound(announcement: string): void {
    world.get().sounds?.push(announcement);
  }

  /**
   * Core v13 Combat#endCombat: asks the user to confirm ending the encounter (DialogV2.confirm),
   * and deletes it on Yes.
   */
  async endCombat(): Promise<unknown> {
    const api = (
      globalThis as {
        foundry: { applications: { api: { DialogV2: { confirm(o: unknown): Promise<unknown> } } } };
      }
    ).foundry.applications.api;
    return api.DialogV2.confirm({
      window: { title: "COMBAT.EndTitle" },
      content: "<p>COMBAT.EndConfirmation</p>",
      yes: { callback: () => this.delete() },
      modal: true,
    });
  }

  /** Core v13 Combat#startCombat: the sound, `combatStart` (combat, updateData), the update. */
  async startCombat(): Promise<this> {
    this._playCombatSound("startEncounter");
    const updateData = { round: 1, turn: 0 };
    world.hooks().callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }

  /**
   * Core v13 Combat#nextRound: `combatRound` (combat, updateData, updateOptions) with
   * `direction: 1` and the world time to add (CONFIG.time.roundTime), then the update.
   */
  async nextRound(): Promise<this> {
    const time = (globalThis as { CONFIG?: { time?: { roundTime?: number } } }).CONFIG?.time;
    const updateData = { round: this.round + 1, turn: this.turn === null ? null : 0 };
    const updateOptions = { direction: 1, worldTime: { delta: time?.roundTime ?? 0 } };
    world.hooks().callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Core v13 Combat#nextTurn: `combatTurn` (combat, updateData, updateOptions), the update. */
  async nextTurn(): Promise<this> {
    const next = (this.turn ?? -1) + 1;
    if (next >= this.turns.length) return this.nextRound();
    const time = (globalThis as { CONFIG?: { time?: { turnTime?: number } } }).CONFIG?.time;
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1, worldTime: { delta: time?.turnTime ?? 0 } };
    world.hooks().callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /**
   * Core v13's descendant handling: for `groups` it returns early (only the Combat's own `apps`
   * re-render, not the sidebar tracker, and `turns` is not re-sorted). For `combatants` it
   * re-sorts, keeps the same combatant on the turn (a local `turn` change) and renders the
   * sidebar.
   */
  override _onCreateDescendantDocuments(...args: unknown[]): void {
    super._onCreateDescendantDocuments(...args);
    if (args[1] === "combatants") this.#combatantsChanged();
  }

  override _onUpdateDescendantDocuments(...args: unknown[]): void {
    super._onUpdateDescendantDocuments(...args);
    if (args[1] === "combatants") this.#combatantsChanged();
  }

  override _onDeleteDescendantDocuments(...args: unknown[]): void {
    super._onDeleteDescendantDocuments(...args);
    if (args[1] === "combatants") this.#combatantsChanged();
  }

  #combatantsChanged(): void {
    const current = this.combatant;
    this.setupTurns();
    if (current !== undefined) {
      const turn = this.turns.findIndex((c) => c.id === current.id);
      if (turn >= 0 && turn !== this.turn) {
        this._source["turn"] = turn;
        this.turn = turn;
        this.current = this._getCurrentState();
      }
    }
    this.#renderSidebar();
  }

  #renderSidebar(): void {
    const tracker = sidebarTracker();
    if (tracker !== null && tracker.viewed?.id === this.id) void tracker.render();
  }
}

type TurnEventRecordEvent = "startTurn" | "endTurn" | "startRound" | "endRound";

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

  /**
   * Core v13 Combatant#isDefeated: the defeated flag, or the actor carrying the DEFEATED special
   * status (what the token HUD's "defeated" toggle sets).
   */
  get isDefeated(): boolean {
    const config = (globalThis as { CONFIG?: { specialStatusEffects?: { DEFEATED?: string } } })
      .CONFIG;
    const id = config?.specialStatusEffects?.DEFEATED ?? "dead";
    return this.defeated || (this.actor?.statuses.has(id) ?? false);
  }

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

  /** Core's schema: `author` defaults to the user whose client creates the message. */
  constructor(source: DocumentSource = {}, options: { parent?: ClientDocument | null } = {}) {
    super({ ...source, author: source["author"] ?? world.user().id }, options);
  }

  /** The author's User document (null once that user is deleted), as core's `author`. */
  get author(): unknown {
    const users = (globalThis as { game?: { users?: { get(id: string): unknown } } }).game?.users;
    return users?.get(String(this._source["author"])) ?? null;
  }

  /** Core: the message's Roll instances (the fake keeps them as they were given). */
  get rolls(): unknown[] {
    return (this._source["rolls"] as unknown[] | undefined) ?? [];
  }

  /** Core's schema: the recipients' user ids as the roll mode set them ([] for everyone). */
  get whisper(): string[] {
    return (this._source["whisper"] as string[] | undefined) ?? [];
  }

  /** Core's schema: hidden from its own author (a blind roll). */
  get blind(): boolean {
    return this._source["blind"] === true;
  }

  get content(): string {
    const text = this._source["content"];
    return typeof text === "string" ? text : "";
  }

  /**
   * Core v13 ChatMessage.applyRollMode: a GM or blind roll is whispered to the GMs (a blind one
   * hidden from its author too), a self roll to the user alone, a public roll to everyone.
   */
  static applyRollMode(data: Record<string, unknown>, mode: string): Record<string, unknown> {
    type Users = { filter(test: (u: { isGM: boolean }) => boolean): { id: string }[] };
    const users = (globalThis as { game?: { users?: Users } }).game?.users;
    if (mode === "gmroll" || mode === "blindroll") {
      data["whisper"] = (users?.filter((u) => u.isGM) ?? []).map((u) => u.id);
    } else if (mode === "selfroll") data["whisper"] = [world.user().id];
    else if (mode === "publicroll") data["whisper"] = [];
    data["blind"] = mode === "blindroll";
    return data;
  }

  /** Core (`BaseChatMessage#testUserPermission`): a message's author holds every level on it. */
  override testUserPermission(
    user: { id: string; isGM: boolean },
    level: keyof typeof OWNERSHIP,
  ): boolean {
    return user.id === this._source["author"] || super.testUserPermission(user, level);
  }
}

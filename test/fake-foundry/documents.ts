import { Collection } from "./collection.ts";
import { mergeDeep } from "./data-model.ts";
import type { DataModel } from "./data-model.ts";
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

  async update(changes: Record<string, unknown>, options: UpdateOptions = {}): Promise<this> {
    const cls = this.constructor as DocumentClass;
    await cls.updateDocuments([{ ...changes, _id: this.id }], { ...options, parent: this.parent });
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
    const userId = world.user().id;
    // Core v13 (ClientDatabaseBackend#_preCreateDocumentArray): on the creating client, each
    // document is built, then `preCreate<Name>` is called with it, its creation data, the
    // options and the user id; a hook returning false leaves that document out of the request,
    // and a request left with nothing is not sent.
    const allowed = data
      .map((source) => ({ doc: new this(source, { parent }), source }))
      .filter(({ doc, source }) =>
        world.hooks().call(`preCreate${this.documentName}`, doc, source, options, userId),
      );
    if (allowed.length === 0) return [];
    const created = allowed.map(({ doc }) => doc);
    data = allowed.map(({ source }) => source);
    serverChecks("create", this.documentName, created, data);
    world.db().record({
      operation: "create",
      documentName: this.documentName,
      count: created.length,
      data: created.map((doc) => doc.toObject()),
      parent: parent?.uuid ?? null,
      userId,
    });
    for (const doc of created) world.collectionFor(this.documentName, parent).set(doc.id, doc);
    if (parent) {
      parent._onCreateDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        created,
        data,
        {},
        userId,
      );
      broadcast({ kind: "create", cls: this, parent, sources: created.map((d) => d.toObject()) });
    }
    // Every client's hook is told who made the write: the writer the server saw.
    for (const doc of created) world.hooks().callAll(`create${this.documentName}`, doc, {}, userId);
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
    options: UpdateOptions & { parent?: ClientDocument | null } = {},
  ): Promise<ClientDocument[]> {
    const { parent: given, ...operation } = options;
    const parent = given ?? null;
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
    // Core v13's server advances the world time by a Combat update's `worldTime.delta` option,
    // in the same operation (Combat#nextRound and #nextTurn pass it).
    const delta = operation.worldTime?.delta;
    const time = world.get().time;
    if (this.documentName === "Combat" && typeof delta === "number" && time)
      time.worldTime += delta;
    const applied = updates.map((update, index) => {
      const { _id: _ignored, ...changes } = update;
      targets[index]?._applyChanges(changes);
      targets[index]?._onUpdate(changes, operation, userId);
      // Every client's hook is told who made the write: the writer the server saw.
      world
        .hooks()
        .callAll(`update${this.documentName}`, targets[index], changes, operation, userId);
      return changes;
    });
    if (parent) {
      parent._onUpdateDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        targets,
        applied,
        operation,
        userId,
      );
    }
    broadcast({
      kind: "update",
      cls: this,
      parent,
      updates: applied,
      ids: updates.map((u) => u._id),
      operation,
    });
    return targets;
  }

  static async deleteDocuments(
    ids: string[],
    options: { parent?: ClientDocument | null } = {},
  ): Promise<string[]> {
    const parent = options.parent ?? null;
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
      parent._onDeleteDescendantDocuments(
        parent,
        embeddedField(parent, this.documentName),
        removed,
        ids,
        {},
        userId,
      );
      broadcast({ kind: "delete", cls: this, parent, ids });
    }
    for (const doc of removed) world.hooks().callAll(`delete${this.documentName}`, doc, {}, userId);
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
  | { kind: "create"; cls: DocumentClass; parent: ClientDocument; sources: DocumentSource[] }
  | {
      kind: "update";
      cls: DocumentClass;
      parent: ClientDocument | null;
      ids: string[];
      updates: Record<string, unknown>[];
      operation: UpdateOptions;
    }
  | { kind: "delete"; cls: DocumentClass; parent: ClientDocument; ids: string[] };

/**
 * The server's broadcast to the other connected clients (see FakeClient): each applies the change
 * to its own copy of the Combat and runs the same lifecycle methods, logged in as its user.
 */
function broadcast(change: Broadcast): void {
  const parts = world.get();
  const userId = parts.user.id;
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
            copy._applyChanges(changes);
            copy._onUpdate(changes, change.operation, userId);
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
        copy._onCreateDescendantDocuments(copy, field, docs, change.sources, {}, userId);
      } else if (change.kind === "update") {
        const docs = change.ids.map((id) => collection.get(id));
        docs.forEach((doc, index) => doc?._applyChanges(change.updates[index] ?? {}));
        copy._onUpdateDescendantDocuments(
          copy,
          field,
          docs,
          change.updates,
          change.operation,
          userId,
        );
      } else {
        const docs = change.ids.map((id) => collection.get(id));
        for (const id of change.ids) collection.delete(id);
        copy._onDeleteDescendantDocuments(copy, field, docs, change.ids, {}, userId);
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

export class Actor extends ClientDocument {
  static override documentName = "Actor";
  static override embedded = { items: "Item", effects: "ActiveEffect" };
  declare items: Collection<Item>;
  declare effects: Collection<ActiveEffect>;

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

  /** Core v13 Actor#statuses: the status ids of the actor's enabled effects. */
  get statuses(): Set<string> {
    const ids = new Set<string>();
    for (const effect of this.effects.contents) {
      if (!effect.disabled) for (const id of effect.statuses) ids.add(id);
    }
    return ids;
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

function isActiveGM(): boolean {
  const parts = world.get();
  return parts.activeGMId?.() === parts.user.id;
}

/**
 * Core v13's Combat as far as the team combat leans on it. Each behaviour below names the core
 * behaviour it copies; test/shell/fake-combat.test.ts checks each one.
 */
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
  declare current: CombatHistoryData;
  declare previous: CombatHistoryData | undefined;
  /** Fake only: resolves when the turn events the last update started have run. */
  declare turnEventsDone: Promise<void> | undefined;

  get started(): boolean {
    return this.round > 0;
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

  /** Core (`BaseChatMessage#testUserPermission`): a message's author holds every level on it. */
  override testUserPermission(
    user: { id: string; isGM: boolean },
    level: keyof typeof OWNERSHIP,
  ): boolean {
    return user.id === this._source["author"] || super.testUserPermission(user, level);
  }
}

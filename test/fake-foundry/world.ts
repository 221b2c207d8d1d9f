import { AsyncLocalStorage } from "node:async_hooks";
import type { Collection } from "./collection.ts";
import type { DatabaseLog } from "./database.ts";
import type { ClientDocument } from "./documents.ts";
import type { DataModel } from "./data-model.ts";
import type { HookRegistry } from "./hooks.ts";

export interface FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  /** Core's USER_ROLES (1 player … 3 assistant, 4 gamemaster); GMs default to 4, players to 1. */
  role?: number;
}

export interface DocumentConfig {
  documentClass: typeof ClientDocument;
  dataModels: Record<string, typeof DataModel>;
  [key: string]: unknown;
}

/** One turn or round event core ran (`_onStartTurn`, `_onEndTurn`, `_onStartRound`, `_onEndRound`). */
export interface TurnEventRecord {
  event: "startTurn" | "endTurn" | "startRound" | "endRound";
  combatId: string;
  combatantId: string | null;
  round: number;
  turn: number | null;
  skipped: boolean;
  /** The user whose client ran it (core: only the active GM's). */
  userId: string;
}

/**
 * Another connected client's copies of Combat documents: every change the database broadcasts
 * reaches them too, and their lifecycle methods run logged in as that client's user.
 */
export interface FakeClient {
  userId: string;
  combats: Map<string, ClientDocument>;
}

interface WorldParts {
  config: Record<string, DocumentConfig>;
  user: FakeUser;
  db: DatabaseLog;
  hooks: HookRegistry;
  collections: Record<string, Collection<ClientDocument>>;
  /** Runs `fn` logged in as another user (a client of theirs receiving a broadcast). */
  runAs?: (userId: string, fn: () => void) => void;
  /** The id of the active GM, who alone runs core's turn events. */
  activeGMId?: () => string | null;
  /** `game.time.worldTime`, advanced by the server on a Combat update's `worldTime` option. */
  time?: { worldTime: number };
  turnEvents?: TurnEventRecord[];
  sounds?: string[];
  clients?: FakeClient[];
  /** Changes the server stored that a receiving client's models refused (see documents.ts). */
  clientErrors?: ClientError[];
}

/** A client that could not apply what the server stored: its copy kept its data. */
export interface ClientError {
  userId: string;
  documentId: string;
  message: string;
}

let parts: WorldParts | null = null;

/**
 * Which user's client is running the current code. Each Foundry client has its own `game.user`;
 * the fake runs every client in one process, so code started "on" a client (a query handler on
 * the GM's, `fake.as(id, …)`) keeps that user across its awaits, even while another client's
 * code runs in between. Outside any client, the logged-in user (`setUser`) is the one acting.
 */
const acting = new AsyncLocalStorage<FakeUser>();
/** The fake's shared state, set by installFakeFoundry. Documents reach CONFIG and game here. */
export const world = {
  set(next: WorldParts): void {
    parts = next;
  },
  get(): WorldParts {
    if (!parts) throw new Error("installFakeFoundry() has not run");
    return parts;
  },
  config(): Record<string, DocumentConfig> {
    return world.get().config;
  },
  documentClass(documentName: string): typeof ClientDocument {
    const cls = world.config()[documentName]?.documentClass;
    if (!cls) throw new Error(`CONFIG.${documentName}.documentClass is not set`);
    return cls;
  },
  user(): FakeUser {
    return acting.getStore() ?? world.get().user;
  },
  /** Runs `fn` on `user`'s client: `game.user` is that user until `fn` (and all it awaits) ends. */
  runAs<T>(user: FakeUser, fn: () => T): T {
    return acting.run(user, fn);
  },
  db(): DatabaseLog {
    return world.get().db;
  },
  hooks(): HookRegistry {
    return world.get().hooks;
  },
  /** Where documents of this name live: the parent's embedded collection, or the world's. */
  collectionFor(documentName: string, parent: ClientDocument | null): Collection<ClientDocument> {
    if (parent) {
      const embedded = (parent.constructor as typeof ClientDocument).embedded;
      const field = Object.entries(embedded).find(([, name]) => name === documentName)?.[0];
      if (!field) throw new Error(`${parent.documentName} does not embed ${documentName}`);
      return (parent as unknown as Record<string, Collection<ClientDocument>>)[
        field
      ] as Collection<ClientDocument>;
    }
    const collection = world.get().collections[documentName];
    if (!collection) throw new Error(`no world collection for ${documentName}`);
    return collection;
  },
};

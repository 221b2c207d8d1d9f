/**
 * A small fake of the Foundry v13 globals Fray's shell touches, for shell tests in Node.
 * It models only what the shell calls, and models it honestly: DataModels validate, documents
 * write through a recorded database, settings check their choices, templates must exist.
 *
 * Usage: `const fake = installFakeFoundry();` then import the shell dynamically (its classes
 * extend the globals at import time), then `await fake.hooks.callAsync("init")`.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  ActorSheetV2,
  AppV1ActorSheet,
  CombatTracker,
  AppV1ItemSheet,
  ApplicationV2,
  DocumentSheetV2,
  HandlebarsApplicationMixin,
  ItemSheetV2,
  SheetRegistry,
  makeDialogClass,
} from "./applications.ts";
import type { DialogLog } from "./applications.ts";
import { DOM_GLOBALS } from "./dom.ts";
import { CORE_STATUS_EFFECTS, TokenHUD } from "./hud.ts";
import { Collection } from "./collection.ts";
import { FakeCompendium, fakeFromUuid } from "./compendium.ts";
import type { PackDeclaration } from "./compendium.ts";
import { DatabaseLog } from "./database.ts";
import { DataModel, TypeDataModel } from "./data-model.ts";
import {
  ActiveEffect,
  Actor,
  ChatMessage,
  ClientDocument,
  Combat,
  Combatant,
  CombatantGroup,
  Item,
  OWNERSHIP,
  randomID,
} from "./documents.ts";
import * as fields from "./fields.ts";
import { RegionBehaviorType } from "./region-behaviors.ts";
import { ClientSettings, Localization, Users } from "./game.ts";
import { HookRegistry } from "./hooks.ts";
import { ClientKeybindings } from "./keybindings.ts";
import { TokenRuler } from "./movement.ts";
import { makeRollClass } from "./roll.ts";
import { CombatEncounters, Scene, Scenes } from "./scenes.ts";
import type { Views } from "./scenes.ts";
import { world } from "./world.ts";
import type {
  ClientError,
  DocumentConfig,
  FakeClient,
  FakeUser,
  TurnEventRecord,
} from "./world.ts";
import type { DocumentSource } from "./documents.ts";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");
const SYSTEM_PREFIX = "systems/fray/";

export interface FakeOptions {
  /** The users of the world; the first is the one logged in unless `userId` says otherwise. */
  users?: FakeUser[];
  userId?: string;
  /** Stored world settings, by full id ("fray.ruleset"), as if loaded from the world. */
  settings?: Record<string, unknown>;
  /** The dice: a function returning numbers in [0, 1). Defaults to a fixed-seed generator. */
  random?: () => number;
  /** The documents of the system's packs (system.json `packs`), by pack name; others are empty. */
  packs?: Record<string, DocumentSource[]>;
}

export const GM: FakeUser = {
  id: "gm0000000000000a",
  name: "Gamemaster",
  isGM: true,
  active: true,
};
export const PLAYER: FakeUser = {
  id: "pl0000000000000b",
  name: "Player",
  isGM: false,
  active: true,
};

/** A second GM (an Assistant GM would have role 3); with GM connected, GM is the active GM. */
export const GM2: FakeUser = {
  id: "gm0000000000000c",
  name: "Second GM",
  isGM: true,
  active: true,
};
export const PLAYER2: FakeUser = {
  id: "pl0000000000000d",
  name: "Second player",
  isGM: false,
  active: true,
};

/** A small deterministic generator (mulberry32) so fake dice repeat from run to run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeHTML(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

export function installFakeFoundry(options: FakeOptions = {}) {
  const users = new Users(options.users ?? [GM, PLAYER]);
  const firstUser = users.all[0];
  if (!firstUser) throw new Error("a fake world needs at least one user");
  let user: FakeUser = (options.userId && users.get(options.userId)) || firstUser;

  const db = new DatabaseLog();
  const hooks = new HookRegistry();
  const sheets = new SheetRegistry();
  const settings = new ClientSettings();
  for (const [id, value] of Object.entries(options.settings ?? {})) settings.preload(id, value);
  const lang = JSON.parse(readFileSync(resolve(REPO_ROOT, "lang/en.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const i18n = new Localization(lang);
  const templatesLoaded: string[] = [];
  const notifications: { level: "info" | "warn" | "error"; message: string }[] = [];
  const random = options.random ?? seededRandom(1);
  const dialogs: DialogLog = { asked: [], answer: true, fields: null, user: null };
  // Core's client setting: the roll mode the chat's selector sets (ChatMessage.applyRollMode).
  settings.register("core", "rollMode", {
    scope: "client",
    config: false,
    type: String,
    choices: { publicroll: "", gmroll: "", blindroll: "", selfroll: "" },
    default: "publicroll",
  });

  const documentConfig = (documentClass: typeof ClientDocument): DocumentConfig => ({
    documentClass,
    dataModels: {},
    typeLabels: {},
  });
  const CONFIG: Record<string, unknown> & Record<string, DocumentConfig> = {
    Actor: { ...documentConfig(Actor), trackableAttributes: {} },
    Item: documentConfig(Item),
    ActiveEffect: documentConfig(ActiveEffect),
    Combat: documentConfig(Combat),
    Combatant: documentConfig(Combatant),
    CombatantGroup: documentConfig(CombatantGroup),
    ChatMessage: documentConfig(ChatMessage),
    Scene: documentConfig(Scene),
  };
  // Core's RegionBehavior config: a system registers its subtypes' models and icons at init
  // (region-behaviors.ts builds behaviours through them).
  CONFIG["RegionBehavior"] = {
    documentClass: ClientDocument,
    dataModels: {},
    typeLabels: {},
    typeIcons: {},
  };
  Object.assign(CONFIG, {
    // Core v13's default list (hud.ts); a system replaces or extends it at init.
    statusEffects: CORE_STATUS_EFFECTS.map((entry) => ({ ...entry })),
    // Core v13's special status ids; DEFEATED is what the token HUD's defeated toggle sets.
    specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
    // Core's defaults: a turn and a round add no world time unless a system says so.
    time: { turnTime: 0, roundTime: 0 },
    queries: {},
    ui: {},
    Dice: { randomUniform: random },
    // Core v13's CONFIG.Token.movement.actions (the ids a system may replace; labels and icons
    // as core gives them). Tokens that move are in movement.ts.
    Token: {
      // Core builds the canvas' token HUD from this class (a system may replace it at init).
      hudClass: TokenHUD,
      movement: {
        actions: Object.fromEntries(
          ["walk", "fly", "swim", "burrow", "climb", "crawl", "jump", "blink", "displace"].map(
            // Core: every action but the teleports is stopped by walls that restrict movement.
            (id, order) => [
              id,
              {
                label: `TOKEN.MOVEMENT.ACTIONS.${id}.label`,
                order,
                walls: id === "blink" || id === "displace" ? null : "move",
              },
            ],
          ),
        ),
      },
    },
  });

  const views: Views = { scene: new Map(), combat: new Map() };
  const scenes = new Scenes(views);
  const collections = {
    Actor: new Collection<ClientDocument>(),
    Item: new Collection<ClientDocument>(),
    Combat: new CombatEncounters(views, scenes),
    ChatMessage: new Collection<ClientDocument>(),
    Scene: scenes,
  };
  const clientErrors: ClientError[] = [];
  const time = { worldTime: 0 };
  const turnEvents: TurnEventRecord[] = [];
  const sounds: string[] = [];
  const clients: FakeClient[] = [];
  world.set({
    config: CONFIG,
    get user() {
      return user;
    },
    db,
    hooks,
    collections,
    runAs(id: string, fn: () => void) {
      // That client's code sees its own user, even when the write came from code running on
      // another client (`fake.as`).
      const next = users.get(id);
      if (next === undefined) fn();
      else world.runAs(next, fn);
    },
    activeGMId: () => users.activeGM?.id ?? null,
    time,
    turnEvents,
    sounds,
    clients,
    clientErrors,
  });

  // Core registers its v1 sheets before any system runs.
  sheets.collection("Actor").registerSheet("core", AppV1ActorSheet, { makeDefault: true });
  sheets.collection("Item").registerSheet("core", AppV1ItemSheet, { makeDefault: true });

  const system = JSON.parse(readFileSync(resolve(REPO_ROOT, "system.json"), "utf8")) as {
    id: string;
    packs?: PackDeclaration[];
  };
  // Core builds a CompendiumCollection for every pack the system's manifest declares.
  const packs = new Collection<FakeCompendium>();
  for (const pack of system.packs ?? []) {
    const compendium = new FakeCompendium(system.id, pack, options.packs?.[pack.name] ?? []);
    packs.set(compendium.collection, compendium);
  }
  const game = {
    system: system as unknown,
    packs,
    settings,
    i18n,
    users,
    get user() {
      return world.user();
    },
    actors: collections.Actor,
    items: collections.Item,
    combats: collections.Combat,
    messages: collections.ChatMessage,
    scenes,
    /** Core: `game.combat` is `game.combats.viewed`, the encounter this client's tracker shows. */
    get combat() {
      return collections.Combat.viewed;
    },
    time,
    // Core builds `game.keybindings` before init, so systems register their actions there.
    keybindings: new ClientKeybindings(),
  };

  const foundry = {
    abstract: { DataModel, TypeDataModel },
    data: { fields, regionBehaviors: { RegionBehaviorType } },
    utils: { Collection, randomID, escapeHTML },
    documents: {
      Actor,
      Item,
      ActiveEffect,
      Combat,
      Combatant,
      CombatantGroup,
      ChatMessage,
      Scene,
      collections: { Actors: sheets.collection("Actor"), Items: sheets.collection("Item") },
    },
    applications: {
      api: {
        ApplicationV2,
        DocumentSheetV2,
        HandlebarsApplicationMixin,
        DialogV2: makeDialogClass(dialogs),
      },
      sheets: { ActorSheetV2, ItemSheetV2 },
      sidebar: { tabs: { CombatTracker } },
      hud: { TokenHUD },
      handlebars: {
        loadTemplates: async (paths: string[]) => {
          for (const path of paths) {
            if (
              !path.startsWith(SYSTEM_PREFIX) ||
              !existsSync(resolve(REPO_ROOT, path.slice(SYSTEM_PREFIX.length)))
            ) {
              throw new Error(`Failed to load template ${path}: 404 Not Found`);
            }
            templatesLoaded.push(path);
          }
          return {};
        },
      },
      ux: {
        TextEditor: {
          implementation: {
            /** Enrichment turns links and rolls into HTML; plain HTML comes back as it was. */
            enrichHTML: async (html: string) => html,
          },
        },
      },
    },
    appv1: { sheets: { ActorSheet: AppV1ActorSheet, ItemSheet: AppV1ItemSheet } },
    canvas: { placeables: { tokens: { TokenRuler } } },
  };

  const record = (level: "info" | "warn" | "error") => (message: string) => {
    notifications.push({ level, message });
  };

  const globals: Record<string, unknown> = {
    game,
    CONFIG,
    Hooks: hooks,
    foundry,
    CONST: {
      DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP,
      TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 },
    },
    ui: { notifications: { info: record("info"), warn: record("warn"), error: record("error") } },
    Actor,
    Item,
    ActiveEffect,
    Combat,
    Combatant,
    CombatantGroup,
    ChatMessage,
    Scene,
    fromUuid: (uuid: string) => fakeFromUuid(uuid, packs),
    Roll: makeRollClass(() =>
      (CONFIG["Dice"] as unknown as { randomUniform: () => number }).randomUniform(),
    ),
    // The browser's element classes a dialog's form is made of (dom.ts), for `instanceof`.
    ...DOM_GLOBALS,
  };
  Object.assign(globalThis, globals);

  return {
    CONFIG,
    game,
    db,
    hooks,
    sheets,
    settings,
    i18n,
    users,
    /** Every `User#query` sent, in order. */
    queries: users.queries,
    templatesLoaded,
    notifications,
    /** The dialogs users were asked (DialogV2.confirm), and the answer the next ones get. */
    dialogs,
    /** Every turn and round event core ran, in order (only the active GM's client runs them). */
    turnEvents,
    /** Every combat sound played. */
    sounds,
    /** What the server stored that a receiving client's models refused to apply. */
    clientErrors,
    /**
     * User `userId`'s client views this scene (null: none); their tracker starts over on it
     * (core re-initializes the combat tracker when the canvas changes scene).
     */
    viewScene(userId: string, sceneId: string | null) {
      views.scene.set(userId, sceneId);
      views.combat.delete(userId);
    },
    /** User `userId` pages their combat tracker to this encounter (null: back to the default). */
    viewCombat(userId: string, combatId: string | null) {
      if (combatId === null) views.combat.delete(userId);
      else views.combat.set(userId, combatId);
    },
    /**
     * What a user's console can do that their client's checks would stop: send an update straight
     * to the server (`game.socket.emit("modifyDocument", …)`). The server checks permissions only
     * and stores the changes as sent (it runs no system DataModel); every client then applies them
     * through its own models (see ClientDocument#_serverUpdate).
     */
    async socketUpdate(
      userId: string,
      doc: ClientDocument,
      changes: Record<string, unknown>,
      options: Record<string, unknown> = {},
    ): Promise<ClientDocument[]> {
      const next = users.get(userId);
      if (!next) throw new Error(`no user ${userId}`);
      const cls = doc.constructor as typeof ClientDocument;
      return Promise.resolve(
        world.runAs(next, () =>
          cls._serverUpdate([{ ...changes, _id: doc.id }], doc.parent, options),
        ),
      );
    },
    /** The same for a creation: stored as sent; each client builds it with its models or not. */
    async socketCreate(
      userId: string,
      documentName: string,
      source: DocumentSource,
      parent: ClientDocument | null = null,
    ): Promise<ClientDocument[]> {
      const next = users.get(userId);
      if (!next) throw new Error(`no user ${userId}`);
      const cls = world.documentClass(documentName);
      const sent = {
        _id: randomID(),
        ...(documentName === "ChatMessage" ? { author: userId } : {}),
        ...source,
      };
      return Promise.resolve(world.runAs(next, () => cls._serverCreate([sent], parent, {})));
    },
    /**
     * Connects another client of `userId` that loads `combat` now (a page load or a reload): it
     * builds its own copy from the stored data, then receives every later change as broadcast.
     */
    connectClient(userId: string, loaded: object): FakeClient & { combat: ClientDocument } {
      const combat = loaded as Combat;
      const cls = world.documentClass("Combat");
      const source = {
        ...combat.toObject(),
        combatants: combat.combatants.contents.map((c) => c.toObject()),
        groups: combat.groups.contents.map((g) => g.toObject()),
      };
      let copy: ClientDocument | undefined;
      world.get().runAs?.(userId, () => {
        copy = new cls(source);
      });
      if (!copy) throw new Error("no copy");
      const client = { userId, combats: new Map([[copy.id, copy]]), combat: copy };
      clients.push(client);
      return client;
    },
    /** Disconnects a client (before it reloads with connectClient). */
    disconnectClient(client: FakeClient) {
      const at = clients.indexOf(client);
      if (at >= 0) clients.splice(at, 1);
    },
    /** Logs in as another user of the world. */
    setUser(id: string) {
      const next = users.get(id);
      if (!next) throw new Error(`no user ${id}`);
      user = next;
    },
    /**
     * Runs `fn` on user `id`'s own client: `game.user` is them in `fn` and everything it awaits,
     * while other clients' code may run in between (two players pressing at once).
     */
    as<T>(id: string, fn: () => T): T {
      const next = users.get(id);
      if (!next) throw new Error(`no user ${id}`);
      return world.runAs(next, fn);
    },
    /** Connects or disconnects a user (core's `User#active`, which `activeGM` follows). */
    setActive(id: string, active: boolean) {
      const next = users.get(id);
      if (!next) throw new Error(`no user ${id}`);
      next.active = active;
    },
  };
}

export type FakeFoundry = ReturnType<typeof installFakeFoundry>;

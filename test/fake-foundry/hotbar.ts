/**
 * Core v13's macros and hotbar, as far as Fray leans on them (installed with
 * `installHotbarFakes(fake)`, after installFakeFoundry):
 * - `Macro` documents (`CONFIG.Macro`, the world collection `game.macros`). Core's BaseMacro: a
 *   script macro may be created by a user holding MACRO_SCRIPT (a PLAYER permission by default),
 *   and the macro's `author` (the creating user by default) holds every permission on it.
 * - `Macro#execute(scope)`: a user who may not run it is warned and nothing runs (core's
 *   `canExecute`: LIMITED on the macro, and MACRO_SCRIPT for a script). A script macro's command
 *   runs as the body of an async function of `speaker, actor, token, character, scope`: core's
 *   `ChatMessage.getSpeaker()` (the first controlled token, else the user's character) gives
 *   `token` and `actor`; `character` is `game.user.character`.
 * - `User#character` (the actor the GM assigned; `assignCharacter` sets it), `User#hotbar` (slot →
 *   macro id) and `User#assignHotbarMacro(macro, slot, { fromSlot })`: the macro in that slot (the
 *   first free one when no slot is given, slots 1–50), moved out of `fromSlot`.
 * - The hotbar drop (`drop(data, slot)`, the stand-in for core's `Hotbar#_onDrop`):
 *   `Hooks.call("hotbarDrop", ui.hotbar, data, slot)` first, and a handler answering false stops
 *   core there (it is synchronous: what the handler then does asynchronously core does not wait
 *   for). Otherwise core resolves the dropped document from its uuid (`fromDropData`) and, for
 *   anything but a Macro, creates a script macro that toggles the document's sheet
 *   (`_createDocumentSheetToggle`, named after the document) and assigns it to the slot.
 */
import type { FakeFoundry } from "./index.ts";
import { ClientDocument } from "./documents.ts";
import { Collection } from "./collection.ts";
import { canScript } from "./permissions.ts";
import { world } from "./world.ts";
import type { FakeUser } from "./world.ts";

const AsyncFunction = (
  Object.getPrototypeOf(async () => undefined) as {
    constructor: new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;
  }
).constructor;

interface Speaking {
  actor: unknown;
}

function controlledToken(): Speaking | null {
  const board = (globalThis as { canvas?: { tokens?: { controlled?: Speaking[] } } }).canvas;
  return board?.tokens?.controlled?.[0] ?? null;
}

export class Macro extends ClientDocument {
  static override documentName = "Macro";

  /** Core's schema: `author` defaults to the user whose client creates the macro. */
  constructor(
    source: Record<string, unknown> = {},
    options: { parent?: ClientDocument | null } = {},
  ) {
    super({ ...source, author: source["author"] ?? world.user().id }, options);
  }

  get command(): string {
    const text = this._source["command"];
    return typeof text === "string" ? text : "";
  }

  get author(): { id: string } | null {
    return { id: String(this._source["author"]) };
  }

  /** Core (`BaseMacro#testUserPermission`): the macro's author holds every level on it. */
  override testUserPermission(
    user: { id: string; isGM: boolean },
    level: "NONE" | "LIMITED" | "OBSERVER" | "OWNER",
  ): boolean {
    return user.id === this._source["author"] || super.testUserPermission(user, level);
  }

  /** Core's `Macro#canExecute`. */
  get canExecute(): boolean {
    const user = world.user();
    if (!this.testUserPermission(user, "LIMITED")) return false;
    return this.type === "script" ? canScript(user) : true;
  }

  /** Core's `Macro#execute` for a script macro (see the file's comment). */
  async execute(scope: Record<string, unknown> = {}): Promise<unknown> {
    const ui = (globalThis as { ui?: { notifications?: { warn(m: string): void } } }).ui;
    if (!this.canExecute) {
      ui?.notifications?.warn(`You do not have permission to execute Macro "${this.name}".`);
      return undefined;
    }
    const character = (world.user() as { character?: unknown }).character ?? null;
    const token = scope["token"] ?? controlledToken();
    const actor: unknown = scope["actor"] ?? (token as Speaking | null)?.actor ?? character;
    const speaker = { actor: (actor as { id?: string } | null)?.id ?? null, token: null };
    const names = Object.keys(scope).filter(
      (k) => !["speaker", "actor", "token", "character", "scope"].includes(k),
    );
    const fn = new AsyncFunction(
      "speaker",
      "actor",
      "token",
      "character",
      "scope",
      ...names,
      `{${this.command}\n}`,
    );
    return fn.call(this, speaker, actor, token, character, scope, ...names.map((k) => scope[k]));
  }
}

/** The hotbar data a drop carries (core's drag data: `{ type, uuid }` for a document). */
export type DropData = Record<string, unknown>;

export function installHotbarFakes(fake: FakeFoundry) {
  const macros = new Collection<ClientDocument>();
  world.get().collections["Macro"] = macros;
  fake.CONFIG["Macro"] = { documentClass: Macro, dataModels: {}, typeLabels: {} };
  (fake.game as unknown as { macros: Collection<ClientDocument> }).macros = macros;
  const hotbar = { id: "hotbar" };
  (globalThis as { Macro?: unknown }).Macro = Macro;
  const ui = (globalThis as { ui?: Record<string, unknown> }).ui;
  if (ui !== undefined) ui["hotbar"] = hotbar;

  const slots = new Map<string, Map<number, string>>();
  const characters = new Map<string, unknown>();
  for (const user of fake.game.users.all) {
    Object.defineProperty(user, "hotbar", {
      configurable: true,
      get: () => Object.fromEntries(slots.get(user.id) ?? []),
    });
    Object.defineProperty(user, "character", {
      configurable: true,
      get: () => characters.get(user.id) ?? null,
    });
    Object.defineProperty(user, "assignHotbarMacro", {
      configurable: true,
      value: (macro: Macro | null, slot?: number, options: { fromSlot?: number } = {}) => {
        const bar = new Map(slots.get(user.id) ?? []);
        const at = slot ?? [...Array(50).keys()].map((i) => i + 1).find((i) => !bar.has(i));
        if (at === undefined) throw new Error("No available Hotbar slot exists");
        if (at < 1 || at > 50) throw new Error("Invalid Hotbar slot requested");
        if (macro === null) bar.delete(at);
        else bar.set(at, macro.id);
        if (options.fromSlot !== undefined && options.fromSlot !== at) bar.delete(options.fromSlot);
        slots.set(user.id, bar);
        return Promise.resolve(user);
      },
    });
  }

  return {
    macros,
    /** The GM assigns the user a character (core's `User#character`). */
    assignCharacter(userId: string, actor: unknown) {
      characters.set(userId, actor);
    },
    /** The logged-in user's hotbar: slot → the Macro there. */
    hotbarOf(userId: string): Record<number, Macro | undefined> {
      const bar = slots.get(userId) ?? new Map<number, string>();
      return Object.fromEntries([...bar].map(([slot, id]) => [slot, macros.get(id) as Macro]));
    },
    /** Core's `Hotbar#_onDrop` of `data` on `slot`, by the logged-in user (see the file's comment). */
    async drop(data: DropData, slot: number): Promise<Macro | null> {
      if (!fake.hooks.call("hotbarDrop", hotbar, data, slot)) return null;
      const user = world.user() as FakeUser & {
        assignHotbarMacro(macro: Macro, slot: number, o: object): Promise<unknown>;
      };
      const { fromUuid } = globalThis as unknown as {
        fromUuid: (uuid: string) => Promise<ClientDocument | undefined>;
      };
      const doc = typeof data["uuid"] === "string" ? await fromUuid(data["uuid"]) : undefined;
      if (doc === undefined) return null;
      const macro =
        doc instanceof Macro
          ? doc
          : ((await Macro.create({
              name: doc.name,
              type: "script",
              img: doc.img,
              command: `await foundry.applications.ui.Hotbar.toggleDocumentSheet("${doc.uuid}");`,
            })) as Macro | undefined);
      if (macro === undefined) return null;
      const fromSlot = typeof data["slot"] === "number" ? data["slot"] : undefined;
      await user.assignHotbarMacro(macro, slot, fromSlot === undefined ? {} : { fromSlot });
      return macro;
    },
  };
}

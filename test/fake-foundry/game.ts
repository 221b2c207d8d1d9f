import { roleOf } from "./permissions.ts";
import { world } from "./world.ts";
import type { FakeUser } from "./world.ts";

/** A query one user sent another (`User#query`). */
export interface SentQuery {
  from: string;
  to: string;
  name: string;
  data: unknown;
}

/**
 * A user as documents and the shell see it: `isSelf`, and `query`, which runs the named
 * `CONFIG.queries` handler on that user's client (its `game.user` is them for the whole run, see
 * `world.runAs`) and hands back its answer, as core's `User#query` does over the socket.
 *
 * As in core v13, the handler is called with the payload (and the query options) only: it is not
 * told who sent the query, so nothing the sender writes in the payload can vouch for the sender.
 */
export class FakeUserDocument implements FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  role: number;

  constructor(
    user: FakeUser,
    private readonly sent: SentQuery[],
    private readonly runOn: <T>(user: FakeUser, fn: () => T) => T,
  ) {
    this.id = user.id;
    this.name = user.name;
    this.isGM = user.isGM;
    this.active = user.active;
    this.role = roleOf(user);
  }

  get isSelf(): boolean {
    return world.user().id === this.id;
  }

  async query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    // Core refuses to query a user who is not connected.
    if (!this.active) throw new Error(`${this.name} is not connected`);
    const from = world.user().id;
    this.sent.push({ from, to: this.id, name, data: structuredClone(data) });
    const queries = (world.get().config as unknown as { queries: Record<string, unknown> }).queries;
    const handler = queries[name];
    if (typeof handler !== "function") throw new Error(`no query handler ${name}`);
    const payload = structuredClone(data);
    const answer = await this.runOn(this, () =>
      (handler as (d: unknown, o: { timeout?: number }) => Promise<unknown>)(payload, {
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      }),
    );
    return structuredClone(answer);
  }
}

export interface SettingConfig {
  name?: string;
  hint?: string;
  scope: "world" | "client" | "user";
  config?: boolean;
  requiresReload?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
  default?: unknown;
  onChange?: (value: unknown) => void;
}

/** Core's settings menu registration (`ClientSettings#registerMenu`). */
export interface MenuConfig {
  name?: string;
  label?: string;
  hint?: string;
  icon?: string;
  type: new () => { render(options?: unknown): Promise<unknown> };
  restricted?: boolean;
}

/** Core v13's USER_PERMISSIONS.SETTINGS_MODIFY default role (ASSISTANT). */
const SETTINGS_MODIFY_ROLE = 3;

/** `game.settings`: registration, defaults, and values checked against their choices. */
export class ClientSettings {
  readonly settings = new Map<string, SettingConfig>();
  readonly #values = new Map<string, unknown>();
  /** Writes of world settings, which are Setting documents on the server. */
  writes = 0;

  register(namespace: string, key: string, config: SettingConfig): void {
    this.settings.set(`${namespace}.${key}`, config);
  }

  /** Core's `registerMenu`: a button in the settings window that opens `type`. */
  readonly menus = new Map<string, MenuConfig>();

  registerMenu(namespace: string, key: string, config: MenuConfig): void {
    this.menus.set(`${namespace}.${key}`, config);
  }

  /**
   * The menus core's settings window lists for the current user: a `restricted` menu only for a
   * user with SETTINGS_MODIFY (core's default role for it: ASSISTANT).
   */
  menusShown(): string[] {
    const mayModify = roleOf(world.user()) >= SETTINGS_MODIFY_ROLE;
    return [...this.menus].filter(([, menu]) => !menu.restricted || mayModify).map(([id]) => id);
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    return this.#values.has(id) ? this.#values.get(id) : config.default;
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    // Core v13: a world setting is a Setting document, and the server lets only a user with the
    // SETTINGS_MODIFY permission (ASSISTANT by default) write one; a player's write is refused.
    if (config.scope === "world" && roleOf(world.user()) < SETTINGS_MODIFY_ROLE) {
      throw new Error(`User ${world.user().name} lacks permission to modify the setting ${id}`);
    }
    if (config.choices && !(String(value) in config.choices)) {
      throw new Error(`${String(value)} is not a valid choice for ${id}`);
    }
    this.#values.set(id, value);
    this.writes++;
    config.onChange?.(value);
    return value;
  }

  /** Sets a stored value before anything reads it, as a world loaded from disk would have. */
  preload(id: string, value: unknown): void {
    this.#values.set(id, value);
  }
}

/** `game.i18n` over a flattened language file. Missing keys come back unchanged, as in Foundry. */
export class Localization {
  readonly translations: Record<string, string>;
  readonly asked = new Set<string>();

  constructor(lang: Record<string, unknown>) {
    this.translations = flatten(lang);
  }

  has(key: string): boolean {
    return key in this.translations;
  }

  localize(key: string): string {
    this.asked.add(key);
    return this.translations[key] ?? key;
  }

  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/\{(\w+)\}/g, (match, name: string) =>
      name in data ? String(data[name]) : match,
    );
  }
}

export function flatten(object: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") {
      Object.assign(out, flatten(value as Record<string, unknown>, path));
    } else {
      out[path] = String(value);
    }
  }
  return out;
}

export class Users {
  readonly all: FakeUserDocument[];
  /** Every query sent between users, in order. */
  readonly queries: SentQuery[] = [];

  constructor(users: FakeUser[]) {
    this.all = users.map(
      (user) => new FakeUserDocument(user, this.queries, (on, fn) => world.runAs(on, fn)),
    );
  }

  get(id: string): FakeUserDocument | undefined {
    return this.all.find((user) => user.id === id);
  }

  /** `game.users` is a Collection: `filter` as core's. */
  filter(predicate: (user: FakeUserDocument) => boolean): FakeUserDocument[] {
    return this.all.filter(predicate);
  }

  /**
   * The GM who runs world events, as core's `Users#activeGM` picks it (`getDesignatedUser` over the
   * connected GMs): the highest role first (a Gamemaster before an Assistant), then the lowest id.
   */
  get activeGM(): FakeUserDocument | null {
    return (
      this.all
        .filter((user) => user.isGM && user.active)
        .sort((a, b) => b.role - a.role || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0] ?? null
    );
  }
}

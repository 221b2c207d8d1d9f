/**
 * Every usable row and button of an actor sheet on the hotbar (issue 26), driven as a user drives
 * them in the fake:
 * - the sheet is rendered as core renders it for the player: the sheet class's own context
 *   (`_prepareContext`) through its template with the real handlebars (`renderTemplate`, table
 *   fakes), and the HTML read into stand-in elements (tag, attributes, dataset, parent, children;
 *   `closest`, `querySelector(All)` for tag and attribute selectors, `value` of an input or a
 *   select; core's ApplicationV2 hands its actions the clicked element);
 * - core then calls `renderActorSheetV2` with the sheet and its element: Fray makes its buttons
 *   draggable there (api/sheet-drag.ts); a drag is the button's `dragstart` (its data as text, what
 *   core's hotbar reads from a drop), a row's drag core's own (`Item#toDragData` of the row's item);
 *   the drop is core's hotbar drop (`hotbarDrop` first: fake-foundry/hotbar.ts);
 * - a click runs the handler the button's `data-action` names on the sheet, as ApplicationV2 does.
 *
 * `sheetParity` plays each button twice, each time in a fresh copy of the same world on the same
 * dice (moveWorld's every die the same face): once clicked on the sheet, once as its macro run with
 * the player's token selected. What each run did is recorded (every database write and by whom,
 * every chat message, every warning, every dialog asked), the ids of the run's documents named by
 * their role (parity.support.ts `named`), so the two records compare equal when the macro did what
 * the click did.
 */
import { expect, vi } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { Macro, installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { MoveWorld } from "./movement.support.ts";
import { named } from "./parity.support.ts";

/** Elements that have no end tag. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"]);

/** One element of the rendered sheet. */
export interface SheetElement {
  readonly tagName: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly dataset: Readonly<Record<string, string>>;
  readonly parent: SheetElement | null;
  readonly children: SheetElement[];
  draggable: boolean;
  readonly listeners: Map<string, (event: unknown) => void>;
  addEventListener(type: string, fn: (event: unknown) => void): void;
  closest(selector: string): SheetElement | null;
  querySelector(selector: string): SheetElement | null;
  querySelectorAll(selector: string): SheetElement[];
  /** An input's value, a select's chosen option's (else its first). */
  readonly value: string;
}

interface Selector {
  readonly tag: string | null;
  readonly attrs: readonly (readonly [string, string | null])[];
}

/** A compound selector of a tag and attribute tests (`li[data-item-id]`, `[data-act="x"]`). */
function parseSelector(selector: string): Selector {
  const match = /^([a-z][\w-]*)?((?:\[[\w-]+(?:="[^"]*")?\])*)$/i.exec(selector.trim());
  if (match === null) throw new Error(`the stand-in reads no selector like ${selector}`);
  const attrs = [...(match[2] ?? "").matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)].map(
    (a) => [a[1] ?? "", a[2] ?? null] as const,
  );
  return { tag: match[1]?.toLowerCase() ?? null, attrs };
}

function matches(element: SheetElement, selector: Selector): boolean {
  if (selector.tag !== null && element.tagName !== selector.tag) return false;
  return selector.attrs.every(([name, value]) =>
    value === null ? name in element.attrs : element.attrs[name] === value,
  );
}

function descendants(element: SheetElement): SheetElement[] {
  return element.children.flatMap((child) => [child, ...descendants(child)]);
}

const camel = (name: string) =>
  name.replace(/^data-/, "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function element(tagName: string, attrs: Record<string, string>, parent: SheetElement | null) {
  const made: SheetElement = {
    tagName,
    attrs,
    dataset: Object.fromEntries(
      Object.entries(attrs)
        .filter(([key]) => key.startsWith("data-"))
        .map(([key, value]) => [camel(key), value]),
    ),
    parent,
    children: [],
    draggable: false,
    listeners: new Map(),
    addEventListener(type, fn) {
      made.listeners.set(type, fn);
    },
    closest(selector) {
      const parsed = parseSelector(selector);
      for (let at: SheetElement | null = made; at !== null; at = at.parent) {
        if (matches(at, parsed)) return at;
      }
      return null;
    },
    querySelector(selector) {
      return made.querySelectorAll(selector)[0] ?? null;
    },
    querySelectorAll(selector) {
      const parsed = parseSelector(selector);
      return descendants(made).filter((e) => matches(e, parsed));
    },
    get value() {
      if (tagName === "select") {
        const options = made.querySelectorAll("option");
        const chosen = options.find((o) => "selected" in o.attrs) ?? options[0];
        return chosen?.attrs["value"] ?? "";
      }
      return attrs["value"] ?? "";
    },
  };
  parent?.children.push(made);
  return made;
}

/** The HTML read into stand-in elements under one root. */
export function readHtml(html: string): SheetElement {
  const root = element("#root", {}, null);
  let open: SheetElement = root;
  const tags = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  for (const tag of html.matchAll(tags)) {
    if (tag[2] === undefined) continue;
    const name = tag[2].toLowerCase();
    if (tag[1] === "/") {
      for (let at: SheetElement | null = open; at !== null && at !== root; at = at.parent) {
        if (at.tagName === name) {
          open = at.parent ?? root;
          break;
        }
      }
      continue;
    }
    const body = tag[3] ?? "";
    const attrs = Object.fromEntries(
      [...body.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map((a) => [
        (a[1] ?? "").toLowerCase(),
        unescape(a[2] ?? a[3] ?? a[4] ?? ""),
      ]),
    );
    const made = element(name, attrs, open);
    if (!VOID.has(name) && !body.trimEnd().endsWith("/")) open = made;
  }
  return root;
}

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<unknown>;

interface SheetClass {
  new (options: { document: unknown }): { _prepareContext(options: object): Promise<object> };
  readonly PARTS: Record<string, { template: string }>;
  readonly DEFAULT_OPTIONS: { actions: Record<string, Handler> };
}

/** The sheet as the user sees it: the sheet object and its element. */
export interface RenderedSheet {
  readonly sheet: object;
  readonly root: SheetElement;
  readonly buttons: SheetElement[];
}

/** `userId` opens the actor's sheet of this class: rendered from its template and context. */
export async function renderSheet(
  fake: FakeFoundry,
  sheetClass: unknown,
  actor: Actor.Implementation,
  userId: string,
): Promise<RenderedSheet> {
  const Sheet = sheetClass as SheetClass;
  const sheet = new Sheet({ document: actor });
  const handlebars = foundry.applications.handlebars as unknown as {
    renderTemplate(path: string, context: object): Promise<string>;
  };
  const render = (path: string, context: object) => handlebars.renderTemplate(path, context);
  const html = await fake.as(userId, async () =>
    Promise.all(
      Object.values(Sheet.PARTS).map(async (part) =>
        render(part.template, await sheet._prepareContext({})),
      ),
    ),
  );
  const root = readHtml(html.join("\n"));
  return { sheet, root, buttons: root.querySelectorAll("button[data-action]") };
}

/** What tells a button from its siblings: its action, its data, the item of its row. */
export function buttonKey(button: SheetElement, actor: Actor.Implementation): string {
  // A document's id, by its name: the same button in another copy of the world.
  const shown = (value: string) =>
    actor.items.find((i) => i.id === value)?.name ??
    (game.actors?.contents ?? []).find((a) => a.id === value)?.name ??
    value;
  const data = Object.entries(button.attrs)
    .filter(([key]) => key.startsWith("data-"))
    .filter(([key]) => !["data-action", "data-tooltip", "data-item-id"].includes(key))
    .map(([key, value]) => `${key.slice(5)}=${shown(value)}`)
    .sort();
  const itemId = button.closest("[data-item-id]")?.dataset["itemId"];
  const item = itemId === undefined ? undefined : actor.items.get(itemId);
  return [
    button.attrs["data-action"] ?? "",
    ...(data.length === 0 ? [] : [`[${data.join(",")}]`]),
    ...(item === undefined ? [] : [`@${item.name}`]),
  ].join("");
}

/** `userId` clicks the button: the handler its data-action names, on the sheet. */
export async function clickButton(
  fake: FakeFoundry,
  rendered: RenderedSheet,
  sheetClass: unknown,
  button: SheetElement,
  userId: string,
): Promise<void> {
  const action = button.attrs["data-action"] ?? "";
  const handler = (sheetClass as SheetClass).DEFAULT_OPTIONS.actions[action];
  if (handler === undefined) throw new Error(`no handler for ${action}`);
  await fake.as(userId, () => handler.call(rendered.sheet, { type: "click" }, button));
}

/** Core calls `renderActorSheetV2` with the sheet and its element, on the user's client. */
export function sheetRendered(fake: FakeFoundry, rendered: RenderedSheet, userId: string): void {
  fake.as(userId, () => fake.hooks.callAll("renderActorSheetV2", rendered.sheet, rendered.root));
}

/** What a drag of this element carries: its own dragstart's, else its draggable row's item. */
export function dragData(
  element: SheetElement,
  actor: Actor.Implementation,
): Record<string, unknown> | null {
  if (element.draggable) {
    let text = "";
    const dataTransfer = { setData: (_type: string, value: string) => (text = value) };
    element.listeners.get("dragstart")?.({ dataTransfer, stopPropagation: () => undefined });
    return text === "" ? null : (JSON.parse(text) as Record<string, unknown>);
  }
  // Core's ActorSheetV2 drags a `.draggable` item row as its item's drag data.
  const row = element.closest("[data-item-id]");
  if (row === null || !(row.attrs["class"] ?? "").split(/\s+/).includes("draggable")) return null;
  const item = actor.items.get(row.dataset["itemId"] ?? "");
  return item === undefined
    ? null
    : (item as unknown as { toDragData(): Record<string, unknown> }).toDragData();
}

/** `userId` drops the data on the hotbar's slot; the macro once it is there. */
export async function dropOnHotbar(
  fake: FakeFoundry,
  hotbar: ReturnType<typeof installHotbarFakes>,
  data: Record<string, unknown>,
  slot: number,
  userId: string,
): Promise<Macro> {
  // The slot emptied first (core's hotbar: the user clears it), so the macro waited for is this.
  await fake.as(userId, async () => {
    const user = game.user as unknown as {
      assignHotbarMacro(m: null, s: number): Promise<unknown>;
    };
    await user.assignHotbarMacro(null, slot);
    await hotbar.drop(data, slot);
  });
  return vi.waitFor(() => {
    const macro = hotbar.hotbarOf(userId)[slot];
    if (macro === undefined) throw new Error("no macro yet");
    return macro;
  });
}

/** One fresh copy of the sheet's world: the sheet's actor and every document to name by role. */
export interface Fresh {
  readonly actor: Actor.Implementation;
  /** The documents of the run, by role (their ids are named so in the records). */
  readonly roles: Readonly<Record<string, { readonly id: string | null } | null | undefined>>;
}

/** One sheet, its world and which of its buttons are not actions (the sheet's own upkeep). */
export interface SheetCase {
  readonly w: MoveWorld;
  readonly hotbar: ReturnType<typeof installHotbarFakes>;
  readonly sheetClass: unknown;
  /** A fresh copy of the world (the player targeting what the buttons act on). */
  fresh(): Promise<Fresh>;
  /** The data-actions that keep the sheet (tabs, edit, delete, worn …): no macro for those. */
  readonly upkeep: readonly string[];
}

/** What a run did, its documents named by role. */
export interface RunRecord {
  readonly writes: readonly unknown[];
  readonly messages: readonly unknown[];
  readonly warnings: readonly string[];
  readonly asked: readonly unknown[];
}

/** Records what `act` did in the world, the fresh world's ids named by role. */
async function recorded(c: SheetCase, fresh: Fresh, act: () => Promise<unknown>) {
  const fake = c.w.fake;
  const from = {
    calls: fake.db.calls.length,
    messages: fake.game.messages.size,
    warnings: fake.notifications.length,
    asked: fake.dialogs.asked.length,
  };
  await act();
  await c.w.idle();
  const roles = new Map<string, string>();
  for (const [role, doc] of Object.entries(fresh.roles)) {
    if (doc?.id) roles.set(doc.id, `<${role}>`);
  }
  const record: RunRecord = {
    writes: fake.db.calls.slice(from.calls).map((call) => ({
      operation: call.operation,
      documentName: call.documentName,
      data: call.data,
      parent: call.parent,
      userId: call.userId,
    })),
    messages: fake.game.messages.contents.slice(from.messages).map((m) => ({
      content: (m as unknown as { content?: string }).content,
      flags: m.flags,
      author: (m as unknown as { author?: { id?: string } }).author?.id,
    })),
    warnings: fake.notifications.slice(from.warnings).map((n) => n.message),
    asked: fake.dialogs.asked.slice(from.asked),
  };
  return named(record, roles) as RunRecord;
}

/**
 * The sheet's usable buttons in a fresh world, by key: the sheet's upkeep left out, and a disabled
 * button (the stance the actor stands in), which nobody can click or drag.
 */
export async function usableButtons(c: SheetCase): Promise<string[]> {
  const fresh = await c.fresh();
  const rendered = await renderSheet(c.w.fake, c.sheetClass, fresh.actor, PLAYER.id);
  return rendered.buttons
    .filter((b) => !c.upkeep.includes(b.attrs["data-action"] ?? "") && !("disabled" in b.attrs))
    .map((b) => buttonKey(b, fresh.actor));
}

/** The fresh world's sheet and the button of that key. */
async function sheetWith(c: SheetCase, key: string) {
  const fresh = await c.fresh();
  const rendered = await renderSheet(c.w.fake, c.sheetClass, fresh.actor, PLAYER.id);
  const button = rendered.buttons.find((b) => buttonKey(b, fresh.actor) === key);
  if (button === undefined) throw new Error(`no ${key} on the sheet`);
  return { fresh, rendered, button };
}

/** The player clicks the button of that key on the sheet of a fresh world. */
export async function clickRun(c: SheetCase, key: string): Promise<RunRecord> {
  const { fresh, rendered, button } = await sheetWith(c, key);
  return recorded(c, fresh, () => clickButton(c.w.fake, rendered, c.sheetClass, button, PLAYER.id));
}

/** The macro the player makes of the button of that key (dragged to `slot`), in a fresh world. */
export async function macroOfButton(c: SheetCase, key: string, slot: number) {
  const { fresh, rendered, button } = await sheetWith(c, key);
  sheetRendered(c.w.fake, rendered, PLAYER.id);
  const data = dragData(button, fresh.actor);
  if (data === null) return { fresh, macro: null };
  const macro = await dropOnHotbar(c.w.fake, c.hotbar, data, slot, PLAYER.id);
  return { fresh, macro };
}

/** The player's token of the actor: selected (`true`) or not. */
function select(c: SheetCase, actor: Actor.Implementation, on: boolean): void {
  const tokens = actor.getActiveTokens() as unknown as {
    control(o?: object): boolean;
    release(): boolean;
  }[];
  c.w.fake.as(PLAYER.id, () => {
    for (const token of tokens) {
      if (on) expect(token.control()).toBe(true);
      else token.release();
    }
  });
}

/** The macro of the button of that key, run by the player with their token selected. */
export async function macroRun(c: SheetCase, key: string, slot: number) {
  const { fresh, macro } = await macroOfButton(c, key, slot);
  if (macro === null) throw new Error(`${key} is not draggable`);
  select(c, fresh.actor, true);
  try {
    const record = await recorded(c, fresh, () => c.w.fake.as(PLAYER.id, () => macro.execute()));
    return { macro, record };
  } finally {
    select(c, fresh.actor, false);
  }
}

/** The macro run with no token selected and no character: what it did. */
export async function macroRunAlone(c: SheetCase, key: string, slot: number) {
  const { fresh, macro } = await macroOfButton(c, key, slot);
  if (macro === null) throw new Error(`${key} is not draggable`);
  const record = await recorded(c, fresh, () => c.w.fake.as(PLAYER.id, () => macro.execute()));
  return { macro, record };
}

/** The words a macro says with no token selected and no character. */
export const NO_ACTOR = "Select your token, or have your GM assign you a character.";

/** The GM's fresh world documents, for `SheetCase.fresh`. */
export async function gmCreates(
  w: MoveWorld,
  sources: readonly Record<string, unknown>[],
): Promise<Actor.Implementation[]> {
  return w.fake.as(GM.id, () => w.actors(sources));
}

/** Each actor, its items and the fight's documents, by role, for `Fresh.roles`. */
export function rolesOf(
  actors: readonly Actor.Implementation[],
  extra: Fresh["roles"] = {},
): Fresh["roles"] {
  const roles: Record<string, { readonly id: string | null } | null | undefined> = { ...extra };
  for (const actor of actors) {
    roles[actor.name] = actor;
    for (const item of actor.items.contents) roles[`${actor.name}:${item.name}`] = item;
    for (const token of actor.getActiveTokens()) {
      roles[`token:${actor.name}`] = (token as unknown as { document: { id: string } }).document;
    }
  }
  return roles;
}

/**
 * A fresh fight of the player's fighter and the GM's foe (side by side, the fighter taking its
 * turn), the player targeting the foe: the sheet's actor is the fighter.
 */
export async function freshFight(
  w: MoveWorld,
  fighter: Record<string, unknown>,
  foe: Record<string, unknown>,
): Promise<Fresh> {
  const [mine, theirs] = await gmCreates(w, [fighter, foe]);
  if (mine === undefined || theirs === undefined) throw new Error("no fighters");
  const { combat, tokens } = await w.fight(
    [mine, theirs],
    [
      { col: 0, row: 0 },
      { col: 1, row: 0 },
    ],
  );
  w.fake.as(PLAYER.id, () => {
    w.table.target(theirs);
  });
  const combatants = Object.fromEntries(
    combat.combatants.contents.map((cb) => [`combatant:${cb.actor?.name ?? ""}`, cb]),
  );
  return {
    actor: mine,
    roles: rolesOf([mine, theirs], { combat, ...combatants, scene: tokens[0]?.parent }),
  };
}

/** The usable buttons of the sheet with no Fray macro (core's, or none). */
export async function missingMacros(c: SheetCase, keys: readonly string[]): Promise<string[]> {
  let slot = 1;
  const missing: string[] = [];
  for (const key of keys) {
    const { macro } = await macroOfButton(c, key, slot++);
    if (macro === null || !macro.command.includes("game.system.api.")) missing.push(key);
  }
  return missing;
}

/** Each macro, run with the sheet's actor's token selected, did what the click did (and something). */
export async function sameAsClicks(c: SheetCase, keys: readonly string[]): Promise<void> {
  let slot = 1;
  for (const key of keys) {
    const clicked = await clickRun(c, key);
    const { record } = await macroRun(c, key, slot++);
    expect(record, key).toEqual(clicked);
    const did = [clicked.writes, clicked.messages, clicked.warnings, clicked.asked].flat();
    expect(did.length, `${key} did nothing`).toBeGreaterThan(0);
  }
}

/** Each macro, run with no token selected and no character, said so and changed nothing. */
export async function saysNoActor(c: SheetCase, keys: readonly string[]): Promise<void> {
  let slot = 1;
  for (const key of keys) {
    const { record } = await macroRunAlone(c, key, slot++);
    expect(record, key).toEqual({ writes: [], messages: [], warnings: [NO_ACTOR], asked: [] });
  }
}

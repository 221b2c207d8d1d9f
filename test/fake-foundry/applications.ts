import * as dom from "./dom.ts";
import type { ClientDocument } from "./documents.ts";
import { world } from "./world.ts";

type AnyOptions = Record<string, unknown>;

function mergeOptions(base: AnyOptions, extra: AnyOptions): AnyOptions {
  const out: AnyOptions = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const prior = out[key];
    if (Array.isArray(prior) && Array.isArray(value))
      out[key] = [...(prior as unknown[]), ...(value as unknown[])];
    else if (isObject(prior) && isObject(value)) out[key] = mergeOptions(prior, value);
    else out[key] = value;
  }
  return out;
}

function isObject(value: unknown): value is AnyOptions {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * ApplicationV2 as the shell uses it: DEFAULT_OPTIONS merged down the class chain, tab groups
 * started from TABS, `_prepareContext`, and a render that records the context it built.
 */
export class ApplicationV2 {
  static DEFAULT_OPTIONS: AnyOptions = { classes: [], actions: {} };
  static TABS: Record<string, { initial?: string }> = {};

  readonly options: AnyOptions;
  readonly tabGroups: Record<string, string> = {};
  rendered = false;
  lastContext: AnyOptions | null = null;

  constructor(options: AnyOptions = {}) {
    const chain: (typeof ApplicationV2)[] = [];
    let cls: unknown = this.constructor;
    while (typeof cls === "function" && cls !== Object.getPrototypeOf(ApplicationV2)) {
      const app = cls as typeof ApplicationV2;
      if (Object.prototype.hasOwnProperty.call(app, "DEFAULT_OPTIONS")) chain.unshift(app);
      cls = Object.getPrototypeOf(cls);
    }
    this.options = chain.reduce<AnyOptions>(
      (merged, cls) => mergeOptions(merged, cls.DEFAULT_OPTIONS),
      {},
    );
    this.options = mergeOptions(this.options, options);
    const tabs = (this.constructor as typeof ApplicationV2).TABS;
    for (const [group, config] of Object.entries(tabs)) {
      if (config.initial) this.tabGroups[group] = config.initial;
    }
  }

  async _prepareContext(_options: AnyOptions = {}): Promise<AnyOptions> {
    return {};
  }

  /** Closed by `close()` and not shown again since. */
  closed = false;

  async render(options: AnyOptions | boolean = {}): Promise<this> {
    // Core v13 (ApplicationRenderOptions.force): without force, an application the user closed
    // is not shown again. (The fake still renders a never-shown one, which core would not.)
    const force = options === true || (typeof options === "object" && options["force"] === true);
    if (this.closed && !force) return this;
    this.lastContext = await this._prepareContext({});
    this.rendered = true;
    this.closed = false;
    return this;
  }

  /** Core v13's close(): the window goes away and `_onClose` runs. */
  close(_options: AnyOptions = {}): Promise<this> {
    this.rendered = false;
    this.closed = true;
    this._onClose({});
    return Promise.resolve(this);
  }

  _onClose(_options: AnyOptions): void {
    // Nothing here: core's own _onClose is a hook for subclasses.
  }

  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
  }

  /**
   * Fake only: the user presses the form's submit button with these field values. Core v13's
   * ApplicationV2#_onSubmitForm: for an application whose `tag` is "form", the `form.handler`
   * runs with the application as `this`, the submit event, the form element and a
   * FormDataExtended whose `object` holds the fields (number inputs as numbers, checkboxes as
   * booleans); then, when `form.closeOnSubmit`, the window closes.
   */
  async submitForm(values: AnyOptions): Promise<void> {
    const form = this.options["form"] as
      { handler?: (...args: unknown[]) => Promise<unknown>; closeOnSubmit?: boolean } | undefined;
    if (this.options["tag"] !== "form" || form?.handler === undefined) {
      throw new Error("this application is not a form");
    }
    await form.handler.call(this, { type: "submit" }, {}, { object: structuredClone(values) });
    if (form.closeOnSubmit === true) await this.close();
  }
}

export function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  class HandlebarsApplication extends (Base as typeof ApplicationV2) {
    static PARTS: Record<string, { template: string }> = {};
  }
  return HandlebarsApplication as unknown as T;
}

export class DocumentSheetV2 extends ApplicationV2 {
  readonly document: ClientDocument;

  constructor(options: AnyOptions & { document: ClientDocument }) {
    super(options);
    this.document = options.document;
  }

  get isEditable(): boolean {
    return this.document.isOwner;
  }

  override async _prepareContext(options: AnyOptions = {}): Promise<AnyOptions> {
    const context = await super._prepareContext(options);
    return {
      ...context,
      document: this.document,
      source: this.document.toObject(),
      fields: {},
      editable: this.isEditable,
      rootId: `${this.document.documentName}-${this.document.id}`,
    };
  }
}

/** What a drag carries, as core's TextEditor#getDragEventData reads it (JSON in text/plain). */
export interface FakeDragEvent {
  dataTransfer: { getData(format: string): string };
}

export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): ClientDocument {
    return this.document;
  }

  /**
   * Core v13's ActorSheetV2#_onDrop: reads the drop data, calls `dropActorSheetData` (actor,
   * sheet, data) and stops when a hook returns false; otherwise an Item is resolved from its
   * uuid and handed to `_onDropItem`. (The fake handles Item drops only.)
   */
  async _onDrop(event: FakeDragEvent): Promise<unknown> {
    const data = JSON.parse(event.dataTransfer.getData("text/plain")) as {
      type?: string;
      uuid?: string;
    };
    const hooks = (globalThis as unknown as { Hooks: { call(...args: unknown[]): boolean } }).Hooks;
    if (!hooks.call("dropActorSheetData", this.actor, this, data)) return null;
    if (data.type !== "Item" || typeof data.uuid !== "string") return null;
    const { fromUuid } = globalThis as unknown as {
      fromUuid: (uuid: string) => Promise<unknown>;
    };
    const item = (await fromUuid(data.uuid)) as ClientDocument | undefined;
    if (!item) return null;
    return this._onDropItem(event, item);
  }

  /**
   * Core v13's ActorSheetV2#_onDropItem: only an owner may drop; a copy of the item
   * (`toObject()`) is created on the actor, keeping its id when the actor has none such.
   */
  async _onDropItem(_event: FakeDragEvent, item: ClientDocument): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    const cls = item.constructor as typeof ClientDocument;
    const created = await cls.createDocuments([item.toObject()], { parent: this.actor });
    return created[0] ?? null;
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): ClientDocument {
    return this.document;
  }
}

/** The v1 core sheets, only ever unregistered by Fray. */
export class AppV1ActorSheet {}
export class AppV1ItemSheet {}

export interface SheetRegistration {
  documentName: string;
  scope: string;
  sheetClass: unknown;
  types: string[] | undefined;
  makeDefault: boolean;
  label: string | undefined;
}

/** The sheet registry behind `Actors.registerSheet` / `Items.registerSheet`. */
export class SheetRegistry {
  readonly entries: SheetRegistration[] = [];

  collection(documentName: string) {
    return {
      registerSheet: (
        scope: string,
        sheetClass: unknown,
        options: { types?: string[]; makeDefault?: boolean; label?: string } = {},
      ) => {
        this.entries.push({
          documentName,
          scope,
          sheetClass,
          types: options.types,
          makeDefault: options.makeDefault ?? false,
          label: options.label,
        });
      },
      unregisterSheet: (scope: string, sheetClass: unknown) => {
        const index = this.entries.findIndex(
          (entry) =>
            entry.documentName === documentName &&
            entry.scope === scope &&
            entry.sheetClass === sheetClass,
        );
        if (index >= 0) this.entries.splice(index, 1);
      },
    };
  }

  /** The sheet class a document of this type opens with. */
  defaultFor(documentName: string, type: string): unknown {
    const candidates = this.entries.filter(
      (entry) =>
        entry.documentName === documentName && (!entry.types || entry.types.includes(type)),
    );
    return (candidates.find((entry) => entry.makeDefault) ?? candidates[0])?.sheetClass;
  }
}

export function currentUserIsGM(): boolean {
  return world.user().isGM;
}

/**
 * The sidebar's CombatTracker: Handlebars parts (header, tracker, footer), the combat it shows
 * (`viewed`: `game.combats.viewed`), per-part context and the combatant context menu entries.
 */
export class CombatTracker extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: AnyOptions = { id: "combat", actions: {} };
  static PARTS: Record<string, { template: string }> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  /** Which user's client rendered, once per render (core: each client renders its own). */
  readonly renders: string[] = [];
  partContexts: Record<string, AnyOptions> = {};

  /** Core: the encounter this client's tracker shows, which is `game.combats.viewed`. */
  get viewed(): ClientDocument | null {
    const combats = world.get().collections["Combat"] as unknown as
      { viewed?: ClientDocument | null } | undefined;
    return combats?.viewed ?? null;
  }

  async _preparePartContext(
    _partId: string,
    context: AnyOptions,
    _options: AnyOptions = {},
  ): Promise<AnyOptions> {
    return context;
  }

  /** Fake only: the render in progress (renders run async, as core's do). */
  rendering: Promise<unknown> = Promise.resolve();

  /** Core's HandlebarsApplication render: one context per part. */
  override render(options: AnyOptions | boolean = {}): Promise<this> {
    this.renders.push(world.user().id);
    const done = this.#render(options);
    this.rendering = done;
    return done;
  }

  async #render(options: AnyOptions | boolean): Promise<this> {
    const base = await this._prepareContext(typeof options === "object" ? options : {});
    const parts = (this.constructor as typeof CombatTracker).PARTS;
    const contexts: Record<string, AnyOptions> = {};
    for (const partId of Object.keys(parts)) {
      contexts[partId] = await this._preparePartContext(partId, { ...base }, {});
    }
    this.partContexts = contexts;
    this.lastContext = base;
    this.rendered = true;
    return this;
  }

  /** Core v13's combatant context menu entries (names only; the fake runs no callbacks). */
  _getEntryContextOptions(): { name: string; icon: string; callback: () => void }[] {
    const entry = (name: string) => ({ name, icon: "", callback: () => undefined });
    return [
      entry("COMBAT.CombatantUpdate"),
      entry("COMBAT.CombatantClear"),
      entry("COMBAT.CombatantReroll"),
      entry("COMBAT.CombatantClearMovementHistory"),
      entry("COMBAT.CombatantRemove"),
    ];
  }

  async _onRender(_context: AnyOptions, _options: AnyOptions): Promise<void> {}
}

/** What a user was asked in a dialog, and how the test answers (true Yes, false No, null closed). */
export interface DialogLog {
  readonly asked: { title: string; content: string }[];
  answer: boolean | null;
  /**
   * What the user picks in the next prompts' forms (DialogV2.prompt), field name to value, before
   * pressing OK; null: the user closes them.
   */
  fields: Record<string, string> | null;
  /**
   * How the fake's user works the next DialogV2.wait dialog (then back to null): it reads the
   * dialog open before it, changes its fields and presses a button; null: the user reads the
   * dialog and closes it.
   */
  user: ((dialog: OpenDialog) => void | Promise<void>) | null;
}

/**
 * A DialogV2.wait dialog open before the fake's user, its content in a form of the fake DOM
 * (dom.ts) as core renders it. The user works it as a person could: a field in a hidden row
 * cannot be reached (the test throws), a select offers only its options.
 */
export interface OpenDialog {
  readonly title: string;
  /** The dialog's element (core's application element holding the form). */
  readonly element: HTMLElement;
  /** Whether the field of that name is on screen: no hidden element holds it. */
  shown(name: string): boolean;
  /** Chooses an option of a select, which tells the form it changed. */
  choose(name: string, value: string): void;
  /** Ticks or clears a checkbox. */
  check(name: string, on: boolean): void;
  /** Types into an input. */
  type(name: string, value: string): void;
  /** The text of the first element the selector finds ("" when none). */
  text(selector: string): string;
  /** Presses a button of the dialog by its action: the dialog resolves and closes. */
  press(action: string): void;
}

type DialogButton = { callback?: (event: unknown, button: unknown, dialog: unknown) => unknown };

/**
 * Core v13's DialogV2.wait with a user at it: the content goes into the dialog's form, followed
 * by a footer of its buttons; the `render` option is called with the dialog once it is drawn;
 * a pressed button's callback gets (event, button, dialog), `button.form` the dialog's form, and
 * the dialog resolves to what it returns (a button without one: its action); closed, to null.
 */
async function workDialog(
  options: {
    window?: { title?: string };
    content?: string;
    buttons?: (DialogButton & { action: string; label?: string })[];
    render?: (event: unknown, dialog: { element: HTMLElement }) => void;
  },
  user: (dialog: OpenDialog) => void | Promise<void>,
): Promise<unknown> {
  const element = new dom.HTMLElement("div");
  element.setAttribute("class", "application dialog");
  const form = new dom.HTMLFormElement("form");
  form.setAttribute("class", "dialog-form standard-form");
  form.parentElement = element;
  element.childNodes.push(form);
  dom.parseInto(form, options.content ?? "");
  const footer = dom.parseInto(new dom.HTMLElement("footer"), "");
  footer.parentElement = form;
  form.childNodes.push(footer);
  for (const button of options.buttons ?? []) {
    const b = new dom.HTMLButtonElement("button");
    b.setAttribute("data-action", button.action);
    b.textContent = button.label ?? button.action;
    b.parentElement = footer;
    footer.childNodes.push(b);
  }
  const app = { element: element as unknown as HTMLElement };
  options.render?.({ type: "render" }, app);
  const field = (name: string) => {
    const found = form.querySelector(`[name="${name}"]`);
    if (found === null) throw new Error(`the dialog has no field ${name}`);
    return found;
  };
  const shown = (e: dom.HTMLElement) => e.closest("[hidden]") === null;
  const reach = (name: string) => {
    const found = field(name);
    if (!shown(found)) throw new Error(`the field ${name} is hidden: nobody can change it`);
    return found;
  };
  const changed = (e: dom.HTMLElement) => e.dispatchEvent({ type: "change", bubbles: true });
  let result: { value: unknown } | null = null;
  await user({
    title: options.window?.title ?? "",
    element: app.element,
    shown: (name) => shown(field(name)),
    choose(name, value) {
      const select = reach(name);
      if (!(select instanceof dom.HTMLSelectElement)) throw new Error(`${name} is no select`);
      if (!select.options.some((o) => o.value === value)) {
        throw new Error(`the select ${name} offers no ${value}`);
      }
      select.value = value;
      changed(select);
    },
    check(name, on) {
      const box = reach(name);
      if (!(box instanceof dom.HTMLInputElement) || box.type !== "checkbox") {
        throw new Error(`${name} is no checkbox`);
      }
      if (box.disabled) throw new Error(`the checkbox ${name} is disabled`);
      box.checked = on;
      changed(box);
    },
    type(name, value) {
      const input = reach(name);
      if (!(input instanceof dom.HTMLInputElement || input instanceof dom.HTMLTextAreaElement)) {
        throw new Error(`${name} is no input`);
      }
      input.value = value;
      changed(input);
    },
    text: (selector) => element.querySelector(selector)?.textContent.trim() ?? "",
    press(action) {
      if (result !== null) throw new Error("the dialog is already closed");
      const button = options.buttons?.find((b) => b.action === action);
      const element = footer.querySelector(`[data-action="${action}"]`);
      if (button === undefined || element === null) throw new Error(`no button ${action}`);
      result = {
        value:
          button.callback === undefined ? action : button.callback({ type: "click" }, element, app),
      };
    },
  });
  return (result as { value: unknown } | null)?.value ?? null;
}

/**
 * Core v13's DialogV2.confirm as the shell meets it: the user answers Yes or No (or closes it).
 * On a button with a callback the dialog resolves to what the callback returns, else to true for
 * Yes and false for No; closed, to null (`rejectClose: false`, core's default for confirm).
 */
export function makeDialogClass(log: DialogLog) {
  return class DialogV2 extends ApplicationV2 {
    static async confirm(options: {
      window?: { title?: string };
      content?: string;
      yes?: DialogButton;
      no?: DialogButton;
    }): Promise<unknown> {
      log.asked.push({ title: options.window?.title ?? "", content: options.content ?? "" });
      const answer = log.answer;
      if (answer === null) return null;
      const button = answer ? options.yes : options.no;
      if (button?.callback === undefined) return answer;
      return button.callback({}, {}, null);
    }

    /**
     * Core v13's DialogV2.prompt: shows the content (a form) with one OK button; OK calls the
     * button's callback with (event, button, dialog), where `button.form` is the dialog's form,
     * and the prompt resolves to what it returns; closed, to null. The fake's user fills the
     * form's fields with `log.fields` as a person could: a select only with one of its options
     * (the test throws otherwise), then presses OK.
     */
    static async prompt(options: {
      window?: { title?: string };
      content?: string;
      ok?: DialogButton;
    }): Promise<unknown> {
      const content = options.content ?? "";
      log.asked.push({ title: options.window?.title ?? "", content });
      const fields = log.fields;
      if (fields === null) return null;
      for (const [name, value] of Object.entries(fields)) {
        const select = new RegExp(`<select name="${name}">(.*?)</select>`, "s").exec(content);
        if (select === null && !content.includes(`name="${name}"`)) {
          throw new Error(`the prompt has no field ${name}`);
        }
        if (select !== null && !select[1]?.includes(`<option value="${value}">`)) {
          throw new Error(`the prompt's ${name} offers no ${value}`);
        }
      }
      const form = {
        elements: {
          namedItem: (name: string) => (name in fields ? { value: fields[name] } : null),
        },
      };
      if (options.ok?.callback === undefined) return true;
      return options.ok.callback({}, { form }, null);
    }

    /**
     * Core v13's DialogV2.wait: shows the content and resolves to what the pressed button's
     * callback returns, or null when the user closes it (with `rejectClose: false`). The fake's
     * user reads the dialog (it is logged in `asked`, content as rendered) and closes it: a shell
     * test checks what a dialog opens with; it passes its choices to the action directly.
     */
    static async wait(options: {
      window?: { title?: string };
      content?: string;
      buttons?: (DialogButton & { action: string; label?: string })[];
      render?: (event: unknown, dialog: { element: HTMLElement }) => void;
    }): Promise<unknown> {
      log.asked.push({ title: options.window?.title ?? "", content: options.content ?? "" });
      const user = log.user;
      if (user === null) return Promise.resolve(null);
      log.user = null;
      return workDialog(options, user);
    }
  };
}

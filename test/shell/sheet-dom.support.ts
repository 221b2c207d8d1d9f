/**
 * An actor sheet rendered in the fake, as a user meets it: the sheet's own context
 * (`_prepareContext`) rendered with its real template by the fake's handlebars (installTableFakes),
 * read into a small element tree standing in for the browser's DOM (tags, attributes, `dataset`,
 * a select's and an input's `value`, `closest` / `querySelector(All)` / `matches` for simple
 * selectors: `tag.class[attr="value"][attr]`, no combinators). Core v13 then calls
 * `renderActorSheetV2` with the sheet and its element (`Hooks.callAll`, after every render), which
 * is where Fray makes the sheet's buttons draggable (src/foundry/api/sheet-drag.ts).
 * `click` runs a button's action as core's ApplicationV2 does (`options.actions[action]`, called on
 * the sheet with the event and the button); `dragData` starts a drag on a draggable element and
 * reads what its dragstart listener set (what core's hotbar reads from a drop).
 */
import type { FakeFoundry } from "../fake-foundry/index.ts";

const VOID = new Set(["img", "input", "br", "hr", "meta", "link", "source", "wbr", "col"]);

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  "#x3D": "=",
  "#x60": "`",
};

const decode = (text: string) =>
  text.replace(/&(#?\w+);/g, (all, name: string) => ENTITIES[name] ?? all);

/** A simple selector: a tag, classes and attributes (with or without a value). */
interface Simple {
  readonly tag: string;
  readonly classes: readonly string[];
  readonly attrs: readonly (readonly [string, string | null])[];
}

function parseSelector(selector: string): Simple {
  const match = /^([a-z][\w-]*)?((?:\.[\w-]+)*)((?:\[[\w-]+(?:="[^"]*")?\])*)$/i.exec(
    selector.trim(),
  );
  if (match === null) throw new Error(`the stand-in DOM reads no selector like ${selector}`);
  return {
    tag: (match[1] ?? "").toLowerCase(),
    classes: (match[2] ?? "").split(".").filter((c) => c !== ""),
    attrs: [...(match[3] ?? "").matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)].map(
      (a) => [a[1] ?? "", a[2] ?? null] as const,
    ),
  };
}

type Listener = (event: unknown) => void;

/** An element of the rendered sheet. */
export class StandInElement {
  readonly children: StandInElement[] = [];
  draggable = false;
  readonly listeners = new Map<string, Listener[]>();
  text = "";

  constructor(
    readonly tagName: string,
    readonly attrs: Readonly<Record<string, string>>,
    readonly parent: StandInElement | null,
  ) {}

  get dataset(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.attrs)
        .filter(([name]) => name.startsWith("data-"))
        .map(([name, value]) => [
          name.slice(5).replace(/-([a-z])/g, (_all, c: string) => c.toUpperCase()),
          value,
        ]),
    );
  }

  get classList(): readonly string[] {
    return (this.attrs["class"] ?? "").split(/\s+/).filter((c) => c !== "");
  }

  /** A select's value: its selected option's, else its first option's; an input's `value`. */
  get value(): string {
    if (this.tagName === "select") {
      const options = this.querySelectorAll("option");
      const chosen = options.find((o) => "selected" in o.attrs) ?? options[0];
      return chosen?.attrs["value"] ?? chosen?.text ?? "";
    }
    return this.attrs["value"] ?? "";
  }

  matches(selector: string): boolean {
    const simple = parseSelector(selector);
    return (
      (simple.tag === "" || simple.tag === this.tagName) &&
      simple.classes.every((c) => this.classList.includes(c)) &&
      simple.attrs.every(([name, value]) =>
        value === null ? name in this.attrs : this.attrs[name] === value,
      )
    );
  }

  closest(selector: string): StandInElement | null {
    if (this.matches(selector)) return this;
    return this.parent === null ? null : this.parent.closest(selector);
  }

  /** Every element under this one, in document order. */
  descendants(): StandInElement[] {
    return this.children.flatMap((child) => [child, ...child.descendants()]);
  }

  querySelectorAll(selector: string): StandInElement[] {
    return this.descendants().filter((e) => e.matches(selector));
  }

  querySelector(selector: string): StandInElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  addEventListener(type: string, fn: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
}

/** Reads rendered HTML into stand-in elements under one root. */
export function parseHtml(html: string): StandInElement {
  const root = new StandInElement("#root", {}, null);
  let open = root;
  const tags = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;
  for (const [whole, closing, rawTag, rawAttrs, text] of html.matchAll(tags)) {
    if (text !== undefined) {
      open.text += decode(text);
      continue;
    }
    if (rawTag === undefined || whole.startsWith("<!--")) continue;
    const tag = rawTag.toLowerCase();
    if (closing === "/") {
      let at: StandInElement | null = open;
      while (at !== null && at.tagName !== tag) at = at.parent;
      if (at?.parent) open = at.parent;
      continue;
    }
    const attrs = Object.fromEntries(
      [
        ...(rawAttrs ?? "").matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g),
      ].map((a) => [a[1] ?? "", decode(a[2] ?? a[3] ?? a[4] ?? "")]),
    );
    const element = new StandInElement(tag, attrs, open);
    open.children.push(element);
    if (!VOID.has(tag) && !(rawAttrs ?? "").trimEnd().endsWith("/")) open = element;
  }
  return root;
}

interface SheetClass {
  new (options: { document: unknown }): {
    /** Core's ApplicationV2 options: DEFAULT_OPTIONS merged down the class chain. */
    readonly options: {
      actions: Record<string, (this: unknown, event: unknown, target: unknown) => Promise<void>>;
    };
    _prepareContext(options?: object): Promise<object>;
  };
  PARTS: Record<string, { template: string }>;
}

/** A sheet rendered for the current user, and what its user does on it. */
export interface RenderedSheet {
  readonly root: StandInElement;
  /** Every button with a `data-action`, in the order the sheet shows them. */
  readonly buttons: StandInElement[];
  /** Clicks the button: the sheet's action for it, as core's ApplicationV2 runs it. */
  click(button: StandInElement): Promise<void>;
}

/** Renders the actor's sheet of this class for the current user, and calls core's render hook. */
export async function renderSheet(
  fake: FakeFoundry,
  sheetClass: unknown,
  actor: Actor.Implementation,
): Promise<RenderedSheet> {
  const Sheet = sheetClass as SheetClass;
  const sheet = new Sheet({ document: actor });
  const context = await sheet._prepareContext({});
  const template = Object.values(Sheet.PARTS)[0]?.template ?? "";
  const { handlebars } = (
    globalThis as unknown as {
      foundry: {
        applications: { handlebars: { renderTemplate(p: string, c: object): Promise<string> } };
      };
    }
  ).foundry.applications;
  const root = parseHtml(await handlebars.renderTemplate(template, context));
  // Core v13 (ApplicationV2#render): `render{Class}` hooks down the class chain, with the element.
  fake.hooks.callAll("renderActorSheetV2", sheet, root, context, {});
  return {
    root,
    buttons: root.querySelectorAll("button[data-action]"),
    async click(button) {
      const action = button.attrs["data-action"] ?? "";
      const handler = sheet.options.actions[action];
      if (handler === undefined) throw new Error(`the sheet has no action ${action}`);
      await handler.call(sheet, {}, button);
    },
  };
}

/** Starts a drag on the element: the data its dragstart listeners set (text/plain, as JSON). */
export function dragData(element: StandInElement): Record<string, unknown> {
  let text = "";
  const event = {
    dataTransfer: { setData: (_format: string, value: string) => (text = value) },
    stopPropagation: () => undefined,
  };
  for (const listener of element.listeners.get("dragstart") ?? []) listener(event);
  if (text === "") throw new Error(`nothing to drag on ${element.tagName}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A short name of a button, for messages: its data-action and the data telling it apart. */
export function buttonKey(button: StandInElement): string {
  const extra = Object.entries(button.dataset)
    .filter(([name]) => name !== "action" && name !== "tooltip")
    .map(([name, value]) => `${name}=${value}`);
  return [button.attrs["data-action"] ?? "", ...extra].join(" ");
}

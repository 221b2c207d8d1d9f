/**
 * The little of the browser's DOM a Fray dialog uses, for the fake's DialogV2 to show a dialog's
 * content to the fake's user (applications.ts): core renders the content into a real `<form>`;
 * here the HTML a template rendered is parsed into elements that behave as the browser's do for
 * what the shell touches:
 * - `HTMLElement`: attributes, `hidden` (the attribute), `textContent`, `closest`, `matches`,
 *   `querySelector(All)` with simple selectors (a tag, `.class`, `#id`, `[attr]`, `[attr=v]`,
 *   compounds of these and lists joined by commas; anything else throws rather than guess), and
 *   listeners with bubbling (`addEventListener`, `dispatchEvent`);
 * - `HTMLFormElement#elements`: its inputs, selects, textareas and buttons, in document order;
 * - `HTMLInputElement` (`name`, `type`, `value`, `checked`, `form`), `HTMLSelectElement` (`value`
 *   is the selected option's, else the first option's, as a browser's single select),
 *   `HTMLOptionElement`, `HTMLTextAreaElement`, `HTMLButtonElement` (`form`).
 * The classes are installed as globals (as the browser has them), so `instanceof` works.
 */

const VOID = new Set(["input", "br", "hr", "img", "meta", "link", "col", "source", "wbr", "area"]);

/** Decodes the entities Handlebars' escaping and Fray's templates write. */
function decode(text: string): string {
  const named: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    nbsp: "\u00a0",
    rarr: "→",
  };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith("#x") || body.startsWith("#X")) {
      return String.fromCodePoint(parseInt(body.slice(2), 16));
    }
    if (body.startsWith("#")) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return named[body.toLowerCase()] ?? whole;
  });
}

type Listener = (event: FakeEvent) => void;

/** An event as the shell reads it: its type and the element it happened on. */
export interface FakeEvent {
  readonly type: string;
  readonly bubbles: boolean;
  readonly target: HTMLElement;
  currentTarget: HTMLElement | null;
}

/** A text between tags. */
class TextNode {
  constructor(public data: string) {}
}

export class HTMLElement {
  readonly tagName: string;
  readonly attributes = new Map<string, string>();
  readonly childNodes: (HTMLElement | TextNode)[] = [];
  parentElement: HTMLElement | null = null;
  readonly #listeners = new Map<string, Listener[]>();

  constructor(tag: string) {
    this.tagName = tag.toUpperCase();
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name.toLowerCase()) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name.toLowerCase(), value);
  }
  hasAttribute(name: string): boolean {
    return this.attributes.has(name.toLowerCase());
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name.toLowerCase());
  }

  get id(): string {
    return this.getAttribute("id") ?? "";
  }
  get className(): string {
    return this.getAttribute("class") ?? "";
  }
  get hidden(): boolean {
    return this.hasAttribute("hidden");
  }
  set hidden(value: boolean) {
    if (value) this.setAttribute("hidden", "");
    else this.removeAttribute("hidden");
  }

  get children(): HTMLElement[] {
    return this.childNodes.filter((n): n is HTMLElement => n instanceof HTMLElement);
  }

  get textContent(): string {
    return this.childNodes.map((n) => (n instanceof TextNode ? n.data : n.textContent)).join("");
  }
  set textContent(value: string) {
    this.childNodes.length = 0;
    this.childNodes.push(new TextNode(value));
  }

  /** Every element under this one, in document order. */
  descendants(): HTMLElement[] {
    return this.children.flatMap((child) => [child, ...child.descendants()]);
  }

  matches(selector: string): boolean {
    return selector.split(",").some((one) => matchesCompound(this, one.trim()));
  }
  // Typed as the browser's are: the caller names the element class it expects.
  /* eslint-disable @typescript-eslint/no-unnecessary-type-parameters */
  closest<E extends HTMLElement = HTMLElement>(selector: string): E | null {
    if (this.matches(selector)) return this as unknown as E;
    return this.parentElement?.closest<E>(selector) ?? null;
  }
  querySelectorAll<E extends HTMLElement = HTMLElement>(selector: string): E[] {
    return this.descendants().filter((e) => e.matches(selector)) as E[];
  }
  querySelector<E extends HTMLElement = HTMLElement>(selector: string): E | null {
    return this.querySelectorAll<E>(selector)[0] ?? null;
  }
  /* eslint-enable @typescript-eslint/no-unnecessary-type-parameters */

  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  /** Runs the listeners here, then (a bubbling event) on every ancestor, as the browser does. */
  dispatchEvent(event: { type: string; bubbles?: boolean }): boolean {
    const fired: FakeEvent = {
      type: event.type,
      bubbles: event.bubbles === true,
      target: this,
      currentTarget: null,
    };
    this.#deliver(fired);
    return true;
  }

  #deliver(event: FakeEvent): void {
    event.currentTarget = this;
    for (const listener of this.#listeners.get(event.type) ?? []) listener(event);
    const parent = this.parentElement;
    if (event.bubbles && parent !== null) parent.#deliver(event);
  }

  /** The form this control belongs to (its nearest form ancestor). */
  get form(): HTMLFormElement | null {
    return this.parentElement?.closest<HTMLFormElement>("form") ?? null;
  }
}

/** One simple selector's parts: `tag.class#id[attr][attr=v]…`. */
function matchesCompound(el: HTMLElement, selector: string): boolean {
  const part =
    /^(?:([a-zA-Z][\w-]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\]]*)))?\])/;
  let rest = selector;
  if (rest === "" || rest === "*") return rest === "*";
  while (rest !== "") {
    const m = part.exec(rest);
    if (m === null) throw new Error(`the fake DOM cannot read the selector "${selector}"`);
    const [whole, tag, cls, id, attr, dq, sq, bare] = m;
    if (tag !== undefined && el.tagName !== tag.toUpperCase()) return false;
    if (cls !== undefined && !el.className.split(/\s+/).includes(cls)) return false;
    if (id !== undefined && el.id !== id) return false;
    if (attr !== undefined) {
      const value = el.getAttribute(attr);
      if (value === null) return false;
      const wanted = dq ?? sq ?? bare;
      if (wanted !== undefined && value !== wanted) return false;
    }
    rest = rest.slice(whole.length);
  }
  return true;
}

export class HTMLFormElement extends HTMLElement {
  /** Its fields and buttons, in document order, as the browser's `form.elements`. */
  get elements(): HTMLElement[] {
    return this.querySelectorAll("input, select, textarea, button");
  }
}

export class HTMLInputElement extends HTMLElement {
  #value: string | null = null;
  #checked: boolean | null = null;
  get name(): string {
    return this.getAttribute("name") ?? "";
  }
  get type(): string {
    return (this.getAttribute("type") ?? "text").toLowerCase();
  }
  get value(): string {
    if (this.#value !== null) return this.#value;
    const given = this.getAttribute("value");
    return given ?? (this.type === "checkbox" || this.type === "radio" ? "on" : "");
  }
  set value(value: string) {
    this.#value = value;
  }
  get checked(): boolean {
    return this.#checked ?? this.hasAttribute("checked");
  }
  set checked(value: boolean) {
    this.#checked = value;
  }
  get disabled(): boolean {
    return this.hasAttribute("disabled");
  }
}

export class HTMLTextAreaElement extends HTMLElement {
  #value: string | null = null;
  get name(): string {
    return this.getAttribute("name") ?? "";
  }
  get value(): string {
    return this.#value ?? this.textContent;
  }
  set value(value: string) {
    this.#value = value;
  }
}

export class HTMLOptionElement extends HTMLElement {
  #selected: boolean | null = null;
  get value(): string {
    return this.getAttribute("value") ?? this.textContent;
  }
  get selected(): boolean {
    return this.#selected ?? this.hasAttribute("selected");
  }
  set selected(value: boolean) {
    this.#selected = value;
  }
}

export class HTMLSelectElement extends HTMLElement {
  get name(): string {
    return this.getAttribute("name") ?? "";
  }
  get options(): HTMLOptionElement[] {
    return this.querySelectorAll<HTMLOptionElement>("option");
  }
  /** The selected option's value: the last one marked selected, else the first (a single select). */
  get value(): string {
    const options = this.options;
    const chosen = options.filter((o) => o.selected).at(-1) ?? options[0];
    return chosen?.value ?? "";
  }
  set value(value: string) {
    for (const option of this.options) option.selected = option.value === value;
  }
}

export class HTMLButtonElement extends HTMLElement {}

const CLASSES: Record<string, new (tag: string) => HTMLElement> = {
  form: HTMLFormElement,
  input: HTMLInputElement,
  select: HTMLSelectElement,
  option: HTMLOptionElement,
  textarea: HTMLTextAreaElement,
  button: HTMLButtonElement,
};

/** Parses well-formed HTML (what Fray's templates render) into children of `parent`. */
export function parseInto(parent: HTMLElement, html: string): HTMLElement {
  const token =
    /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)/g;
  const attribute = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  let open = parent;
  for (const m of html.matchAll(token)) {
    const [, close, tag, attrs, selfClosing, text] = m;
    if (text !== undefined) {
      open.childNodes.push(new TextNode(decode(text)));
    } else if (close !== undefined) {
      // Close up to the matching open element (a stray closing tag is passed over).
      for (let e: HTMLElement | null = open; e !== null && e !== parent; e = e.parentElement) {
        if (e.tagName === close.toUpperCase()) {
          open = e.parentElement ?? parent;
          break;
        }
      }
    } else if (tag !== undefined) {
      const name = tag.toLowerCase();
      const element = new (CLASSES[name] ?? HTMLElement)(name);
      for (const a of (attrs ?? "").matchAll(attribute)) {
        const [, key, dq, sq, bare] = a;
        if (key !== undefined) element.setAttribute(key, decode(dq ?? sq ?? bare ?? ""));
      }
      element.parentElement = open;
      open.childNodes.push(element);
      if (selfClosing !== "/" && !VOID.has(name)) open = element;
    }
  }
  return parent;
}

/** The DOM classes as browser globals (installFakeFoundry installs them). */
export const DOM_GLOBALS = {
  HTMLElement,
  HTMLFormElement,
  HTMLInputElement,
  HTMLSelectElement,
  HTMLOptionElement,
  HTMLTextAreaElement,
  HTMLButtonElement,
};

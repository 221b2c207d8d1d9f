/**
 * Shared audits of every view a browser test file renders: each ruleset's test file renders its
 * sheets, dialogs and cards from the contexts the shell builds (harness.ts records each request);
 * `auditRenderedViews` then re-renders every one of them under core's light and dark themes and
 * checks what a GM at the table would notice. One helper, fed by every ruleset's file.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { lowestContrast, renderInPage, renderedViews } from "./harness.ts";
import type { RenderRequest } from "./harness.ts";
import { REPO_ROOT } from "../fake-foundry/index.ts";

/** FRAY_AUDIT_SHOTS=1 saves each audited render (theme, narrow width) to look at by eye. */
const SHOTS =
  process.env["FRAY_AUDIT_SHOTS"] === "1"
    ? resolve(REPO_ROOT, "test/browser/__output__/audit")
    : null;

/** Saves the page's picture under SHOTS when asked, named after the view and how it was shown. */
async function keep(page: Page, request: RenderRequest, how: string): Promise<void> {
  if (SHOTS === null) return;
  mkdirSync(SHOTS, { recursive: true });
  const name = `${request.template.replace(/^templates\//, "").replace(/[/.]/g, "-")}-${request.title.replace(/\W+/g, "_").slice(0, 30)}-${how}.png`;
  await page.screenshot({ path: resolve(SHOTS, name), fullPage: true });
}

const THEMES = ["light", "dark"] as const;

/**
 * Core's sidebar (the combat tracker, the chat log a card sits in) is about 300 px wide; a sheet
 * may be dragged down to 400 px, and a dialog opens about that wide.
 */
const NARROW = { sidebar: 300, window: 400 } as const;

/** Whether a view is a chat card: a template under chat/ or one of the cards' classes. */
const isCard = (request: RenderRequest) =>
  /\/chat\/|-card\.hbs$/.test(request.template) ||
  request.classes.some((c) => c === "chat-card" || c === "chat-message");

/**
 * The narrow width a view must fit: the sidebar's for the tracker and a chat card, a small
 * window's for a sheet (actor, item, vehicle) and a dialog; null for the windows a GM opens wide
 * (the simulator, the rules options menu).
 */
function narrowWidth(request: RenderRequest): number | null {
  if (request.template === "templates/combat/tracker.hbs" || isCard(request)) return NARROW.sidebar;
  if (request.classes.some((c) => c === "actor-sheet" || c === "item-sheet")) return NARROW.window;
  if (/\/dialog\//.test(request.template)) return NARROW.window;
  return null;
}

/**
 * What does not fit the window, as a person would see it: an element that runs past the edge of
 * the window's content, a button whose label is cut, a text cut short with no tooltip (`title`
 * or core's `data-tooltip`) to read it whole, or a field (a text or number input, a select) whose
 * value is wider than the field, with no tooltip. Exported for the audit's own test.
 */
export async function misfits(page: Page): Promise<string[]> {
  return page.locator(".window-content").evaluate((content) => {
    const name = (el: Element) => {
      const classes = el.getAttribute("class");
      const text = el.textContent.replace(/\s+/g, " ").trim().slice(0, 30);
      return `<${el.tagName.toLowerCase()}${classes === null ? "" : `.${classes.replace(/ /g, ".")}`}> "${text}"`;
    };
    // The edges an element must stay within: its nearest clipping or scrolling ancestor's
    // visible box (less a scrollbar), else the window's content.
    const edges = (el: Element) => {
      for (let a = el.parentElement; a !== null && a !== content; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === "visible") continue;
        const left = a.getBoundingClientRect().left + a.clientLeft;
        return { left, right: left + a.clientWidth };
      }
      return content.getBoundingClientRect();
    };
    // What a field shows: an input's value, a select's chosen option.
    const shown = (field: HTMLInputElement | HTMLSelectElement) =>
      field instanceof HTMLSelectElement
        ? (field.selectedOptions[0]?.textContent ?? "").trim()
        : field.value;
    const TEXT_TYPES = ["text", "number", "search", "email", "url", "tel", ""];
    // How many pixels of what a field shows do not fit in it (0 when it fits or has a tooltip):
    // a copy of the field sized to its content (CSS field-sizing: content, Chromium's own
    // measure of the value or the chosen option, with the field's font, padding and a select's
    // arrow) against the field's own width.
    const cutField = (field: HTMLInputElement | HTMLSelectElement): number => {
      if (field instanceof HTMLInputElement && !TEXT_TYPES.includes(field.type)) return 0;
      if (shown(field) === "") return 0;
      const tip = field.getAttribute("title") ?? field.getAttribute("data-tooltip") ?? "";
      if (tip.trim() !== "") return 0;
      const copy = field.cloneNode(true) as HTMLInputElement | HTMLSelectElement;
      copy.value = field.value;
      copy.removeAttribute("id");
      copy.removeAttribute("name");
      const style = copy.style;
      style.setProperty("field-sizing", "content", "important");
      for (const [property, value] of [
        ["position", "absolute"],
        ["visibility", "hidden"],
        ["width", "auto"],
        ["min-width", "0"],
        ["max-width", "none"],
        ["flex", "none"],
      ] as const) {
        style.setProperty(property, value, "important");
      }
      field.after(copy);
      const needed = copy.getBoundingClientRect().width;
      copy.remove();
      return Math.round(needed - field.getBoundingClientRect().width);
    };
    // A name of three words or more squeezed into a column a word wide reads as a list of words:
    // the lines its own text takes (each text node's line boxes, by their tops), when three or
    // more lines hold fewer than 1.5 words each. Null when it reads as a phrase.
    const wordPerLine = (el: Element): string | null => {
      const texts = [...el.childNodes].filter(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
      );
      const words = texts.flatMap((n) => (n.textContent ?? "").trim().split(/\s+/));
      if (words.length < 3) return null;
      const tops = new Set<number>();
      const range = document.createRange();
      for (const node of texts) {
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          if (line.width > 0) tops.add(Math.round(line.top));
        }
      }
      return tops.size >= 3 && words.length / tops.size < 1.5
        ? `${String(words.length)} words on ${String(tops.size)} lines`
        : null;
    };
    // A word of the element's own text split over two lines ("Att / ack"): the first word whose
    // line boxes start at two heights (a hyphen is a fair place to break: "Two- / handed" is
    // two words). Null when every word stays whole.
    const brokenWord = (el: Element): string | null => {
      const range = document.createRange();
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        for (const word of (node.textContent ?? "").matchAll(/[^\s-]{2,}/g)) {
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) return word[0];
        }
      }
      return null;
    };
    const found: string[] = [];
    for (const el of content.querySelectorAll("*")) {
      if (el.getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const box = edges(el);
      const past = Math.max(r.right - box.right, box.left - r.left);
      if (past > 1) {
        found.push(`${name(el)} runs ${Math.round(past)} px off the side`);
        continue;
      }
      if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) {
        const cut = cutField(el);
        if (cut > 1)
          found.push(
            `${name(el)} shows "${shown(el)}" ${String(cut)} px cut short with no tooltip`,
          );
        continue;
      }
      if (el.matches("textarea") || !(el instanceof HTMLElement)) continue;
      const broken = brokenWord(el);
      if (broken !== null) {
        found.push(`${name(el)} breaks "${broken}" across lines`);
        continue;
      }
      const squeezed = wordPerLine(el);
      if (squeezed !== null) {
        found.push(`${name(el)} wraps one word per line (${squeezed})`);
        continue;
      }
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      // A box squeezed narrower than its own text lets the text spill over its neighbours.
      if (style.overflowX === "visible" && style.display !== "inline" && el.clientWidth > 0) {
        const words = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
        );
        if (words) {
          found.push(
            `${name(el)} is ${String(el.scrollWidth - el.clientWidth)} px narrower than its text`,
          );
          continue;
        }
      }
      // A scrolling box is judged by what sticks out of it (above), a clipping one here.
      if (style.overflowX === "visible" || ["auto", "scroll"].includes(style.overflowY)) continue;
      if (el.matches("button") || (!el.hasAttribute("title") && !el.hasAttribute("data-tooltip"))) {
        found.push(`${name(el)} is cut short${el.matches("button") ? "" : " with no tooltip"}`);
      }
    }
    return found;
  });
}

/**
 * The controls a keyboard or a screen reader cannot use: anything clickable (`data-action`, a
 * link, a field) that is not a button or a field, that Tab skips (a negative tab index, an inert
 * ancestor) or reaches unseen (hidden, transparent), or that has no name to announce (its text,
 * an `aria-label`, a `title`, or for a field its `<label>`). Exported for the audit's own test.
 */
export async function unusableControls(page: Page): Promise<string[]> {
  return page.locator(".window-content").evaluate((content) => {
    const found: string[] = [];
    const controls = content.querySelectorAll(
      "[data-action], a, button, input, select, textarea, [tabindex]",
    );
    for (const el of controls) {
      if (el.getClientRects().length === 0 || el.matches("input[type=hidden]")) continue;
      // The portrait follows core's convention (an image with the editImage action, as core's
      // own sheets draw it); core's image picker is also reachable from the token and the
      // directory, so it is left as core has it.
      if (el.matches("img[data-action=editImage]")) continue;
      const html = el.outerHTML.replace(/\s+/g, " ").slice(0, 90);
      const isField = el.matches("input, select, textarea");
      if (!isField && !el.matches("button")) {
        found.push(`not a button: ${html}`);
        continue;
      }
      // What Tab skips: a negative tab index (set, or a control's own), a disabled field's
      // inert ancestor; and a control it reaches but nobody sees (hidden, fully transparent).
      const style = getComputedStyle(el);
      if ((el as HTMLElement).tabIndex < 0 || el.closest("[inert]") !== null) {
        found.push(`skipped by Tab: ${html}`);
      } else if (style.visibility === "hidden" || Number(style.opacity) === 0) {
        found.push(`reached by Tab but not seen: ${html}`);
      }
      const text = el.textContent.trim();
      const labelled =
        (el.getAttribute("aria-label") ?? "").trim() !== "" ||
        el.hasAttribute("aria-labelledby") ||
        (el.getAttribute("title") ?? "").trim() !== "" ||
        (!isField && text !== "") ||
        (isField && (el as HTMLInputElement).labels?.length ? true : false);
      if (!labelled) found.push(`no accessible name: ${html}`);
    }
    return found;
  });
}

/**
 * What a chat card lacks of the shared card parts (templates/cards/parts/, issue 29): every card
 * opens with the shared header, and a card that offers a step button says, in the shared
 * next-step line, who must take the next step.
 */
async function missingCardParts(page: Page): Promise<string[]> {
  return page.locator(".window-content").evaluate((content) => {
    const found: string[] = [];
    if (content.querySelector(".fray-card-header") === null) found.push("no shared header");
    const waits = content.querySelector("button[data-fray-step]") !== null;
    if (waits && content.querySelector(".fray-card-next-step") === null) {
      found.push("a step button but no next-step line");
    }
    return found;
  });
}

/** What a file must have rendered before its audit runs, so an audit never passes on nothing. */
export interface AuditPlan {
  /** Repository paths of the templates the file renders (sheets, dialogs, cards, tracker). */
  templates: readonly string[];
}

/** A short name of a view for failure messages: its template and its title. */
const nameOf = (request: RenderRequest) =>
  `${request.template.replace(/^templates\//, "")} "${request.title}"`;

/**
 * A context as text, to tell views apart. A sheet's context may hold a document's data model,
 * which points back at its document: a value met again on the way down is written once.
 */
function contextKey(context: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(context, (_key, value: unknown) => {
    if (typeof value !== "object" || value === null) return value;
    if (seen.has(value)) return "[seen]";
    seen.add(value);
    return value;
  });
}

/** The distinct views rendered: one per template and context. */
function views(): RenderRequest[] {
  const seen = new Set<string>();
  return renderedViews().filter((request) => {
    const key = `${request.template}|${request.width}|${contextKey(request.context)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first audit test waits for the whole pass: a view-heavy file renders a hundred pages. */
const PASS_TIMEOUT = 180_000;

/** What the audits found, per check, as lines naming the view. */
interface Findings {
  contrast: string[];
  fit: string[];
  controls: string[];
  parts: string[];
}

/**
 * Shows the rendered view as another theme or width on the same page: core's theme is a class on
 * the application (`theme-light`, `theme-dark`), its width the frame's; rendering the template
 * again for each would only repeat the same markup.
 */
async function reshow(page: Page, show: { theme: string; width: number; height: number }) {
  await page.setViewportSize({ width: show.width + 32, height: show.height + 32 });
  await page.locator(".application").evaluate((app, { theme, width }) => {
    app.classList.remove("theme-light", "theme-dark");
    app.classList.add(`theme-${theme}`);
    (app as HTMLElement).style.setProperty("--app-width", `${String(width)}px`);
  }, show);
}

/**
 * Renders every distinct view of the file once, for the three checks: light at its own width
 * (contrast, controls, fit), then the same page in dark (contrast), then light at the narrow
 * width (fit).
 */
async function auditPass(browser: Browser): Promise<Findings> {
  const found: Findings = { contrast: [], fit: [], controls: [], parts: [] };
  const fits = async (page: Page, request: RenderRequest, width: number) => {
    const misfit = await misfits(page);
    await keep(page, request, `${String(width)}px`);
    if (misfit.length > 0) {
      found.fit.push(`${nameOf(request)} at ${String(width)} px: ${misfit.join("; ")}`);
    }
  };
  for (const request of views()) {
    const narrow = narrowWidth(request);
    const page = await renderInPage(browser, { ...request, theme: "light" });
    try {
      for (const theme of THEMES) {
        if (theme !== "light") await reshow(page, { ...request, theme });
        const contrast = await lowestContrast(page, ".window-content");
        await keep(page, request, theme);
        if (contrast.below.length > 0) {
          found.contrast.push(`${nameOf(request)}, ${theme}: ${contrast.below.join("; ")}`);
        }
        if (theme !== "light") continue;
        const controls = await unusableControls(page);
        if (controls.length > 0) found.controls.push(`${nameOf(request)}: ${controls.join("; ")}`);
        const parts = isCard(request) ? await missingCardParts(page) : [];
        if (parts.length > 0) found.parts.push(`${nameOf(request)}: ${parts.join("; ")}`);
        if (narrow !== null) await fits(page, request, request.width);
      }
      if (narrow === null || narrow === request.width) continue;
      await reshow(page, { theme: "light", width: narrow, height: request.height });
      await fits(page, request, narrow);
    } finally {
      await page.close();
    }
  }
  return found;
}

/**
 * Adds the audits to the calling test file; call it last, after the tests that render. `browser`
 * is read when the audits run (the file's beforeAll opens it).
 */
export function auditRenderedViews(browser: () => Browser, plan: AuditPlan): void {
  // One pass renders each view once, and every check reads the page as it needs it: light at
  // its own width (contrast, controls, fit), dark (contrast), light at the narrow width (fit). A
  // page costs far more than a check, so the three tests share the pass.
  let pass: Promise<Findings> | null = null;
  const findings = () => (pass ??= auditPass(browser()));
  describe("every view this file renders", () => {
    it("renders each of the planned templates", () => {
      const templates = new Set(renderedViews().map((request) => request.template));
      expect(plan.templates.filter((template) => !templates.has(template))).toEqual([]);
    });

    it(
      "reads at WCAG AA (4.5:1, large text 3:1) in core's light and dark themes",
      async () => {
        expect((await findings()).contrast).toEqual([]);
      },
      PASS_TIMEOUT,
    );

    it(
      "fits a 300 px sidebar (the tracker, a card) or a 400 px window (a sheet, a dialog), and the width it opens at",
      async () => {
        expect((await findings()).fit).toEqual([]);
      },
      PASS_TIMEOUT,
    );

    it(
      "draws every chat card with the shared header, and names the next step wherever a card waits for a button",
      async () => {
        expect((await findings()).parts).toEqual([]);
      },
      PASS_TIMEOUT,
    );

    it(
      "offers every control as a button or a field with an accessible name, reached by Tab",
      async () => {
        expect((await findings()).controls).toEqual([]);
      },
      PASS_TIMEOUT,
    );
  });
}

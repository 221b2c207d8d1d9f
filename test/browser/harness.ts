/**
 * Renders Fray's real templates with the real `handlebars` package inside headless Chromium,
 * styled by the system's real CSS, so tests can look at what a person would see.
 *
 * Chromium comes from the npm registry: the pinned devDependency `@sparticuz/chromium` ships a
 * compressed Chromium binary inside its package, unpacked to the temp folder on first use, so a
 * machine with only Node runs these tests after `npm ci`. `CHROMIUM_PATH` points at another
 * Chromium instead. Nothing here downloads a browser; when none can start, the launch throws and
 * the tests fail: they never skip.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import sparticuz from "@sparticuz/chromium";
import { chromium } from "playwright-core";
import type { Browser, Page } from "playwright-core";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import { flatten } from "../fake-foundry/game.ts";
import { PARTIALS, SYSTEM_PATH } from "../../src/foundry/constants.ts";

/**
 * The partials Fray's init preloads (constants.ts PARTIALS), as core registers them: each under its
 * path, so a card's `{{> "systems/fray/templates/cards/parts/…"}}` finds it.
 */
function preloadedPartials(): Record<string, string> {
  return Object.fromEntries(
    Object.values(PARTIALS).map((path) => [
      path,
      readFileSync(resolve(REPO_ROOT, path.slice(SYSTEM_PATH.length + 1)), "utf8"),
    ]),
  );
}

/** The Chromium binary the tests drive: `CHROMIUM_PATH`, else the one the npm package ships. */
export async function chromiumPath(): Promise<string> {
  const fromEnv = process.env["CHROMIUM_PATH"];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  return sparticuz.executablePath();
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

const HANDLEBARS_BROWSER_BUILD = resolve(REPO_ROOT, "node_modules/handlebars/dist/handlebars.js");

/**
 * Core v13 draws its icons with Font Awesome 6 (free): its stylesheet and fonts come with the page,
 * so an icon-only button (`<i class="fa-solid fa-trash">`) shows its icon as in Foundry instead of
 * an empty box. The pinned devDependency `@fortawesome/fontawesome-free` ships both; the page is
 * served from a made-up origin whose requests the harness answers from that package (nothing
 * leaves the machine), so the stylesheet's `../webfonts/…` links resolve as they do in core.
 */
const FONT_AWESOME = resolve(REPO_ROOT, "node_modules/@fortawesome/fontawesome-free");
const PAGE_ORIGIN = "https://fray.harness";
const FONT_AWESOME_CSS = `${PAGE_ORIGIN}/fontawesome/css/all.min.css`;
/** Files served under PAGE_ORIGIN, read once per test file. */
const served = new Map<string, Buffer>();
const CONTENT_TYPES: Record<string, string> = {
  css: "text/css",
  woff2: "font/woff2",
  ttf: "font/ttf",
  html: "text/html",
};

/**
 * Opens a blank page at PAGE_ORIGIN, its requests for `/fontawesome/…` answered from the package:
 * `renderInPage` and any test that shows core's icons start from it.
 */
export async function harnessPage(
  browser: Browser,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage(viewport === undefined ? {} : { viewport });
  await page.route(`${PAGE_ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!path.startsWith("/fontawesome/")) {
      await route.fulfill({ contentType: "text/html", body: "<!doctype html><html></html>" });
      return;
    }
    const file = resolve(FONT_AWESOME, path.slice("/fontawesome/".length));
    if (!file.startsWith(FONT_AWESOME)) {
      await route.fulfill({ status: 404 });
      return;
    }
    let body = served.get(file);
    if (body === undefined) {
      body = readFileSync(file);
      served.set(file, body);
    }
    await route.fulfill({
      body,
      contentType:
        CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream",
    });
  });
  await page.goto(`${PAGE_ORIGIN}/`);
  return page;
}

/** Waits until every font the page's layout asked for (Font Awesome's among them) has loaded. */
export async function fontsLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    document.body.getBoundingClientRect();
    await document.fonts.ready;
  });
}

/**
 * Stand-in for Foundry's window chrome around an application, so screenshots look like a
 * sheet in a window. Only the frame: everything inside comes from styles/fray.css.
 */
const FRAME_CSS = `
  body { margin: 0; padding: 16px; background: #2b2d31; font-family: "Signika", "Segoe UI", sans-serif; }
  .application { width: var(--app-width); height: var(--app-height); background: var(--frame-background);
    color: var(--color-text-primary);
    border-radius: 6px; box-shadow: 0 0 12px #000a; display: flex; flex-direction: column; overflow: hidden; }
  .application > header.window-header { background: #23221d; color: #f0f0e0; padding: 6px 10px; font-weight: bold; }
  .application > .window-content { flex: 1; padding: 10px; overflow: hidden; min-height: 0; }
  .application.combat-sidebar > .window-content { display: flex; flex-direction: column; }
  input, select { font: inherit; background: var(--input-background-color); color: var(--input-text-color);
    border: 1px solid var(--input-border-color); border-radius: 3px; padding: 2px 4px; }
  button { font: inherit; background: var(--button-background-color); color: var(--button-text-color);
    border: 1px solid var(--button-border-color); border-radius: 3px; }
`;

/**
 * Stand-ins for core v13's two themes: the class core puts on an application (or the interface)
 * and the variables it defines there, with values close to core's. Fray's CSS reads only these
 * variables, never the frame's own colours (--frame-background).
 */
const THEME_CSS = `
  .theme-light {
    --frame-background: #e8e4da;
    --color-text-primary: #191813; --color-text-secondary: #4b4a44; --color-text-subtle: #5f5e57;
    --color-border: #7a7971;
    --input-background-color: rgb(255 255 255 / 0.5); --input-text-color: #191813;
    --input-border-color: #7a7971;
    --button-background-color: rgb(0 0 0 / 0.08); --button-text-color: #191813;
    --button-border-color: #7a7971;
  }
  .theme-dark {
    --frame-background: #1e2026;
    --color-text-primary: #e8e6e0; --color-text-secondary: #c2c0b8; --color-text-subtle: #a9a79f;
    --color-border: #5d5f66;
    --input-background-color: rgb(0 0 0 / 0.35); --input-text-color: #e8e6e0;
    --input-border-color: #5d5f66;
    --button-background-color: rgb(255 255 255 / 0.08); --button-text-color: #e8e6e0;
    --button-border-color: #5d5f66;
  }
`;

export type Theme = "light" | "dark";

export interface RenderRequest {
  /** Repository path of the template, e.g. "templates/actor/actor-sheet.hbs". */
  template: string;
  context: unknown;
  /** Classes of the application element, as the sheet's DEFAULT_OPTIONS give them. */
  classes: string[];
  title: string;
  width: number;
  height: number;
  /** Core's theme for the application; light unless said. */
  theme?: Theme;
}

/**
 * Every request `renderInPage` served in this test file, in order: the views a file shows are
 * the ones the shared audits in views.ts re-render in both themes and at narrow widths.
 */
const rendered: RenderRequest[] = [];

/** The views rendered so far in this test file (see `rendered`). */
export function renderedViews(): readonly RenderRequest[] {
  return rendered;
}

/** Opens a page showing the rendered template inside an application frame. */
export async function renderInPage(browser: Browser, request: RenderRequest): Promise<Page> {
  rendered.push(request);
  const page = await harnessPage(browser, {
    width: request.width + 32,
    height: request.height + 32,
  });
  const css = readFileSync(resolve(REPO_ROOT, "styles/fray.css"), "utf8");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="${FONT_AWESOME_CSS}">` +
      `<style>${FRAME_CSS}${THEME_CSS}</style><style>${css}</style></head>` +
      `<body></body></html>`,
  );
  await page.addScriptTag({ content: readFileSync(HANDLEBARS_BROWSER_BUILD, "utf8") });
  const translations = flatten(
    JSON.parse(readFileSync(resolve(REPO_ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>,
  );
  await page.evaluate(
    ({ source, context, translations, classes, title, width, height, theme, partials }) => {
      interface HandlebarsLike {
        registerHelper(name: string, fn: (...args: unknown[]) => unknown): void;
        registerPartial(name: string, source: string): void;
        compile(source: string): (context: unknown) => string;
        escapeExpression(value: string): string;
      }
      const hbs = (window as unknown as { Handlebars: HandlebarsLike }).Handlebars;
      // The two core helpers Fray's templates use, with Foundry's semantics: localize returns
      // the key itself when a translation is missing; eq is strict equality.
      hbs.registerHelper("localize", (key: unknown) => {
        const text = translations[String(key)];
        return text ?? String(key);
      });
      hbs.registerHelper("eq", (a: unknown, b: unknown) => a === b);
      for (const [name, partial] of Object.entries(partials)) hbs.registerPartial(name, partial);
      const app = document.createElement("div");
      app.className = ["application", "sheet", `theme-${theme}`, ...classes].join(" ");
      app.style.setProperty("--app-width", `${width}px`);
      app.style.setProperty("--app-height", `${height}px`);
      const header = document.createElement("header");
      header.className = "window-header";
      header.textContent = title;
      const content = document.createElement("section");
      content.className = "window-content";
      content.innerHTML = hbs.compile(source)(context);
      app.append(header, content);
      document.body.append(app);
    },
    {
      source: readFileSync(resolve(REPO_ROOT, request.template), "utf8"),
      context: request.context,
      translations,
      classes: request.classes,
      title: request.title,
      width: request.width,
      height: request.height,
      theme: request.theme ?? "light",
      partials: preloadedPartials(),
    },
  );
  await fontsLoaded(page);
  return page;
}

/** One text element's contrast against what is painted behind it. */
export interface ContrastFinding {
  text: string;
  ratio: number;
  /** Every text below WCAG AA (4.5:1, 3:1 for large text), worst first, for the failure message. */
  below: string[];
}

/**
 * The lowest contrast of any visible text in `selector` (WCAG ratio, 1–21): the text colour
 * against its background, composited through every translucent ancestor down to the frame.
 * Text includes what a field shows (an input's value, a select's chosen option). `below` lists
 * each text under WCAG AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
 */
export async function lowestContrast(page: Page, selector: string): Promise<ContrastFinding> {
  return page.locator(selector).evaluate((root) => {
    type Rgba = [number, number, number, number];
    // Computed colours come as rgb()/rgba(), or as color(srgb …) with 0–1 channels (color-mix).
    const parse = (css: string): Rgba => {
      const srgb = /color\(srgb ([^)]+)\)/.exec(css);
      const m = srgb ?? /rgba?\(([^)]+)\)/.exec(css);
      if (!m?.[1]) return [0, 0, 0, 0];
      const parts = m[1]
        .split(/[\s,/]+/)
        .filter((p) => p !== "")
        .map(Number);
      const scale = srgb ? 255 : 1;
      return [
        (parts[0] ?? 0) * scale,
        (parts[1] ?? 0) * scale,
        (parts[2] ?? 0) * scale,
        parts[3] ?? 1,
      ];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) =>
        ((top[i] ?? 0) * top[3] + (under[i] ?? 0) * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const background = (el: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let e = el; e !== null; e = e.parentElement) {
        layers.push(parse(getComputedStyle(e).backgroundColor));
      }
      return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    let worst = { text: "", ratio: 21 };
    const below: [string, number][] = [];
    const measure = (text: string, el: Element) => {
      if (text === "" || el.getClientRects().length === 0) return;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || Number(style.opacity) === 0) return;
      const bg = background(el);
      const fg = over(parse(style.color), bg);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < worst.ratio) worst = { text, ratio };
      if (ratio < (large ? 3 : 4.5)) below.push([text, ratio]);
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el === null || el.closest("select") !== null) continue;
      measure(node.textContent?.trim() ?? "", el);
    }
    for (const field of root.querySelectorAll("input, select, textarea")) {
      const type = field.getAttribute("type") ?? "text";
      if (["checkbox", "radio", "hidden", "range", "color", "image"].includes(type)) continue;
      const shown =
        field instanceof HTMLSelectElement
          ? (field.selectedOptions[0]?.textContent ?? "")
          : (field as HTMLInputElement).value;
      measure(shown.trim(), field);
    }
    below.sort((a, b) => a[1] - b[1]);
    return { ...worst, below: below.map(([t, r]) => `${t} (${r.toFixed(2)})`) };
  });
}

/** A template the shell rendered through core's renderTemplate, and the context it gave. */
export interface RecordedTemplate {
  /** Repository path, e.g. "templates/twodice/chat/check-card.hbs". */
  template: string;
  context: unknown;
}

/**
 * Records every template the shell renders through `foundry.applications.handlebars.renderTemplate`
 * from now on (a dialog's content, a card's), still rendering it as before: a test drives the shell
 * as a user would, then shows the recorded contexts in Chromium. Call after the table fakes
 * (fake-foundry/table.ts) give core's renderTemplate.
 */
export function recordTemplates(): RecordedTemplate[] {
  const handlebars = (
    globalThis as unknown as {
      foundry: { applications: { handlebars: Record<string, unknown> } };
    }
  ).foundry.applications.handlebars;
  const render = handlebars["renderTemplate"] as (
    path: string,
    context: unknown,
  ) => Promise<string>;
  const recorded: RecordedTemplate[] = [];
  handlebars["renderTemplate"] = (path: string, context: unknown) => {
    recorded.push({ template: path.replace(/^systems\/fray\//, ""), context });
    return render(path, context);
  };
  return recorded;
}

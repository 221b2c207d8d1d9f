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
 * Stand-in for Foundry's window chrome around an application, so screenshots look like a
 * sheet in a window. Only the frame: everything inside comes from styles/fray.css.
 */
const FRAME_CSS = `
  body { margin: 0; padding: 16px; background: #2b2d31; font-family: "Signika", "Segoe UI", sans-serif; }
  .application { width: var(--app-width); height: var(--app-height); background: #e8e4da; color: #191813;
    border-radius: 6px; box-shadow: 0 0 12px #000a; display: flex; flex-direction: column; overflow: hidden; }
  .application > header.window-header { background: #23221d; color: #f0f0e0; padding: 6px 10px; font-weight: bold; }
  .application > .window-content { flex: 1; padding: 10px; overflow: hidden; min-height: 0; }
  input, select { font: inherit; background: #fff8; border: 1px solid #7a7971; border-radius: 3px; padding: 2px 4px; }
`;

export interface RenderRequest {
  /** Repository path of the template, e.g. "templates/actor/actor-sheet.hbs". */
  template: string;
  context: unknown;
  /** Classes of the application element, as the sheet's DEFAULT_OPTIONS give them. */
  classes: string[];
  title: string;
  width: number;
  height: number;
}

/** Opens a page showing the rendered template inside an application frame. */
export async function renderInPage(browser: Browser, request: RenderRequest): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: request.width + 32, height: request.height + 32 },
  });
  const css = readFileSync(resolve(REPO_ROOT, "styles/fray.css"), "utf8");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${FRAME_CSS}</style><style>${css}</style></head>` +
      `<body></body></html>`,
  );
  await page.addScriptTag({ content: readFileSync(HANDLEBARS_BROWSER_BUILD, "utf8") });
  const translations = flatten(
    JSON.parse(readFileSync(resolve(REPO_ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>,
  );
  await page.evaluate(
    ({ source, context, translations, classes, title, width, height }) => {
      interface HandlebarsLike {
        registerHelper(name: string, fn: (...args: unknown[]) => unknown): void;
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
      const app = document.createElement("div");
      app.className = ["application", "sheet", ...classes].join(" ");
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
    },
  );
  return page;
}

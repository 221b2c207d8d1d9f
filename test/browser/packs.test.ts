/**
 * Fray's ready-made content in Chromium: a WWN pack NPC (the Bandit chief from packs/wwn-actors/),
 * read from its pack through the fake's compendium and imported as core imports it, rendered
 * with the real WWN sheet template and CSS; FRAY_UPDATE_DOCS=1 writes docs/wwn-pack-npc.png for
 * the README. Core's icons (icons/svg/*.svg) are not in this repository, so the page shows small
 * stand-ins for them. Also: the Compendium sidebar hides other rulesets' packs and the folders
 * they leave empty, on a directory marked up as core v13 marks it.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packDocumentsByName } from "../../scripts/packs.ts";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument, DocumentSource } from "../fake-foundry/documents.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import type * as SheetModule from "../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts";
import type * as PacksModule from "../../src/foundry/packs.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";
const CHIEF = "Compendium.fray.wwn-actors.Actor.wnNpcBanditChief";

const svg = (body: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);
/** Stand-ins for the core icons the pack names. */
const CORE_ICONS: Record<string, string> = {
  "icons/svg/mystery-man.svg": svg(
    '<rect width="10" height="10" fill="#666"/><circle cx="5" cy="4" r="2.2" fill="#ddd"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#ddd"/>',
  ),
  "icons/svg/sword.svg": svg(
    '<rect width="10" height="10" rx="2" fill="#667"/><path d="M2 8 8 2" stroke="#ccd" stroke-width="1.5"/>',
  ),
  "icons/svg/shield.svg": svg(
    '<rect width="10" height="10" rx="2" fill="#667"/><path d="M2 2h6v3q0 3-3 4-3-1-3-4z" fill="#ccd"/>',
  ),
};
const standIn = (img: unknown) => CORE_ICONS[String(img)] ?? img;

let fake: FakeFoundry;
let browser: Browser;
let sheets: typeof SheetModule;
let packs: typeof PacksModule;

beforeAll(async () => {
  const sources = packDocumentsByName(REPO_ROOT) as Record<string, DocumentSource[]>;
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" }, packs: sources });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  await fake.hooks.callAsync("setup");
  sheets = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
  packs = await import("../../src/foundry/packs.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("a WWN pack NPC, imported and rendered in Chromium", () => {
  let page: Page;

  beforeAll(async () => {
    const g = globalThis as unknown as {
      Actor: typeof ClientDocument;
      fromUuid(uuid: string): Promise<ClientDocument | undefined>;
    };
    const packed = await g.fromUuid(CHIEF);
    if (!packed) throw new Error(`no ${CHIEF}`);
    const source = packed.toObject();
    const items = (source["items"] ?? []) as DocumentSource[];
    const actor = (await g.Actor.create({
      ...source,
      img: standIn(source.img) as string,
      items: items.map((item) => ({ ...item, img: standIn(item.img) as string })),
      _stats: { compendiumSource: CHIEF },
    })) as unknown as Actor.Implementation;
    page = await renderInPage(browser, {
      template: "templates/wwn/actor/actor-sheet.hbs",
      context: await sheets.wwnActorSheetContext(actor, true),
      classes: ["fray", "actor-sheet", "wwn"],
      title: "Bandit chief",
      width: 720,
      height: 780,
    });
    await page.screenshot({ path: resolve(OUTPUT, "wwn-pack-npc.png") });
    if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs/wwn-pack-npc.png") });
  });

  afterAll(async () => page.close());

  it("shows AC 16 from the pack's mail (15) and shield (+1)", async () => {
    await expect(page.locator(".wwn-ac .wwn-stat-value").innerText()).resolves.toBe("16");
  });

  it("lists the pack's sword and dagger, the sword's Shock 2/13 raised by Str 14", async () => {
    const rows = page.locator(".wwn-weapon");
    await expect(rows.locator(".fray-link").allInnerTexts()).resolves.toEqual(["Sword", "Dagger"]);
    await expect(rows.first().locator(".wwn-num").allInnerTexts()).resolves.toContain(
      "Shock 3/AC 13",
    );
  });
});

describe("the Compendium sidebar in a WWN world", () => {
  it("hides the other rulesets' packs and their emptied folders, and nothing else", async () => {
    const page = await browser.newPage();
    // Core v13's directory: folders (li.folder) holding pack entries marked with data-pack.
    const entry = (collection: string) =>
      `<li class="directory-item compendium" data-pack="${collection}" data-entry-id="${collection}">${collection}</li>`;
    const folder = (name: string, ...collections: string[]) =>
      `<li class="directory-item folder" data-folder-id="${name}"><header>${name}</header><ol>${collections.map(entry).join("")}</ol></li>`;
    await page.setContent(
      `<section id="compendium"><ol>` +
        folder("wl", "fray.worldlines-items", "fray.worldlines-journal") +
        folder("wn", "fray.wwn-items", "fray.wwn-journal") +
        entry("world.my-notes") +
        `</ol></section>`,
    );
    // What the hook's predicate picks in this WWN world (checked below).
    const hide = ["fray.worldlines-items", "fray.worldlines-journal"];
    // hidePackEntries as written in src/foundry/packs.ts, run on Chromium's DOM.
    await page.addScriptTag({
      content: `window.hidePackEntries = ${packs.hidePackEntries.toString()};`,
    });
    await page.evaluate((hidden) => {
      const { hidePackEntries } = window as unknown as {
        hidePackEntries: typeof PacksModule.hidePackEntries;
      };
      hidePackEntries(document.body, (collection) => hidden.includes(collection));
    }, hide);
    const visible = await page.locator("[data-pack]:visible").allInnerTexts();
    expect(visible).toEqual(["fray.wwn-items", "fray.wwn-journal", "world.my-notes"]);
    await expect(page.locator('[data-folder-id="wl"]').isVisible()).resolves.toBe(false);
    await expect(page.locator('[data-folder-id="wn"]').isVisible()).resolves.toBe(true);
    // The ruleset of each pack, read from its name: what the hook hands hidePackEntries.
    expect(packs.packRuleset("fray.wwn-items")).toBe("wwn");
    expect(packs.foreignRuleset(packs.packRuleset("fray.wwn-items"))).toBeNull();
    expect(packs.foreignRuleset(packs.packRuleset("fray.worldlines-items"))).toBe("worldlines");
    expect(packs.foreignRuleset(packs.packRuleset("fray.twodice-journal"))).toBe("twodice");
    expect(packs.packRuleset("world.my-notes")).toBeNull();
    await page.close();
  });
});

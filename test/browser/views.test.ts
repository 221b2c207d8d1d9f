/**
 * The harness draws core's icons, and the audits every view goes through (views.ts) see what a
 * person would: an icon-only button still needs a name for a screen reader, and a field whose
 * value is wider than the field (a long name in a narrow input, a select cut at a 400 px window)
 * is cut short unless a tooltip gives it whole; a long name squeezed into a column a word wide
 * reads as a list of words. Shown on a made-up view (audit-fixture.hbs).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, renderInPage } from "./harness.ts";
import { misfits, unusableControls } from "./views.ts";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await renderInPage(browser, {
    template: "test/browser/audit-fixture.hbs",
    context: {
      long: "Kara of the Marches, Warden of the Eastern Gate",
      short: "Kara",
      weapon: "Lochaber axe of the Ninth Marcher Company",
    },
    classes: ["fray"],
    title: "Audit fixture",
    width: 400,
    height: 400,
  });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("the browser harness", () => {
  it("draws Font Awesome 6 icons as core v13 does, so an icon-only button is not blank", async () => {
    const icon = await page.locator(".icon-bare i").evaluate((i) => {
      const before = getComputedStyle(i, "::before");
      return {
        family: before.fontFamily,
        glyph: before.content,
        loaded: document.fonts.check('900 16px "Font Awesome 6 Free"'),
        status: [...document.fonts]
          .filter((f) => f.family.includes("Font Awesome 6 Free") && f.weight === "900")
          .map((f) => f.status),
      };
    });
    expect(icon.family).toContain("Font Awesome 6 Free");
    expect(icon.glyph).not.toBe("none");
    expect(icon.status).toEqual(["loaded"]);
    expect(icon.loaded).toBe(true);
  });
});

describe("the audits of every view", () => {
  it("name an icon-only button without aria-label or title, and pass a labelled one", async () => {
    const found = await unusableControls(page);
    expect(found.filter((f) => f.includes("icon-bare"))).toHaveLength(1);
    expect(found.filter((f) => f.includes("icon-named"))).toEqual([]);
  });

  it("name a control Tab skips or reaches unseen", async () => {
    const found = await unusableControls(page);
    expect(found.filter((f) => f.includes("tab-skipped"))).toEqual([
      expect.stringMatching(/^skipped by Tab/),
    ]);
    expect(found.filter((f) => f.includes("inert-kept"))).toEqual([
      expect.stringMatching(/^skipped by Tab/),
    ]);
    expect(found.filter((f) => f.includes('"unseen"'))).toEqual([
      expect.stringMatching(/^reached by Tab but not seen/),
    ]);
    expect(found).toHaveLength(4);
  });

  it("name a field whose value is wider than it, unless a tooltip shows it whole", async () => {
    const found = await misfits(page);
    const cut = (cls: string) => found.filter((f) => f.includes(`.${cls}>`));
    expect(cut("name-cut")).toHaveLength(1);
    expect(cut("name-cut")[0]).toMatch(/shows "Kara of the Marches.*" \d+ px cut short/);
    expect(cut("select-cut")).toHaveLength(1);
    for (const fits of ["name-tipped", "name-fits", "number-fits", "select-fits"]) {
      expect(cut(fits), fits).toEqual([]);
    }
    expect(found).toHaveLength(4);
  });

  it("name a name squeezed to one word per line, and pass one that wraps as a phrase", async () => {
    const found = await misfits(page);
    expect(found.filter((f) => f.includes(".word-column>"))).toEqual([
      expect.stringMatching(/wraps one word per line \(7 words on \d lines\)/),
    ]);
    expect(found.filter((f) => f.includes(".phrase-wraps>"))).toEqual([]);
  });

  it("name a word broken across two lines", async () => {
    const found = await misfits(page);
    expect(found.filter((f) => f.includes(".word-broken>"))).toEqual([
      expect.stringContaining('breaks "Attack" across lines'),
    ]);
  });
});

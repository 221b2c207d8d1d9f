/**
 * The encounter simulator's results window as a GM sees it, in Chromium with the real template
 * and CSS: a report from the rules (four against four in Worldlines, a fixed seed) turned into the
 * window's view by the shell's own view builder, with its two SVG charts.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import { Localization } from "../fake-foundry/game.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { simulate } from "../../src/rules/sim/simulate.ts";
import { worldlinesFourVsFour } from "../../src/rules/sim/fixtures.ts";
import { simulatorView } from "../../src/foundry/simulator/view.ts";
import type { SimulatorView } from "../../src/foundry/simulator/view.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
/** Set FRAY_UPDATE_DOCS=1 to refresh the README screenshots under docs/. */
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

const words = new Localization(
  JSON.parse(readFileSync(resolve(REPO_ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>,
);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

/** The window as SimulatorApp shows it (its classes and title), `height` pixels tall. */
function showWindow(view: SimulatorView, height: number) {
  return renderInPage(browser, {
    template: "templates/simulator/simulator.hbs",
    context: view,
    classes: ["fray", "fray-simulator"],
    title: "Encounter simulator",
    width: 480,
    height,
  });
}

describe("the simulator's results window", () => {
  it("shows who wins with intervals, how many rounds it takes, and each fighter's fate", async () => {
    const request = worldlinesFourVsFour(2000, "docs");
    const result = simulate({
      ...request,
      teams: [
        { id: "blue", name: "Crew", isPlayerSide: true },
        { id: "red", name: "Raiders", isPlayerSide: false },
      ],
      maxRounds: 8,
    });
    if (!result.ok) throw new Error(result.reason);
    const report = result.value;
    const view = simulatorView({ kind: "done", report }, words, {
      blue: "#4a6fa5",
      red: "#a54a4a",
    });
    const page = await showWindow(view, 620);
    await page.screenshot({ path: resolve(OUTPUT, "simulator.png") });
    if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs/simulator.png") });

    // One bar per outcome that happened; each as long as its chance, the numbers beside it.
    const bars = page.locator(".fray-sim-wins .fray-sim-bar");
    const shown = [report.teams[0]?.win, report.teams[1]?.win];
    if (report.draw.count > 0) shown.push(report.draw);
    if (report.unresolved.count > 0) shown.push(report.unresolved);
    await expect(bars.count()).resolves.toBe(shown.length);
    const widths = await bars.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().width),
    );
    const total = widths.reduce((a, b) => a + b, 0);
    shown.forEach((p, i) => {
      expect((widths[i] ?? 0) / total).toBeCloseTo(p?.chance ?? 0, 1);
    });
    const values = await page.locator(".fray-sim-wins .fray-sim-value").allTextContents();
    expect(values[0]).toBe(`${((report.teams[0]?.win.chance ?? 0) * 100).toFixed(1)}%`);
    const labels = await page.locator(".fray-sim-wins .fray-sim-label").allTextContents();
    expect(labels.slice(0, 2)).toEqual(["Crew", "Raiders"]);

    // The histogram: the tallest column is the commonest number of rounds.
    const columns = page.locator(".fray-sim-rounds .fray-sim-bar");
    const heights = await columns.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().height),
    );
    const ticks = await page.locator(".fray-sim-rounds .fray-sim-tick").allTextContents();
    const commonest = report.rounds.histogram.indexOf(Math.max(...report.rounds.histogram));
    expect(ticks[heights.indexOf(Math.max(...heights))]).toBe(String(commonest));

    // Every fighter has a row; the charts fit inside the window.
    await expect(page.locator(".fray-sim-fighters tbody tr").count()).resolves.toBe(8);
    const fits = await page.evaluate(() => {
      const content = document.querySelector(".window-content")?.getBoundingClientRect();
      return [...document.querySelectorAll(".fray-sim-chart, .fray-sim-fighters")].every((el) => {
        const box = el.getBoundingClientRect();
        return (
          content !== undefined &&
          box.right <= content.right + 0.5 &&
          box.bottom <= content.bottom + 0.5
        );
      });
    });
    expect(fits).toBe(true);
    await expect(page.locator(".fray-sim-summary").innerText()).resolves.toContain("“docs”");
  });

  it("shows a progress bar and Cancel while the fights run", async () => {
    const view = simulatorView({ kind: "running", done: 2500, total: 10_000 }, words);
    const page = await showWindow(view, 160);
    await page.screenshot({ path: resolve(OUTPUT, "simulator-progress.png") });
    await expect(page.locator("progress").getAttribute("value")).resolves.toBe("25");
    await expect(page.locator("[data-action=cancel]").innerText()).resolves.toContain("Cancel");
    await expect(page.locator(".fray-sim-progress-text").innerText()).resolves.toBe(
      "Playing fights: 2,500 of 10,000…",
    );
  });
});

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
import { auditRenderedViews } from "./views.ts";
import { simAdapterInfo, simulate } from "../../src/rules/sim/simulate.ts";
import type { SimAdapterInfo, SimRequest } from "../../src/rules/sim/simulate.ts";
import type { SimTactic } from "../../src/rules/sim/types.ts";
import type { WorldlinesSimFighter } from "../../src/rules/sim/worldlines.ts";
import { worldlinesFourVsFour } from "../../src/rules/sim/fixtures.ts";
import { simulatorView } from "../../src/foundry/simulator/view.ts";
import type { SimulatorView } from "../../src/foundry/simulator/view.ts";
import type { SetupInput } from "../../src/foundry/simulator/setup-view.ts";
import { draftOf } from "../../src/foundry/simulator/tactics.ts";

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
    width: 520,
    height,
  });
}

function infoOf(ruleset: string): SimAdapterInfo {
  const info = simAdapterInfo(ruleset);
  if (info === undefined) throw new Error(`no simulator for ${ruleset}`);
  return info;
}

/** The set-up pane of `request` as the window builds it, each fighter with the tactic it plays. */
function setupOf(
  request: SimRequest,
  teams: readonly { id: string; name: string }[],
  overrides: Partial<SetupInput> = {},
): SetupInput {
  const info = infoOf(request.ruleset);
  const fighters = request.fighters.map((f) => {
    const c = (f as unknown as { combatant: { id: string; name: string; teamId: string } })
      .combatant;
    return { combatantId: c.id, name: c.name, teamId: c.teamId };
  });
  const tactics: Record<string, SimTactic> = Object.fromEntries(
    request.fighters.map((f, i) => [
      fighters[i]?.combatantId ?? "",
      { ...info.defaultTactic, ...f.tactic },
    ]),
  );
  return {
    ruleset: request.ruleset,
    info,
    fighters,
    teams,
    draft: draftOf(tactics, request.fights, String(request.seed)),
    error: null,
    busy: false,
    open: true,
    ...overrides,
  };
}

describe("the simulator's results window", () => {
  it("shows who wins with intervals, how many rounds it takes, and each fighter's fate", async () => {
    // The raiders rush in: random targets, no evading, nothing kept back.
    const fixture = worldlinesFourVsFour(2000, "docs");
    // Named as a table would name them (the README's picture), in the fixture's order.
    const names = [
      "Maya Okafor",
      "Ash Varga",
      "Bram Okafor",
      "Jun Reyes",
      "Raider captain",
      "Raider",
      "Sniper",
      "Scout",
    ];
    const request: SimRequest = {
      ...fixture,
      fighters: (fixture.fighters as readonly WorldlinesSimFighter[]).map((f, k) => {
        const named = { ...f, combatant: { ...f.combatant, name: names[k] ?? f.combatant.name } };
        return f.combatant.teamId === "red"
          ? { ...named, tactic: { target: "random", defend: false, reserve: 0 } }
          : named;
      }),
      teams: [
        { id: "blue", name: "Crew", isPlayerSide: true },
        { id: "red", name: "Raiders", isPlayerSide: false },
      ],
      maxRounds: 8,
    };
    const result = simulate(request);
    if (!result.ok) throw new Error(result.reason);
    const report = result.value;
    const colors = { blue: "#4a6fa5", red: "#a54a4a" };
    const view = simulatorView({ kind: "done", report }, words, colors, undefined, {
      setup: setupOf(request, request.teams),
    });
    const page = await showWindow(view, 930);
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

    // The set-up pane: a "whole team" row and a row per fighter, each with its tactic.
    const setup = page.locator("form.fray-sim-setup");
    await expect(setup.locator(".fray-sim-team-row").count()).resolves.toBe(2);
    await expect(setup.locator(".fray-sim-member").count()).resolves.toBe(8);
    const targets = await setup
      .locator(".fray-sim-member select")
      .evaluateAll((els) =>
        els.map((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
      );
    expect(targets).toEqual([
      ...Array<string>(4).fill("Weakest"),
      ...Array<string>(4).fill("Random"),
    ]);
    const evading = await setup
      .locator(".fray-sim-member input[type=checkbox]")
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).checked));
    expect(evading).toEqual([true, true, true, true, false, false, false, false]);
    const reserves = setup.locator(".fray-sim-member input[type=number]");
    await expect(
      reserves.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value)),
    ).resolves.toEqual(["1", "1", "1", "1", "0", "0", "0", "0"]);
    await expect(reserves.first().getAttribute("max")).resolves.toBe("6");
    // What defending and the reserve mean here, in Worldlines' words.
    const heads = await setup.locator("thead th").allTextContents();
    expect(heads).toEqual(["Fighter", "Target", "Evade", "Energy kept"]);
    await expect(setup.locator("thead th").nth(2).getAttribute("title")).resolves.toContain(
      "Evades every attack",
    );
    await expect(setup.locator("input[name=fights]").inputValue()).resolves.toBe("2000");
    await expect(setup.locator("input[name=seed]").inputValue()).resolves.toBe("docs");
    await expect(setup.locator("button[type=submit]").innerText()).resolves.toContain("Run again");

    // Out of range, the browser still hands the form over (the window checks it and says what
    // is wrong in its own words) rather than stopping it with its own bubble.
    await page.evaluate(() => {
      document.querySelector("form.fray-sim-setup")?.addEventListener("submit", (event) => {
        event.preventDefault();
        document.body.dataset["submitted"] = "yes";
      });
    });
    await reserves.first().fill("9");
    await setup.locator("button[type=submit]").click();
    await expect(page.evaluate(() => document.body.dataset["submitted"])).resolves.toBe("yes");
  });

  it("has no reserve where the ruleset has none, and shows why nothing ran", async () => {
    const request: SimRequest = { ...worldlinesFourVsFour(10, "w"), ruleset: "wwn" };
    const teams = [
      { id: "blue", name: "Crew" },
      { id: "red", name: "Raiders" },
    ];
    const view = simulatorView({ kind: "cancelled" }, words, {}, undefined, {
      setup: setupOf(request, teams, {
        error: { key: "emptySeed", data: {} },
      }),
    });
    const page = await showWindow(view, 520);
    await expect(
      page.locator("form.fray-sim-setup input[type=number][name^=tactic]").count(),
    ).resolves.toBe(0);
    const heads = await page.locator("form.fray-sim-setup thead th").allTextContents();
    expect(heads).toEqual(["Fighter", "Target", "Total Defense when hurt"]);
    await expect(page.locator(".fray-sim-setup-error").innerText()).resolves.toBe(
      "The seed cannot be empty. Nothing was run.",
    );
  });

  it("shows names and the seed as text, never as markup", async () => {
    const hostile = '<img src="x" onerror="document.body.dataset.pwned=1">';
    const request = worldlinesFourVsFour(10, `<b>seed</b>`);
    const named: SimRequest = {
      ...request,
      fighters: (request.fighters as readonly WorldlinesSimFighter[]).map((f, i) =>
        i === 0 ? { ...f, combatant: { ...f.combatant, name: `Kit ${hostile}` } } : f,
      ),
    };
    const result = simulate(named);
    if (!result.ok) throw new Error(result.reason);
    const teams = [
      { id: "blue", name: `<i>Crew</i>` },
      { id: "red", name: "Raiders" },
    ];
    const view = simulatorView({ kind: "done", report: result.value }, words, {}, undefined, {
      setup: setupOf(named, teams, {
        error: { key: "badReserve", data: { name: `Kit ${hostile}`, value: "<u>9</u>", max: 6 } },
      }),
    });
    const page = await showWindow(view, 930);
    await expect(
      page
        .locator(
          ".window-content img, .window-content i:not(.fa-solid), .window-content b, .window-content u",
        )
        .count(),
    ).resolves.toBe(0);
    await expect(page.locator(".fray-sim-member .fray-sim-name").first().innerText()).resolves.toBe(
      `Kit ${hostile}`,
    );
    await expect(
      page.locator(".fray-sim-team-row .fray-sim-name").first().innerText(),
    ).resolves.toContain("<i>Crew</i>");
    await expect(page.locator("input[name=seed]").inputValue()).resolves.toBe("<b>seed</b>");
    await expect(page.locator(".fray-sim-summary").innerText()).resolves.toContain("“<b>seed</b>”");
    await expect(page.locator(".fray-sim-setup-error").innerText()).resolves.toContain("<u>9</u>");
    await expect(page.evaluate(() => document.body.dataset["pwned"])).resolves.toBeUndefined();
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

auditRenderedViews(() => browser, {
  templates: ["templates/simulator/simulator.hbs"],
});

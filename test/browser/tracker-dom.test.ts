/**
 * The tracker's GM interactions in Chromium, on the real tracker template: dragging a combatant
 * onto another team moves it there (issue 18), and the forms of the team dialogs (create, edit)
 * and of the context menu's "Move to team" read what the GM entered, escaped. The DOM wiring is
 * src/foundry/combat/tracker-dom.ts, the same code the tracker runs in Foundry, loaded into the
 * page; the move itself then runs through the fake's combat as it does in the tracker.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";

let fake: FakeFoundry;
let browser: Browser;
let combat: Combat.Implementation;
let trackerContext: typeof import("../../src/foundry/combat/tracker.ts").trackerContext;
let moveCombatant: typeof import("../../src/foundry/combat/teams.ts").moveCombatant;

/** What the page's `window.frayTrackerDom` holds (src/foundry/combat/tracker-dom.ts). */
type TrackerDom = typeof import("../../src/foundry/combat/tracker-dom.ts");
type PageWindow = { frayTrackerDom: TrackerDom; moves: [string, string][] };

/** tracker-dom.ts as a classic script that puts its functions on `window.frayTrackerDom`. */
function trackerDomScript(): string {
  const source = readFileSync(resolve(REPO_ROOT, "src/foundry/combat/tracker-dom.ts"), "utf8");
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const names = [...js.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
  return `${js.replace(/^export /gm, "")}\nwindow.frayTrackerDom = { ${names.join(", ")} };`;
}

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  trackerContext = (await import("../../src/foundry/combat/tracker.ts")).trackerContext;
  moveCombatant = (await import("../../src/foundry/combat/teams.ts")).moveCombatant;
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments([
    { name: "Ash", type: "character", prototypeToken: { disposition: 1 } },
    { name: "Bram", type: "character", prototypeToken: { disposition: 1 } },
    { name: "Raider", type: "npc", prototypeToken: { disposition: -1 } },
  ]);
  combat = (await Combat.create({})) as unknown as Combat.Implementation;
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await whenIdle();
  browser = await launchChromium();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

async function renderTracker(): Promise<Page> {
  const gm = fake.users.all.find((u) => u.isGM);
  const context = trackerContext(combat, gm as unknown as User.Implementation);
  const page = await renderInPage(browser, {
    template: "templates/combat/tracker.hbs",
    context: { fray: context },
    classes: ["fray", "combat-sidebar"],
    title: "Combat Tracker",
    width: 340,
    height: 560,
  });
  await page.addScriptTag({ content: trackerDomScript() });
  return page;
}

/** The team a combatant is stored in (its `group`). */
function teamOf(name: string): string {
  const c = combat.combatants.contents.find((x) => x.name === name);
  return (c as unknown as { _source: { group: string | null } } | undefined)?._source.group ?? "";
}

/** The team blocks as the page shows them: each team's id and the names listed in it. */
async function shownTeams(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const out: Record<string, string[]> = {};
    for (const block of document.querySelectorAll<HTMLElement>(".fray-tracker .fray-team")) {
      out[block.dataset["teamId"] ?? ""] = [
        ...block.querySelectorAll<HTMLElement>(".fray-member-name"),
      ].map((n) => n.innerText.trim());
    }
    return out;
  });
}

describe("dragging a combatant onto another team (GM)", () => {
  it("moves it to that team, as the page shows after the drop", async () => {
    const page = await renderTracker();
    await page.evaluate(() => {
      const w = window as unknown as PageWindow;
      w.moves = [];
      w.frayTrackerDom.wireTeamDrag(document, (c, t) => w.moves.push([c, t]));
    });
    const bram = combat.combatants.contents.find((c) => c.name === "Bram");
    const from = teamOf("Bram");
    const teams = await shownTeams(page);
    const to = Object.keys(teams).find((id) => id !== from) ?? "";
    expect(teams[from]).toContain("Bram");
    expect(
      await page.locator(`[data-combatant-id="${bram?.id ?? ""}"]`).getAttribute("draggable"),
    ).toBe("true");

    await page.dragAndDrop(
      `[data-combatant-id="${bram?.id ?? ""}"]`,
      `.fray-team[data-team-id="${to}"]`,
    );
    const moves = await page.evaluate(() => (window as unknown as { moves: unknown }).moves);
    expect(moves).toEqual([[bram?.id, to]]);

    // The tracker hands the drop to moveCombatant; the tracker re-rendered shows Bram there.
    expect(await moveCombatant(combat as never, bram?.id ?? "", to)).toMatchObject({ ok: true });
    const after = await shownTeams(await renderTracker());
    expect(after[to]).toContain("Bram");
    expect(after[from]).not.toContain("Bram");
  });

  it("ignores a drop that is not a Fray combatant", async () => {
    const page = await renderTracker();
    const moves = await page.evaluate(() => {
      const w = window as unknown as PageWindow;
      const seen: [string, string][] = [];
      w.frayTrackerDom.wireTeamDrag(document, (c, t) => seen.push([c, t]));
      const block = document.querySelector(".fray-tracker .fray-team");
      const data = new DataTransfer();
      data.setData("text/plain", "an actor link, not a combatant");
      block?.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true }));
      return seen;
    });
    expect(moves).toEqual([]);
  });
});

describe("the team dialogs' forms", () => {
  it("the create/edit form reads the typed name and colour, and shows a name as text", async () => {
    const page = await renderTracker();
    await page.evaluate(() => {
      const dom = (window as unknown as PageWindow).frayTrackerDom;
      const escape = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
      const form = document.createElement("form");
      form.id = "team";
      form.innerHTML = dom.teamForm(
        { name: "Name", color: "Colour" },
        "<b>Red</b>",
        "#aa0000",
        escape,
      );
      document.body.append(form);
    });
    await expect(page.locator("#team input[name=name]").inputValue()).resolves.toBe("<b>Red</b>");
    expect(await page.locator("#team b").count()).toBe(0);
    await page.fill("#team input[name=name]", "Blue Squad");
    await page.locator("#team input[name=color]").evaluate((i: HTMLInputElement) => {
      i.value = "#3355ff";
    });
    const read = await page.evaluate(() => {
      const dom = (window as unknown as PageWindow).frayTrackerDom;
      return dom.readTeamForm(document.querySelector("form#team"));
    });
    expect(read).toEqual({ name: "Blue Squad", color: "#3355ff" });
  });

  it("the context menu's Move to team form offers every team and reads the choice", async () => {
    const page = await renderTracker();
    const teams = Object.keys(await shownTeams(page));
    const picked = await page.evaluate((ids) => {
      const dom = (window as unknown as PageWindow).frayTrackerDom;
      const form = document.createElement("form");
      form.innerHTML = dom.moveForm(
        "Team",
        ids.map((id, i) => ({ id, name: `Team ${String(i)}` })),
        (t: string) => t,
      );
      document.body.append(form);
      const select = form.querySelector("select");
      if (select === null) return null;
      select.value = ids[1] ?? "";
      return { options: select.options.length, value: dom.readMoveForm(form) };
    }, teams);
    expect(picked).toEqual({ options: teams.length, value: teams[1] });
  });
});

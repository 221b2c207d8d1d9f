import { copyFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, lowestContrast, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import type { Theme } from "./harness.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
/** Set FRAY_UPDATE_DOCS=1 to refresh docs/tracker.png for the README. */
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

const portrait = (fill: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${fill}"/><circle cx="5" cy="4" r="2.2" fill="#dde"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#dde"/></svg>`,
  );

let fake: FakeFoundry;
let browser: Browser;
let combat: Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
};
let trackerContext: typeof import("../../src/foundry/combat/tracker.ts").trackerContext;

/** Two teams mid-round: one hero has acted, the other is acting; an enemy is down, one hidden. */
beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  trackerContext = (await import("../../src/foundry/combat/tracker.ts")).trackerContext;
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const people = [
    ["Ash Varga", 1, "#2e6da4", { health: 14, energy: 2 }],
    ["Bram Okafor", 1, "#3a7d44", { health: 20, energy: 6 }],
    ["Raider captain", -1, "#8e2c2c", { health: 9, energy: 6 }],
    ["Raider", -1, "#7b4a2a", { health: 0, energy: 6 }],
    ["Sniper", -1, "#4a4a4a", { health: 12, energy: 6 }],
  ] as const;
  const actors = await Actor.createDocuments(
    people.map(([name, disposition, color, values]) => ({
      name,
      type: disposition === 1 ? "character" : "npc",
      img: portrait(color),
      prototypeToken: { disposition },
      ownership: disposition === 1 ? { [PLAYER.id]: 3 } : {},
      system: {
        health: { value: values.health, max: 20 },
        energy: { value: values.energy, max: 6 },
      },
    })),
  );
  combat = (await Combat.create({})) as unknown as typeof combat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor, i) => ({ actorId: actor.id, defeated: i === 3, hidden: i === 4 })),
  );
  await whenIdle();
  (fake.CONFIG["statusEffects"] as unknown as unknown[]).push({
    id: "marked",
    name: "Marked",
    img: "",
  });
  Object.defineProperty(actors[0], "statuses", { value: new Set(["marked"]) });
  await combat.startCombat();
  // Whatever the momentum rolls said, play the heroes' phase for this picture.
  const heroes = combat.groups.getName("Friendly")?.id ?? "";
  const [ash, bram] = combat.combatants.contents;
  const state = () =>
    (combat.flags as { fray: { turn: { plan: { teamId?: string }[]; phaseIndex: number } } }).fray
      .turn;
  if (state().plan[state().phaseIndex]?.teamId !== heroes) {
    for (const c of combat.combatants.contents.filter((c) => !c.defeated && !c.hidden)) {
      if ((c as unknown as { group: string }).group !== heroes) {
        await combat.endCombatantTurn(c.id ?? "");
      }
    }
    await combat.endCombatantTurn(combat.combatants.contents[4]?.id ?? "");
  }
  await combat.activateCombatant(ash?.id ?? "");
  await combat.endCombatantTurn(ash?.id ?? "");
  await combat.activateCombatant(bram?.id ?? "");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

async function render(viewer: "gm" | "player", theme: Theme = "light"): Promise<Page> {
  const user = fake.users.get(viewer === "gm" ? GM.id : PLAYER.id);
  if (!user) throw new Error("no user");
  const context = trackerContext(combat, user as unknown as User.Implementation);
  return renderInPage(browser, {
    template: "templates/combat/tracker.hbs",
    context: { fray: context },
    classes: ["fray", "combat-sidebar"],
    title: "Combat Tracker",
    width: 340,
    height: 560,
    theme,
  });
}

describe("the combat tracker, two teams mid-round", () => {
  it("shows the round, the phase, the teams as coloured blocks and who has acted", async () => {
    const page = await render("gm");
    await page.screenshot({ path: resolve(OUTPUT, "tracker.png") });
    if (UPDATE_DOCS) {
      mkdirSync(resolve(REPO_ROOT, "docs"), { recursive: true });
      copyFileSync(resolve(OUTPUT, "tracker.png"), resolve(REPO_ROOT, "docs/tracker.png"));
    }
    await expect(page.locator(".fray-round").innerText()).resolves.toBe("Round 1");
    await expect(page.locator(".fray-phase-name strong").innerText()).resolves.toBe("Friendly");
    const teams = page.locator(".fray-team");
    expect(await teams.count()).toBe(2);
    const current = page.locator(".fray-team.current");
    await expect(current.locator(".fray-team-name").innerText()).resolves.toBe("Friendly");
    const colors = await teams.evaluateAll((blocks) =>
      blocks.map((b) => getComputedStyle(b).borderLeftColor),
    );
    expect(new Set(colors).size).toBe(2);
    const ash = page.locator(".combatant", { hasText: "Ash Varga" });
    await expect(ash.locator(".fray-state").innerText()).resolves.toContain("acted");
    await expect(ash.locator(".fray-status").innerText()).resolves.toBe("Marked");
    const bram = page.locator(".combatant.active");
    await expect(bram.locator(".fray-member-name").innerText()).resolves.toBe("Bram Okafor");
    await expect(bram.locator(".fray-end-turn").isVisible()).resolves.toBe(true);
    const raider = page.locator(".combatant.defeated");
    expect(Number(await raider.evaluate((li) => getComputedStyle(li).opacity))).toBeLessThan(0.6);
    // The order passes over the defeated raider, and the tracker says why.
    const why = raider.locator(".fray-state.defeated");
    await expect(why.innerText()).resolves.toBe("skipped: defeated");
    await expect(why.getAttribute("data-tooltip")).resolves.toBe(
      "defeated: the turn order passes over them.",
    );
    expect(await raider.locator(".fray-state.waiting").count()).toBe(0);
    // End phase names the phase it ends.
    await expect(page.locator(".fray-end-phase").getAttribute("data-phase")).resolves.toMatch(
      /^1:team:/,
    );
    const text = await page.locator(".fray-tracker").innerText();
    expect(text).not.toMatch(/FRAY\.|TYPES\./);
    expect(text).toContain("Sniper");
    // The GM can simulate from the phase header and from each team's side.
    expect(await page.locator("[data-action=fraySimulate]").count()).toBe(1 + 2);
  });

  it("hides hidden combatants from players and offers them only their own buttons", async () => {
    const page = await render("player");
    const text = await page.locator(".fray-tracker").innerText();
    expect(text).not.toContain("Sniper");
    expect(text).toContain("Raider captain");
    expect(
      await page
        .locator(
          ".fray-end-phase, .fray-new-team, [data-action=frayEditTeam], [data-action=fraySimulate]",
        )
        .count(),
    ).toBe(0);
    expect(await page.locator(".fray-end-turn").count()).toBe(1);
  });
});

describe("moving a combatant to another team by keyboard", () => {
  it("gives the GM a labelled Move button on each combatant, reached by Tab", async () => {
    const page = await render("gm");
    const rows = page.locator(".combatant");
    const count = await rows.count();
    expect(count).toBe(5);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const name = await row.locator(".fray-member-name").innerText();
      const move = row.locator("button[data-action=frayMoveTeam]");
      await expect(move.getAttribute("aria-label")).resolves.toBe(`Move ${name} to another team`);
      await expect(move.isVisible()).resolves.toBe(true);
    }
    // From the top of the window, Tab reaches Ash's Move button (no mouse, no drag).
    const target = rows.first().locator("button[data-action=frayMoveTeam]");
    let reached = false;
    for (let presses = 0; presses < 40 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = await target.evaluate((button) => document.activeElement === button);
    }
    expect(reached).toBe(true);
    await page.close();
  });

  it("offers players no Move button", async () => {
    const page = await render("player");
    expect(await page.locator("button[data-action=frayMoveTeam]").count()).toBe(0);
    await page.close();
  });
});

describe("the combat tracker under core's themes", () => {
  it("stays readable in the light and the dark theme", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await render("gm", theme);
      const worst = await lowestContrast(page, ".fray-tracker");
      console.info(
        `tracker, ${theme} theme: lowest contrast ${worst.ratio.toFixed(2)} ("${worst.text}")`,
      );
      expect(worst.below, theme).toEqual([]);
      if (theme === "dark") {
        await page.screenshot({ path: resolve(OUTPUT, "tracker-dark.png") });
        if (UPDATE_DOCS) {
          copyFileSync(
            resolve(OUTPUT, "tracker-dark.png"),
            resolve(REPO_ROOT, "docs/tracker-dark.png"),
          );
        }
      }
    }
  });
});

auditRenderedViews(() => browser, {
  templates: ["templates/combat/tracker.hbs"],
});

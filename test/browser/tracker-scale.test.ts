/**
 * The tracker with 500 combatants, in Chromium with the real template and CSS: the list scrolls
 * inside the sidebar instead of overflowing it, and the team in play is scrolled into view.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";

let fake: FakeFoundry;
let browser: Browser;
let page: Page;

const HEIGHT = 560;

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const tracker = await import("../../src/foundry/combat/tracker.ts");
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments(
    Array.from({ length: 500 }, (_, i) => ({
      name: `Fighter ${String(i + 1)}`,
      type: "npc",
      prototypeToken: { disposition: [1, -1, 0][i % 3] },
    })),
  );
  const combat = (await Combat.create({})) as unknown as Combat.Implementation & {
    endPhase(): Promise<unknown>;
  };
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await whenIdle();
  await combat.startCombat();
  // Play on to the last team's phase: the block furthest down the list.
  await combat.endPhase();
  await combat.endPhase();
  const user = fake.users.get(GM.id) as unknown as User.Implementation;
  browser = await launchChromium();
  page = await renderInPage(browser, {
    template: "templates/combat/tracker.hbs",
    context: { fray: tracker.trackerContext(combat, user) },
    classes: ["fray", "combat-sidebar"],
    title: "Combat Tracker",
    width: 340,
    height: HEIGHT,
  });
  await page.evaluate(`(${tracker.keepCurrentTeamInView.toString()})(document.body)`);
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("the tracker with 500 combatants", () => {
  it("renders every combatant inside a list that scrolls within the sidebar", async () => {
    expect(await page.locator(".fray-tracker .combatant").count()).toBe(500);
    const list = await page.locator(".fray-tracker").evaluate((el) => ({
      client: el.clientHeight,
      scroll: el.scrollHeight,
      bottom: el.getBoundingClientRect().bottom,
      frameBottom: el.closest(".application")?.getBoundingClientRect().bottom ?? 0,
    }));
    expect(list.scroll).toBeGreaterThan(list.client * 10);
    expect(list.client).toBeLessThan(HEIGHT);
    expect(list.bottom).toBeLessThanOrEqual(list.frameBottom);
    const scrolled = await page.locator(".fray-tracker").evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      return el.scrollTop;
    });
    expect(scrolled).toBeGreaterThan(0);
  });

  it("keeps the team in play in view", async () => {
    await page.locator(".fray-tracker").evaluate((el) => {
      el.scrollTop = 0;
    });
    const { keepCurrentTeamInView } = await import("../../src/foundry/combat/tracker.ts");
    await page.evaluate(`(${keepCurrentTeamInView.toString()})(document.body)`);
    const view = await page.evaluate(() => {
      const list = document.querySelector(".fray-tracker");
      const header = document.querySelector(".fray-team.current .fray-team-header");
      if (!list || !header) return null;
      const l = list.getBoundingClientRect();
      const h = header.getBoundingClientRect();
      return { inView: h.top >= l.top && h.bottom <= l.bottom, scrollTop: list.scrollTop };
    });
    expect(view?.inView).toBe(true);
    expect(view?.scrollTop).toBeGreaterThan(0);
  });
});

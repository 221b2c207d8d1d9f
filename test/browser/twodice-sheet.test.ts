/**
 * The two-dice character sheet and an attack card, rendered in Chromium with the real templates
 * and CSS from the contexts the shell builds (the card's state comes from a real refereed attack
 * in the fake). FRAY_UPDATE_DOCS=1 writes the README screenshots (docs/twodice-sheet.png,
 * docs/twodice-attack-card.png).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { sceneRow, startedCombat } from "../shell/boot.support.ts";
import type * as SheetModule from "../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts";
import type * as CardModule from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import type * as Workflow from "../../src/foundry/rulesets/twodice/attack/declare.ts";

const svg = (body: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);
const PORTRAIT = svg(
  '<rect width="10" height="10" fill="#3a4a5a"/><circle cx="5" cy="4" r="2.2" fill="#e0c8a0"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#5a3a3a"/>',
);
const ICON = svg(
  '<rect width="10" height="10" rx="2" fill="#667"/><circle cx="5" cy="5" r="2.5" fill="#ccd"/>',
);

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

let fake: FakeFoundry;
let browser: Browser;
let sheets: typeof SheetModule;
let cards: typeof CardModule;
let workflow: typeof Workflow;
let queue: number[] = [];

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER],
    settings: { "fray.ruleset": "twodice" },
    random: () => ((queue.shift() ?? 10) - 0.5) / 20,
  });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  workflow = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

const ARMOR = [
  { name: "Kevlar vest", type: "armor", img: ICON, system: { coverage: 12, protection: 4 } },
  { name: "Leather jacket", type: "armor", img: ICON, system: { coverage: 20, protection: 1 } },
];

describe("the two-dice character sheet, rendered in Chromium", () => {
  let page: Page;

  beforeAll(async () => {
    const actor = await createActor({
      name: "Mira Kell",
      type: "character",
      img: PORTRAIT,
      system: {
        traits: { agility: 12, toughness: 8, perception: 13, stealth: 9, medicine: 11 },
        unarmedDefense: 4,
        surpriseBonus: 1,
        wounds: { marked: [3, 6], medicalBonus: 5 },
        biography: "<p>Courier on the northern routes.</p>",
      },
      items: [
        {
          name: "Machete",
          type: "weapon",
          img: ICON,
          system: { kind: "melee", attack: 12, defense: 7, damage: 3 },
        },
        {
          name: "Carbine",
          type: "weapon",
          img: ICON,
          system: {
            kind: "ranged",
            attack: 14,
            defense: 9,
            damage: 4,
            range: 5,
            type: "A13",
            ammo: { rounds: 0, empty: true, fresh: false },
          },
        },
        {
          name: "Shotgun",
          type: "weapon",
          img: ICON,
          system: {
            kind: "ranged",
            attack: 13,
            defense: 8,
            damage: 6,
            range: 2,
            type: "C2",
            ammo: { rounds: 2 },
          },
        },
        ...ARMOR,
      ],
    });
    // Mira fights, and has aimed this round: the referee recorded her action in the ledger. Then
    // a wound of 9 takes her out; her carbine ran dry earlier in this same fight (a weapon
    // starts each fight reloaded, so its empty magazine is stamped with this one).
    // (A companion fights beside her: out of the fight, she alone would leave her side down.)
    const companion = await createActor({ name: "Companion", type: "character" });
    const fight = await startedCombat(fake, [actor, companion], false);
    const turn = await import("../../src/foundry/rulesets/twodice/table/self.ts");
    await fake.as(GM.id, () => turn.twodiceDeclare(actor, "aim"));
    const owned = actor as unknown as ClientDocument & { items: { contents: ClientDocument[] } };
    const carbineItem = owned.items.contents.find((i) => i.name === "Carbine");
    await fake.as(GM.id, async () => {
      await actor.update({ "system.wounds.marked": [3, 6, 9] } as never);
      await carbineItem?.update({ "system.ammo.fight": fight.id });
    });
    page = await renderInPage(browser, {
      template: "templates/twodice/actor/actor-sheet.hbs",
      context: await sheets.twodiceActorSheetContext(actor, true),
      classes: ["fray", "actor-sheet", "twodice"],
      title: "Mira Kell",
      width: 720,
      height: 800,
    });
    await page.screenshot({ path: resolve(OUTPUT, "twodice-sheet.png") });
    if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs/twodice-sheet.png") });
  });

  afterAll(async () => page.close());

  it("draws 25 clickable circles with the marked wounds filled, above Toughness in red", async () => {
    await expect(page.locator("button.td-circle[data-action='wound']").count()).resolves.toBe(25);
    await expect(page.locator("button.td-circle.marked").allInnerTexts()).resolves.toEqual([
      "3",
      "6",
      "9",
    ]);
    // Wound 9 is above Toughness 8: out of the fight.
    await expect(page.locator(".td-out").innerText()).resolves.toBe("Out of the fight");
    const marked = await page
      .locator("button.td-circle.marked")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(marked).toBe("rgb(179, 52, 43)");
  });

  it("offers Recovery and Medicine, Bleed for a wound above Toughness, and the Medicine bonus", async () => {
    await expect(page.locator(".td-heal button").allInnerTexts()).resolves.toEqual([
      "Recovery",
      "Medicine",
      "Bleed",
    ]);
    await expect(page.locator(".td-heal .fray-chip").first().innerText()).resolves.toBe(
      "Medicine bonus +5",
    );
  });

  it("offers Sneak with its meters, Ready on ranged weapons only, and the surprise bonus", async () => {
    await expect(page.locator(".td-turn button.td-sneak").innerText()).resolves.toBe("Sneak");
    await expect(page.locator(".td-turn input.td-sneak-moved").inputValue()).resolves.toBe("0");
    await expect(page.locator(".td-weapon button.td-ready").count()).resolves.toBe(2);
    const machete = page.locator(".td-weapon", { hasText: "Machete" });
    await expect(machete.locator("button.td-ready").count()).resolves.toBe(0);
    await expect(page.locator("input[name='system.surpriseBonus']").inputValue()).resolves.toBe(
      "1",
    );
    // No Cut in: the action is spent, nothing is waiting.
    await expect(page.locator("button.td-cutin").count()).resolves.toBe(0);
  });

  it("shows the action spent, and Auto and an urgent Reload on the empty carbine", async () => {
    await expect(page.locator(".td-turn-state .fray-chip.off").innerText()).resolves.toBe("Action");
    const carbine = page.locator(".td-weapon", { hasText: "Carbine" });
    await expect(carbine.locator("button.td-auto").count()).resolves.toBe(1);
    await expect(carbine.locator("button.td-reload").innerText()).resolves.toBe("Reload");
    await expect(carbine.evaluate((el) => el.classList.contains("must-reload"))).resolves.toBe(
      true,
    );
    const shotgun = page.locator(".td-weapon", { hasText: "Shotgun" });
    await expect(shotgun.locator(".td-num").last().innerText()).resolves.toContain("C2 2/2");
  });

  it("lets each weapon row be dragged to the hotbar as its item (core's .draggable rows)", async () => {
    const count = await page.locator(".td-weapon").count();
    expect(count).toBeGreaterThan(0);
    await expect(page.locator(".td-weapon.draggable[data-item-id]").count()).resolves.toBe(count);
  });
});

describe("an attack card, rendered in Chromium", () => {
  it("shows the black and white dice apart, the digit, armor bypassed and struck, the wound", async () => {
    const attacker = await createActor({
      name: "Mira",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [
        {
          name: "Machete",
          type: "weapon",
          system: { kind: "melee", attack: 15, defense: 7, damage: 3 },
        },
      ],
    });
    const defender = await createActor({
      name: "Raider",
      type: "npc",
      system: { unarmedDefense: 5, traits: { toughness: 8 } },
      items: ARMOR,
    });
    // Both stand on the viewed scene, side by side.
    sceneRow(fake).place(attacker, defender);
    // Black 14 hits; white 13 hits too and is above the vest's Coverage 12.
    queue = [14, 13];
    const machete = (
      attacker as unknown as ClientDocument & {
        items: { contents: Item.Implementation[] };
      }
    ).items.contents[0];
    if (machete === undefined) throw new Error("no machete");
    const id = await fake.as(PLAYER.id, () =>
      workflow.declareTwodiceAttack(attacker, machete, defender),
    );
    const message = fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation;
    await fake.as(GM.id, () => workflow.pressTwodiceCard(message, "apply"));
    const state = cards.twodiceCardOf(message);
    if (state === null) throw new Error("no card state");
    const i18n = {
      localize: (key: string) => fake.i18n.localize(key),
      format: (key: string, data: Record<string, string | number>) =>
        fake.i18n.format(
          key,
          Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
        ),
    };
    const page = await renderInPage(browser, {
      template: "templates/twodice/chat/attack-card.hbs",
      context: cards.twodiceAttackCardContext(state, i18n),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 330,
      height: 290,
    });
    await page.screenshot({ path: resolve(OUTPUT, "twodice-attack-card.png") });
    if (UPDATE_DOCS) {
      await page.screenshot({ path: resolve(REPO_ROOT, "docs/twodice-attack-card.png") });
    }
    const black = page.locator(".fray-td-die-black");
    const white = page.locator(".fray-td-die-white");
    expect(await black.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      "rgb(17, 17, 17)",
    );
    expect(await white.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      "rgb(245, 245, 240)",
    );
    await expect(black.locator("b").innerText()).resolves.toBe("14");
    // Both hit: the black die's digit, 4 + 3 = 7; vest bypassed, jacket −1: 6.
    await expect(page.locator(".fray-td-digit").innerText()).resolves.toContain("4");
    await expect(page.locator(".fray-td-layer.bypassed").innerText()).resolves.toContain(
      "Kevlar vest bypassed",
    );
    await expect(page.locator(".fray-td-layer.struck").innerText()).resolves.toContain("−1");
    await expect(page.locator(".fray-td-wound").innerText()).resolves.toBe("wound marked at 6");
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: ["templates/twodice/actor/actor-sheet.hbs", "templates/twodice/chat/attack-card.hbs"],
});

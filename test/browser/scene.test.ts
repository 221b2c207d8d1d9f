/**
 * The scene deciding the situation, as a person sees it (issue 25), for the README: the attack
 * dialog pre-filled from the scene, saying where each value came from, and the ruler's waypoint
 * labels (cost, what is left, reactions, odds) over a drawn path. The dialog is Fray's real
 * template with the context the shell builds from the scene; the labels are the real waypoint
 * template with the label context Fray's ruler (movement/ruler.ts) gives for each waypoint. The
 * map under the labels is the harness's own drawing of the scene (SVG from the scene's data:
 * grid, walls, tokens, path), not Foundry's canvas.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYER, REPO_ROOT } from "../fake-foundry/index.ts";
import { makeWall } from "../fake-foundry/walls.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { moveWorld } from "../shell/movement.support.ts";
import { sceneSvg } from "./scene-picture.ts";
import type { DrawnToken } from "./scene-picture.ts";
import type { MoveWorld } from "../shell/movement.support.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
/** Set FRAY_UPDATE_DOCS=1 to refresh the README screenshots under docs/. */
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";
/** Pixels of the drawing per scene space (the scene has 100 px spaces of 5 ft). */
const CELL = 56;
const K = CELL / 100;
/** The scene's grid: 100 px spaces. */
const GRID = 100;

let w: MoveWorld;
let browser: Browser;

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: resolve(OUTPUT, name) });
  if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs", name) });
}

const PISTOL = {
  name: "Service pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
};
const MACHETE = {
  name: "Machete",
  type: "weapon",
  system: { damage: "1d6", skill: "melee", kind: "melee" },
};

/** Maya (the player's, a pistol) at (0, 3) in her turn; Vex at (9, 3); a raider with a machete at (4, 1); a low wall before Vex. */
async function setting() {
  const [maya, vex, raider] = await w.actors([
    {
      name: "Maya",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: 10, max: 10 }, skills: { firearms: 2 } },
      items: [PISTOL],
    },
    { name: "Vex", type: "npc", prototypeToken: { disposition: -1 } },
    {
      name: "Raider",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { energy: { value: 10, max: 10 } },
      items: [MACHETE],
    },
  ]);
  if (maya === undefined || vex === undefined || raider === undefined) throw new Error("no actors");
  const { tokens: fighting } = await w.fight(
    [maya, raider],
    [
      { col: 0, row: 3 },
      { col: 4, row: 1 },
    ],
  );
  const field = (fighting[0] as unknown as { parent: Parameters<MoveWorld["moves"]["place"]>[0] })
    .parent;
  const tokens = [fighting[0], w.moves.place(field, vex, { col: 9, row: 3 }), fighting[1]];
  const scene = (tokens[0] as unknown as { parent: { walls: Map<string, unknown> } }).parent;
  const wall = makeWall([890, 350, 890, 800], {});
  scene.walls.set(wall.id, wall);
  w.fake.setUser(PLAYER.id);
  w.table.target(vex);
  const drawn: DrawnToken[] = tokens.map((t, k) => ({
    name: [maya, vex, raider][k]?.name ?? "",
    x: t?.x ?? 0,
    y: t?.y ?? 0,
    side: k === 0 ? "friend" : "foe",
  }));
  return { maya, vex, token: tokens[0], drawn, walls: [wall.c] };
}

describe("the ruler's labels over a drawn path", () => {
  it("each waypoint says what the path costs, what is left, the reactions and the odds", async () => {
    const { token, drawn, walls } = await setting();
    type Label = { context: Record<string, unknown> & { fray?: { text?: string; odds?: string } } };
    const Ruler = (
      w.fake.CONFIG["Token"] as unknown as {
        rulerClass: new (token: unknown) => { labels(w: object[]): Label[] };
      }
    ).rulerClass;
    const at = (col: number, row: number, stage: string, distance: number) => ({
      x: col * 100,
      y: row * 100,
      stage,
      action: "walk",
      measurement: { distance },
    });
    const path = [at(0, 3, "passed", 0), at(3, 2, "planned", 15), at(6, 3, "planned", 30)];
    const labels = new Ruler({ document: token }).labels(path);
    const [, first, second] = labels;
    expect(first?.context.fray?.text).toMatch(/Energy left · provokes 1$/);
    expect(second?.context.fray?.odds).toMatch(/^Hit \d+ % vs Vex$/);
    const template = "systems/fray/templates/movement/waypoint-label.hbs";
    const rendered = await Promise.all(
      [first, second].map((label) => w.table.renderTemplate(template, label?.context ?? {})),
    );
    const svg = sceneSvg({
      cols: 11,
      rows: 6,
      gridSize: GRID,
      cell: CELL,
      walls,
      tokens: drawn,
      path,
    });
    const page = await renderInPage(browser, {
      template: "test/browser/scene-picture.hbs",
      context: {
        svg,
        width: 11 * CELL,
        height: 6 * CELL,
        labels: rendered.map((html, k) => ({
          html,
          x: (path[k + 1]?.x ?? 0) * K + CELL / 2,
          y: (path[k + 1]?.y ?? 0) * K + CELL / 2,
        })),
      },
      classes: ["fray"],
      title: "Scene (the harness's drawing) with Fray's ruler labels",
      width: 11 * CELL + 20,
      height: 6 * CELL + 70,
    });
    await expect(page.locator(".fray-waypoint-odds").last().innerText()).resolves.toMatch(
      /^Hit \d+ % vs Vex$/,
    );
    await screenshot(page, "scene-ruler.png");
  });
});

describe("the attack dialog pre-filled from the scene", () => {
  it("opens with the walls' cover and says where each value came from", async () => {
    const { maya, vex } = await setting();
    const dialog = await import("../../src/foundry/rulesets/worldlines/attack/dialog.ts");
    const adapter = await import("../../src/foundry/rulesets/worldlines/adapter.ts");
    const scene = await import("../../src/foundry/rulesets/worldlines/scene.ts");
    const pistol = maya.items.contents.find((i) => i.type === "weapon");
    const measured = scene.worldlinesScene(maya, vex);
    if (pistol === undefined || measured === null) throw new Error("no pistol or no scene");
    const prefill = scene.scenePrefill(measured, false);
    const weapon = adapter.toWeapon(pistol);
    const context = dialog.attackDialogContext({
      attacker: adapter.toCombatant(maya),
      defender: adapter.toCombatant(vex),
      weapon,
      situation: { zone: "torso", range: "medium", ...prefill.situation },
      distance: 45,
      sceneNotes: prefill.notes,
    });
    const page = await renderInPage(browser, {
      template: "templates/worldlines/dialog/attack-dialog.hbs",
      context,
      classes: ["fray", "fray-wl-attack-dialog"],
      title: w.fake.i18n.format("FRAY.Worldlines.Attack.Title", { weapon: weapon.name }),
      width: 440,
      height: 520,
    });
    await expect(page.locator(".window-content").innerText()).resolves.toContain(
      "Light cover: a wall between you hides part of Vex",
    );
    await screenshot(page, "scene-attack-dialog.png");
  });
});

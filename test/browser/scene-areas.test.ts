/**
 * A placed area as the GM sees it, for the README (issue 25): Maya throws a frag grenade through
 * the real shell (the placement preview, the click, the GM measuring the range and who stands
 * inside), and the picture draws the Region the GM's client wrote to the scene and rings the
 * tokens Fray's area code counts inside that Region (scene/areas.ts tokensInRegion, the rules'
 * shape code): nobody is listed by hand. The map is the harness's own drawing (scene-picture.ts),
 * not Foundry's canvas. FRAY_UPDATE_DOCS=1 writes docs/scene-area-grenade.png.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installPlacementCanvas } from "../fake-foundry/regions.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf } from "../fake-foundry/tokens.ts";
import { queuedDice } from "../shell/boot.support.ts";
import { gmCreatesActor, itemOf, worldlinesActions } from "../shell/worldlines.support.ts";
import { launchChromium } from "./harness.ts";
import { hurtNames, showAreaPicture } from "./scene-area.support.ts";
import type * as Areas from "../../src/foundry/scene/areas.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");

let fake: FakeFoundry;
let browser: Browser;
let areas: typeof Areas;
const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ random: dice.random });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  areas = await import("../../src/foundry/scene/areas.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("a frag grenade's blast on the map", () => {
  it("draws the GM's Region and rings exactly the tokens the area code counts inside", async () => {
    const actions = await worldlinesActions();
    const pointer = installPlacementCanvas();
    fake.setUser(GM.id);
    const create = (data: Record<string, unknown>) => gmCreatesActor(fake, data);
    const maya = await create({
      name: "Maya Okafor",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      system: { energy: { value: 6, max: 6 } },
      items: [
        {
          name: "Frag grenade",
          type: "gear",
          system: { kind: "grenade", quantity: 3, damage: "2d6" },
        },
      ],
    });
    const ash = await create({
      name: "Ash Varga",
      type: "character",
      prototypeToken: { disposition: 1 },
    });
    const foe = (name: string) =>
      create({ name, type: "npc", prototypeToken: { disposition: -1 } });
    const captain = await foe("Raider captain");
    const raider = await foe("Raider");
    const sniper = await foe("Sniper");
    const board = boardOf(fake, { distance: 5, units: "ft" });
    board.place(maya, { col: 1, row: 3 });
    board.place(ash, { col: 2, row: 5 });
    board.place(captain, { col: 6, row: 2 });
    board.place(raider, { col: 7, row: 4 });
    board.place(sniper, { col: 10, row: 1 });
    fake.setUser(PLAYER.id);
    // Maya throws at the space (7, 3), 30 ft away (her throw reaches 35 ft).
    const thrown = actions.throwGrenade(maya, itemOf(maya, "Frag grenade"));
    pointer.move(board.center({ col: 7, row: 3 }));
    pointer.click(board.center({ col: 7, row: 3 }));
    dice.set([6, 4], [6, 3]);
    expect(await thrown).toBe(true);
    const scene = board.scene as unknown as Scene.Implementation;
    const [region] = board.scene.regions.contents;
    if (region === undefined) throw new Error("the GM drew no Region");
    const inside = new Set(areas.tokensInRegion(scene, region).map((t) => t.actor?.name ?? ""));
    // The book's 10 ft blast, counted as the grid counts: 5 by 5 spaces round (7, 3).
    expect([...inside].sort()).toEqual(["Raider", "Raider captain"]);
    // The GM's card hit the same fighters, and nobody else.
    expect(hurtNames([maya, ash, captain, raider, sniper])).toEqual([...inside].sort());
    const page = await showAreaPicture(browser, {
      scene: board.scene,
      region,
      actors: [maya, ash, captain, raider, sniper],
      inside,
      cols: 12,
      rows: 7,
      title: "Frag grenade: the Region the GM drew (the harness's drawing of the scene)",
      caption: `In the blast, as Fray's area code counts the Region: ${[...inside].join(", ")}.`,
      file: "scene-area-grenade.png",
    });
    await expect(page.locator(".fray-scene-picture-caption").innerText()).resolves.toContain(
      "Raider captain",
    );
    await page.close();
  });
});

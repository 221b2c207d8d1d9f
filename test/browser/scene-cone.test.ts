/**
 * A Freelancers cone placed on the map, for the README (issue 25): Vesna fires a scattergun whose
 * effect is the book's cone through the real shell (the placement preview, the click, the GM
 * measuring who stands inside and attacking each), and the picture draws the Region the GM's
 * client wrote and rings the tokens Fray's area code counts inside it (scene/areas.ts
 * tokensInRegion): nobody is listed by hand. The map is the harness's own drawing
 * (scene-picture.ts), not Foundry's canvas. FRAY_UPDATE_DOCS=1 writes docs/scene-area-cone.png.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYER, REPO_ROOT } from "../fake-foundry/index.ts";
import { installPlacementCanvas } from "../fake-foundry/regions.ts";
import { boardOf } from "../fake-foundry/tokens.ts";
import { flWorld } from "../shell/freelancers.support.ts";
import type { FlWorld } from "../shell/freelancers.support.ts";
import { launchChromium } from "./harness.ts";
import { hurtNames, showAreaPicture } from "./scene-area.support.ts";
import type * as Areas from "../../src/foundry/scene/areas.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");

let world: FlWorld;
let browser: Browser;
let areas: typeof Areas;
let dialog: typeof Dialog;

beforeAll(async () => {
  world = await flWorld();
  areas = await import("../../src/foundry/scene/areas.ts");
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("a Freelancers cone on the map", () => {
  it("draws the GM's Region and rings exactly the tokens the area code counts inside", async () => {
    world.reset();
    const pointer = installPlacementCanvas();
    const vesna = await world.createActor({
      name: "Vesna Kade",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      system: { attributes: { agility: 8 }, skills: { marksman: 3 } },
      items: [
        {
          name: "Scattergun",
          type: "weapon",
          system: {
            kind: "ranged",
            skill: "marksman",
            attribute: "agility",
            damage: "1d6",
            range: { nominal: 10, max: 10 },
            shape: { kind: "cone", range: 4 },
          },
        },
      ],
    });
    const guard = (name: string) =>
      world.createActor({
        name,
        type: "npc",
        prototypeToken: { disposition: -1 },
        system: { defense: "static" },
      });
    const fighters = [
      vesna,
      await guard("Guard"),
      await guard("Guard sergeant"),
      await guard("Sentry"),
      await guard("Drone pilot"),
    ];
    const board = boardOf(world.fake, { distance: 1, units: "m" });
    board.place(vesna, { col: 1, row: 3 });
    board.place(fighters[1] ?? vesna, { col: 3, row: 3 }); // straight ahead, 2 m
    board.place(fighters[2] ?? vesna, { col: 4, row: 4 }); // 18° off the aim, 3.2 m
    board.place(fighters[3] ?? vesna, { col: 3, row: 5 }); // 45° off: outside the cone
    board.place(fighters[4] ?? vesna, { col: 7, row: 3 }); // 6 m: beyond its 4 m
    world.fake.setUser(PLAYER.id);
    world.table.target();
    const attacked = dialog.flAttack(vesna, world.item(vesna, "Scattergun"));
    pointer.move(board.center({ col: 5, row: 3 }));
    pointer.click(board.center({ col: 5, row: 3 }));
    // Each attack hits: a 5 on the d20 (under the static defense), 3 on the d6.
    world.dice([20, 5], [6, 3], [20, 5], [6, 3]);
    expect(await attacked).not.toBeNull();
    const scene = board.scene as unknown as Scene.Implementation;
    const [region] = board.scene.regions.contents;
    if (region === undefined) throw new Error("the GM drew no Region");
    // The cone starts at Vesna's centre, so the area code counts her space too; the GM's attack
    // passes over the attacker (freelancers/area.ts), and so does the picture.
    const inside = new Set(
      areas
        .tokensInRegion(scene, region)
        .filter((t) => t.actor !== vesna)
        .map((t) => t.actor?.name ?? ""),
    );
    expect([...inside].sort()).toEqual(["Guard", "Guard sergeant"]);
    // The GM's card attacked the same fighters, and nobody else.
    expect(hurtNames(fighters)).toEqual([...inside].sort());
    const page = await showAreaPicture(browser, {
      scene: board.scene,
      region,
      actors: fighters,
      inside,
      cols: 9,
      rows: 7,
      title: "Scattergun cone: the GM's Region (the harness's drawing)",
      caption: `In the cone, as Fray's area code counts the Region: ${[...inside].join(", ")}.`,
      file: "scene-area-cone.png",
    });
    await expect(page.locator(".fray-scene-picture-caption").innerText()).resolves.toContain(
      "Guard sergeant",
    );
    await page.close();
  });
});

/**
 * What the placed-area pictures share (scene-areas.test.ts, scene-cone.test.ts): the fighters the
 * GM's card hurt, and the picture of the Region the GM drew with the tokens inside ringed, shown
 * with scene-picture.hbs and saved under test/browser/__output__ (and docs/ with
 * FRAY_UPDATE_DOCS=1).
 */
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import { renderInPage } from "./harness.ts";
import { sceneSvg } from "./scene-picture.ts";
import type { DrawnShape } from "./scene-picture.ts";

/** Pixels of the drawing a space; the scenes have 100 px spaces. */
const CELL = 48;
const GRID = 100;

/** The names of the actors whose health went down (whom the GM's card hit). */
export function hurtNames(actors: readonly Actor.Implementation[]): string[] {
  return actors
    .filter((a) => {
      const health = (a.system as unknown as { health: { value: number; max: number } }).health;
      return health.value < health.max;
    })
    .map((a) => a.name)
    .sort();
}

export interface AreaPicture {
  readonly scene: { readonly tokens: { readonly contents: readonly unknown[] } };
  readonly region: { readonly shapes: readonly unknown[] };
  readonly actors: readonly Actor.Implementation[];
  /** Names of the fighters inside, as Fray's area code counts them. */
  readonly inside: ReadonlySet<string>;
  readonly cols: number;
  readonly rows: number;
  readonly title: string;
  readonly caption: string;
  /** The picture's file name under docs/. */
  readonly file: string;
}

/** Shows the Region and the tokens (the ones inside ringed), saves the picture; the page. */
export async function showAreaPicture(browser: Browser, picture: AreaPicture): Promise<Page> {
  const names = new Map(picture.actors.map((a) => [a.id, a.name]));
  const tokens = picture.scene.tokens.contents.map((t) => {
    const token = t as { x: number; y: number; actorId: string; disposition: number };
    const name = names.get(token.actorId) ?? "";
    return {
      name,
      x: token.x,
      y: token.y,
      side: token.disposition > 0 ? ("friend" as const) : ("foe" as const),
      inside: picture.inside.has(name),
    };
  });
  const page = await renderInPage(browser, {
    template: "test/browser/scene-picture.hbs",
    context: {
      svg: sceneSvg({
        cols: picture.cols,
        rows: picture.rows,
        gridSize: GRID,
        cell: CELL,
        regions: [{ shapes: picture.region.shapes as DrawnShape[] }],
        tokens,
      }),
      width: picture.cols * CELL,
      height: picture.rows * CELL,
      labels: [],
      caption: picture.caption,
    },
    classes: ["fray"],
    title: picture.title,
    width: picture.cols * CELL + 20,
    height: picture.rows * CELL + 100,
  });
  await page.screenshot({ path: resolve(REPO_ROOT, "test/browser/__output__", picture.file) });
  if (process.env["FRAY_UPDATE_DOCS"] === "1") {
    await page.screenshot({ path: resolve(REPO_ROOT, "docs", picture.file) });
  }
  return page;
}

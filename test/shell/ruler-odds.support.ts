/**
 * Odds on the ruler in any ruleset (issue 25): a world of that ruleset on a grid of 100 px
 * spaces, a player's shooter and a foe placed on one row, and what the ruler's waypoint label
 * says next to the API's own odds with the shooter's token really standing there.
 */
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf } from "../fake-foundry/tokens.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";

type Label = { context: { fray?: { odds?: string } } };

export interface RulerOdds {
  /** The label's odds line at each column of the row, in order. */
  readonly labels: readonly (string | undefined)[];
  /** The API's chance (whole percent) with the shooter's token standing at each column. */
  readonly api: readonly (number | string)[];
}

export async function rulerOddsWorld(ruleset: string): Promise<FakeFoundry> {
  const fake = installFakeFoundry({ settings: { "fray.ruleset": ruleset } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  return fake;
}

async function create(fake: FakeFoundry, source: Record<string, unknown>) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

/**
 * The shooter (its first weapon the one the ruler uses) at column 0 of row 4, the foe at
 * `foeCol`; the player targets the foe and drags the shooter's token through `cols`.
 */
export async function oddsAlongRow(
  fake: FakeFoundry,
  shooter: Record<string, unknown>,
  foe: Record<string, unknown>,
  cols: readonly number[],
  grid: { distance: number; units: string },
  foeCol = 8,
): Promise<RulerOdds> {
  const table = installTableFakes(fake);
  fake.setUser(GM.id);
  const me = await create(fake, {
    ...shooter,
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
  });
  const them = await create(fake, { ...foe, prototypeToken: { disposition: -1 } });
  const board = boardOf(fake, grid);
  const token = board.place(me, { col: 0, row: 4 });
  board.place(them, { col: foeCol, row: 4 });
  fake.setUser(PLAYER.id);
  table.target(them);
  const Ruler = (
    fake.CONFIG["Token"] as unknown as {
      rulerClass: new (token: unknown) => { labels(w: object[]): Label[] };
    }
  ).rulerClass;
  const waypoints = cols.map((col) => ({
    x: col * 100,
    y: 400,
    stage: "planned",
    action: "walk",
    measurement: { distance: col * grid.distance },
  }));
  const labels = new Ruler({ document: token }).labels(waypoints).map((l) => l.context.fray?.odds);
  const api = (game.system as unknown as { api: FrayApi }).api;
  const weapon = me.items.find((i) => i.type === "weapon");
  const odds = cols.map((col) => {
    const before = { x: token.x, y: token.y };
    Object.assign(token, { x: col * 100, y: 400 });
    const found = api.odds({ attacker: me, weaponId: weapon?.id ?? null, target: them });
    Object.assign(token, before);
    return found.ok ? Math.round(found.value.hit * 100) : found.reason;
  });
  return { labels, api: odds };
}

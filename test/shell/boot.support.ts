/**
 * Booting a fake world for a shell test: the world plays `ruleset`, Fray's init has run, and every
 * die rolls the face the test queued (`dice(…)`); a die the test did not give fails the test.
 */
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry, FakeOptions } from "../fake-foundry/index.ts";
import { installCanvasFake } from "../fake-foundry/canvas.ts";
import { installTokenFakes } from "../fake-foundry/tokens.ts";
import type { FakeScene } from "../fake-foundry/tokens.ts";

/** Dice the test hands out in order; `toUniform` turns one into core's random number. */
export function queuedDice<T>(toUniform: (next: T) => number) {
  let queue: T[] = [];
  return {
    /** The next dice, in the order they are rolled (replaces what is left). */
    set: (...values: T[]): void => {
      queue = [...values];
    },
    /** What the test queued and nothing rolled yet. */
    left: (): readonly T[] => queue,
    random: (): number => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the test gave no die for this roll");
      return toUniform(next);
    },
  };
}

/** Faces of one die size: a face of `sides` as core's random number. */
export function faceOf(sides: number): (face: number) => number {
  return (face) => (face - 0.5) / sides;
}

/**
 * A fake world that plays `ruleset`, initialised; its dice come from `random`. `beforeInit` runs
 * on the fake before Fray is imported (the table's fakes, for one).
 */
export async function bootWorld(
  ruleset: string,
  random: () => number,
  options: Omit<FakeOptions, "settings" | "random"> & {
    beforeInit?: (fake: FakeFoundry) => void;
  } = {},
): Promise<FakeFoundry> {
  const { beforeInit, ...fakeOptions } = options;
  const fake = installFakeFoundry({
    ...fakeOptions,
    settings: { "fray.ruleset": ruleset },
    random,
  });
  beforeInit?.(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  return fake;
}

/**
 * A combat of these actors the GM started (core's order: the teams as the ruleset settles them),
 * the first actor taking its turn when `active` (the default).
 */
export async function startedCombat(
  fake: FakeFoundry,
  actors: readonly Actor.Implementation[],
  active = true,
): Promise<Combat.Implementation> {
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const gm = fake.users.all.find((user) => user.isGM)?.id ?? "";
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  const combat = (await fake.as(gm, () =>
    Combat?.create({}),
  )) as unknown as Combat.Implementation & { startWith(choice: object): Promise<unknown> };
  await fake.as(gm, () =>
    combat.createEmbeddedDocuments(
      "Combatant",
      actors.map((actor) => ({ actorId: actor.id })),
    ),
  );
  await whenIdle();
  await fake.as(gm, () => combat.startWith({}));
  await whenIdle();
  if (active) {
    const first = combat.combatants.contents.find((c) => c.actorId === actors[0]?.id);
    await fake.as(gm, () => combat.activateCombatant(first?.id ?? ""));
    await whenIdle();
  }
  return combat;
}

/**
 * The viewed scene, a row of 1 m squares: `placeAt(actor, column)` puts a linked token of the
 * actor on it (a scene of the world, and the canvas measuring between tokens), `place(...actors)`
 * side by side from the first square (the fakes are made on first use).
 */
export function sceneRow(fake: FakeFoundry) {
  let board: ReturnType<typeof installCanvasFake> | undefined;
  let scene: FakeScene | undefined;
  const tokens = installTokenFakes(fake);
  const placeAt = (actor: Actor.Implementation, col: number) => {
    board ??= installCanvasFake({ distance: 1, units: "m" });
    scene ??= tokens.scene("Row", { distance: 1, units: "m" });
    board.place(actor, { col, row: 0 });
    // The scene's token stands on the same square as the canvas's: what the GM measures from
    // the scene's documents agrees with what the client measures on the canvas.
    tokens.placeAt(scene, actor, { col, row: 0 });
  };
  return {
    placeAt,
    /**
     * Takes every token off the row's scene (between tests): a token a test left standing would
     * otherwise stand in the next test's scene, where the referee measures it (who engages whom).
     */
    clearRow: () => {
      scene?.tokens.clear();
    },
    place: (...actors: Actor.Implementation[]) => {
      actors.forEach((actor, col) => {
        placeAt(actor, col);
      });
    },
  };
}

type SheetHandler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/**
 * Clicks a button of an actor sheet: runs the handler its `data-action` names on a sheet of the
 * actor, as ApplicationV2 does, with the button's data attributes (and the item row it sits in).
 */
export async function clickSheet(
  sheetClass: unknown,
  actor: Actor.Implementation,
  action: string,
  dataset: Record<string, string> = {},
  itemId?: string,
): Promise<void> {
  const Sheet = sheetClass as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, SheetHandler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no action ${action}`);
  const target = {
    dataset,
    closest: () => (itemId === undefined ? null : { dataset: { itemId } }),
  };
  await handler.call(new Sheet({ document: actor }), {}, target);
}

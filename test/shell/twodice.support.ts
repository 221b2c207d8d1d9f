/**
 * A two-dice world for shell tests: the fake Foundry with the world set to the two-dice game, a
 * GM and two players, the table fakes, and every die fixed by the test (`dice(...)` queues the
 * next d20 faces in the order they are rolled: black, white, black, white …). Also the small
 * readers the two-dice tests share.
 */
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { installCanvasFake } from "../fake-foundry/canvas.ts";

export interface TwodiceWorld {
  readonly fake: FakeFoundry;
  /** Queues the next d20 faces; a roll the test gave no die for throws. */
  dice(...faces: number[]): void;
  /** The queued faces not rolled yet. */
  diceLeft(): number[];
  /** Back to the GM, no notifications, no dice queued (for beforeEach). */
  reset(): void;
  /** An actor the GM creates from `source`. */
  createActor(source: Record<string, unknown>): Promise<Actor.Implementation>;
  /** The actor's item of that name. */
  item(actor: Actor.Implementation, name: string): Item.Implementation;
  /** The texts of the warnings shown. */
  warnings(): string[];
  /**
   * A combat of these actors the GM started (the players' side first), the first actor taking
   * its turn when `active` (the default).
   */
  startedCombat(
    actors: readonly Actor.Implementation[],
    active?: boolean,
  ): Promise<Combat.Implementation>;
  /** Puts the actors' tokens on the viewed scene, side by side in a row of 1 m squares. */
  place(...actors: Actor.Implementation[]): void;
  /** Puts the actor's token on the viewed scene at this column of the row. */
  placeAt(actor: Actor.Implementation, column: number): void;
}

/** Installs the world and loads Fray (call in beforeAll, once per test file). */
export async function twodiceWorld(settings: Record<string, unknown> = {}): Promise<TwodiceWorld> {
  let queue: number[] = [];
  const fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    settings: { "fray.ruleset": "twodice", ...settings },
    random: () => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the test gave no die for this roll");
      return (next - 0.5) / 20;
    },
  });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  let board: ReturnType<typeof installCanvasFake> | undefined;
  const placeAt = (actor: Actor.Implementation, col: number) => {
    board ??= installCanvasFake({ distance: 1, units: "m" });
    board.place(actor, { col, row: 0 });
  };
  return {
    fake,
    dice(...faces) {
      queue = [...faces];
    },
    diceLeft: () => [...queue],
    reset() {
      fake.setUser(GM.id);
      fake.notifications.length = 0;
      queue = [];
    },
    async createActor(source) {
      const Actor = fake.CONFIG["Actor"]?.documentClass;
      const actor = await fake.as(GM.id, () => Actor?.create(source));
      if (!actor) throw new Error("actor not created");
      return actor as unknown as Actor.Implementation;
    },
    item(actor, name) {
      const items = (actor as unknown as { items: { contents: ClientDocument[] } }).items;
      const found = items.contents.find((i) => i.name === name);
      if (!found) throw new Error(`no item ${name}`);
      return found as unknown as Item.Implementation;
    },
    warnings: () => fake.notifications.map((n) => n.message),
    async startedCombat(actors, active = true) {
      const Combat = fake.CONFIG["Combat"]?.documentClass;
      const combat = (await fake.as(GM.id, () =>
        Combat?.create({}),
      )) as unknown as Combat.Implementation & { startWith(choice: object): Promise<unknown> };
      await fake.as(GM.id, () =>
        combat.createEmbeddedDocuments(
          "Combatant",
          actors.map((actor) => ({ actorId: actor.id })),
        ),
      );
      await whenIdle();
      await fake.as(GM.id, () => combat.startWith({}));
      await whenIdle();
      if (active) {
        const first = combat.combatants.contents.find((c) => c.actorId === actors[0]?.id);
        await fake.as(GM.id, () => combat.activateCombatant(first?.id ?? ""));
        await whenIdle();
      }
      return combat;
    },
    place(...actors) {
      actors.forEach((actor, col) => {
        placeAt(actor, col);
      });
    },
    placeAt,
  };
}

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
import { sceneRow, startedCombat } from "./boot.support.ts";

export interface TwodiceWorld {
  readonly fake: FakeFoundry;
  /** The table fakes: the user's targets, templates. */
  readonly table: ReturnType<typeof installTableFakes>;
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
  const table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const row = sceneRow(fake);
  return {
    fake,
    table,
    dice(...faces) {
      queue = [...faces];
    },
    diceLeft: () => [...queue],
    reset() {
      fake.setUser(GM.id);
      fake.notifications.length = 0;
      queue = [];
      row.clearRow();
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
    startedCombat: (actors, active) => startedCombat(fake, actors, active),
    placeAt: row.placeAt,
    place: row.place,
  };
}

/** A rifle for shooting tests: Attack 14, Defense 8, Damage 3, Range 6. */
export const TWODICE_RIFLE = {
  name: "Rifle",
  type: "weapon",
  system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 6 },
};

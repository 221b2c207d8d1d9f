/**
 * A Freelancers world for shell tests: the fake Foundry with the world set to Freelancers, a GM
 * and two players, the table fakes, and every die fixed by the test (`dice([sides, face], …)`,
 * in the order they are rolled). Also the cast the Freelancers tests share (Kara, PLAYER's, with
 * a knife; Rook, PLAYER2's) and a started combat of actors.
 */
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { bootWorld, queuedDice, sceneRow, startedCombat } from "./boot.support.ts";

export interface FlWorld {
  readonly fake: FakeFoundry;
  readonly table: ReturnType<typeof installTableFakes>;
  /** Queues the next dice as [sides, face]; a roll the test gave no die for throws. */
  dice(...values: [number, number][]): void;
  /** Back to the GM, no notifications, no dice queued (for beforeEach). */
  reset(): void;
  createActor(source: Record<string, unknown>): Promise<Actor.Implementation>;
  item(actor: Actor.Implementation, name: string): Item.Implementation;
  /** Kara (PLAYER's, friendly): Agility 8 + Finesse 3 = 11 with a 1d6+2 knife of reach 1 m. */
  kara(): Promise<Actor.Implementation>;
  /** Rook (PLAYER2's, hostile): Agility 7, medium, 10 health, armor rating 1. */
  rook(): Promise<Actor.Implementation>;
  /** A combat of these actors the GM started, the first one taking its turn when `active`. */
  startedCombat(
    actors: readonly Actor.Implementation[],
    active?: boolean,
  ): Promise<Combat.Implementation>;
  /** Puts the actors' tokens on the viewed scene, side by side in a row of 1 m squares. */
  place(...actors: Actor.Implementation[]): void;
  /** Puts the actor's token on the viewed scene at this column of the row. */
  placeAt(actor: Actor.Implementation, column: number): void;
  warnings(): string[];
  /** A combat of these actors the GM created (not started). */
  combatOf(actors: readonly Actor.Implementation[]): Promise<Combat.Implementation>;
  /** The content of the last chat message. */
  lastMessage(): string;
}

export async function flWorld(): Promise<FlWorld> {
  const faces = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);
  let table: ReturnType<typeof installTableFakes> | undefined;
  const fake = await bootWorld("freelancers", faces.random, {
    users: [GM, PLAYER, PLAYER2],
    beforeInit: (f) => {
      table = installTableFakes(f);
    },
  });
  if (table === undefined) throw new Error("no table fakes");
  const createActor = async (source: Record<string, unknown>) => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const actor = await fake.as(GM.id, () => Actor?.create(source));
    if (!actor) throw new Error("actor not created");
    return actor as unknown as Actor.Implementation;
  };
  const row = sceneRow(fake);
  return {
    fake,
    table,
    dice: (...values) => {
      faces.set(...values);
    },
    reset() {
      fake.setUser(GM.id);
      fake.setActive(GM.id, true);
      fake.notifications.length = 0;
      faces.set();
      row.clearRow();
    },
    createActor,
    item(actor, name) {
      const items = (actor as unknown as { items: { contents: ClientDocument[] } }).items;
      const found = items.contents.find((i) => i.name === name);
      if (!found) throw new Error(`no ${name}`);
      return found as unknown as Item.Implementation;
    },
    kara: () =>
      createActor({
        name: "Kara",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        prototypeToken: { disposition: 1 },
        system: { attributes: { agility: 8 }, skills: { finesse: 3 } },
        items: [
          {
            name: "Knife",
            type: "weapon",
            system: { skill: "finesse", attribute: "agility", damage: "1d6+2", reach: 1 },
          },
        ],
      }),
    rook: () =>
      createActor({
        name: "Rook",
        type: "character",
        ownership: { [PLAYER2.id]: 3 },
        prototypeToken: { disposition: -1 },
        system: { attributes: { agility: 7 }, armor: 1 },
      }),
    startedCombat: (actors, active) => startedCombat(fake, actors, active),
    placeAt: row.placeAt,
    place: row.place,
    warnings: () => fake.notifications.map((n) => n.message),
    async combatOf(actors) {
      const CombatClass = fake.CONFIG["Combat"]?.documentClass;
      const combat = (await fake.as(GM.id, () => CombatClass?.create({}))) as unknown as
        Combat.Implementation | undefined;
      if (!combat) throw new Error("no combat");
      await fake.as(GM.id, () =>
        combat.createEmbeddedDocuments(
          "Combatant",
          actors.map((actor) => ({ actorId: actor.id })),
        ),
      );
      return combat;
    },
    lastMessage() {
      const messages = (fake.game.messages as unknown as { contents: { content: string }[] })
        .contents;
      const last = messages.at(-1);
      if (last === undefined) throw new Error("no message");
      return last.content;
    },
  };
}

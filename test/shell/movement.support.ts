/**
 * A world for dragging tokens (issue 24): the fake Foundry playing one ruleset, the fake's moving
 * tokens on a grid, a scene with the actors' tokens on it, and a started combat in which the first
 * actor is taking its turn. `drag` moves a token as its owner does (through `preMoveToken`),
 * then waits for the GM's referee.
 */
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installMovementFakes } from "../fake-foundry/movement.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { FakeTokenDocument, MovementFakes } from "../fake-foundry/movement.ts";

export interface MoveWorld {
  readonly fake: FakeFoundry;
  readonly moves: MovementFakes;
  /** The table's fakes: who the logged-in user targets (`table.target(actor)`). */
  readonly table: ReturnType<typeof installTableFakes>;
  actors(sources: readonly Record<string, unknown>[]): Promise<Actor.Implementation[]>;
  /** A started combat of the actors, the first taking its turn; its tokens at these spaces. */
  fight(
    actors: readonly Actor.Implementation[],
    spaces: readonly { col: number; row: number }[],
  ): Promise<{ combat: Combat.Implementation; tokens: FakeTokenDocument[] }>;
  drag(
    token: FakeTokenDocument,
    to: { col: number; row: number },
    action?: string,
    userId?: string,
  ): Promise<boolean>;
  /** Moves the token straight up or down to `elevation`, as its owner (or `userId`) does. */
  rise(token: FakeTokenDocument, elevation: number, userId?: string): Promise<boolean>;
  idle(): Promise<void>;
  /** The chat messages posted since `from`. */
  messagesSince(from: number): { content: string; whisper?: string[] }[];
}

type FrayCombat = Combat.Implementation & { activateCombatant(id: string): Promise<unknown> };

export async function moveWorld(
  ruleset: string,
  grid: { size?: number; distance: number; units: string },
  settings: Record<string, unknown> = {},
  /** Core's random number for every die (default: each die's top face). */
  random = 0.999,
): Promise<MoveWorld> {
  const fake = installFakeFoundry({
    settings: { "fray.ruleset": ruleset, ...settings },
    random: () => random,
    users: [GM, PLAYER, PLAYER2],
  });
  const table = installTableFakes(fake);
  const moves = installMovementFakes(fake, grid);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const { refereeIdle } = await import("../../src/foundry/shared/referee.ts");
  const idle = async () => {
    await whenIdle();
    await refereeIdle();
  };
  const docClass = (name: string) => {
    const cls = fake.CONFIG[name]?.documentClass;
    if (!cls) throw new Error(`no ${name} class`);
    return cls;
  };
  return {
    fake,
    table,
    moves,
    idle,
    async actors(sources) {
      fake.setUser(GM.id);
      return (await docClass("Actor").createDocuments([
        ...sources,
      ])) as unknown as Actor.Implementation[];
    },
    async fight(actors, spaces) {
      fake.setUser(GM.id);
      const scene = moves.scene("Field");
      const tokens = actors.map((a, k) => moves.place(scene, a, spaces[k] ?? { col: k, row: 5 }));
      const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
      await combat.createEmbeddedDocuments(
        "Combatant",
        actors.map((a) => ({ actorId: a.id })),
      );
      await idle();
      await combat.startCombat();
      await idle();
      const first = combat.combatants.contents.find((c) => c.actorId === actors[0]?.id)?.id ?? "";
      const { turnStateOf } = await import("../../src/foundry/combat/state.ts");
      if (turnStateOf(combat).active !== first) {
        await combat.activateCombatant(first);
        await idle();
      }
      if (turnStateOf(combat).active !== first) throw new Error("the mover is not taking its turn");
      return { combat, tokens };
    },
    async drag(token, to, action, userId = PLAYER.id) {
      const moved = await fake.as(userId, () =>
        token.move([{ ...moves.at(to.col, to.row), ...(action === undefined ? {} : { action }) }]),
      );
      await idle();
      return moved;
    },
    async rise(token, elevation, userId = PLAYER.id) {
      const moved = await fake.as(userId, () =>
        token.move([{ x: token.x, y: token.y, elevation }]),
      );
      await idle();
      return moved;
    },
    messagesSince(from) {
      return fake.game.messages.contents.slice(from) as unknown as {
        content: string;
        whisper?: string[];
      }[];
    },
  };
}

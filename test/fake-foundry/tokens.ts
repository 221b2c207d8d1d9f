/**
 * Scenes with tokens, for shell code that asks where an actor stands, installed by
 * `installTokenFakes(fake)` after `installFakeFoundry()`. It copies what core v13 gives Fray:
 * - `game.scenes`: the world's scenes, a collection (`contents`);
 * - `Scene#tokens`: the scene's TokenDocuments (a collection), each with its `id`, `actorId`, `actorLink` (a
 *   linked token stands for its world actor) and `parent` (its scene).
 * Tokens placed here are linked to their actor (an unlinked token's own actor is not made here).
 */
import { Collection } from "./collection.ts";
import type { FakeFoundry } from "./index.ts";

export interface FakeTokenDocument {
  readonly id: string;
  readonly actorId: string;
  readonly actorLink: boolean;
  readonly parent: FakeScene;
}

export interface FakeScene {
  readonly id: string;
  readonly name: string;
  readonly tokens: Collection<FakeTokenDocument>;
}

let next = 0;

export function installTokenFakes(fake: FakeFoundry) {
  const game = fake.game as unknown as { scenes?: Collection<unknown> };
  game.scenes ??= new Collection<unknown>();
  const scenes = game.scenes;
  return {
    /** A new scene of the world. */
    scene(name = "Scene"): FakeScene {
      next += 1;
      const scene: FakeScene = { id: `scene${String(next)}`, name, tokens: new Collection() };
      scenes.set(scene.id, scene);
      return scene;
    },
    /** Puts a linked token of each actor on the scene. */
    place(scene: FakeScene, ...actors: readonly { id: string | null }[]): void {
      for (const actor of actors) {
        next += 1;
        const token = { id: `token${String(next)}`, actorId: actor.id ?? "", actorLink: true };
        scene.tokens.set(token.id, { ...token, parent: scene });
      }
    },
  };
}

/**
 * Whom an actor may act on, as the referee checks it from what the world holds (not from what a
 * player sends): an actor that fights in the same started combat (`combatOf`), or one with a
 * token on a scene where the actor has a token. A request naming any other actor id (a sidebar
 * actor, one on another scene) is refused.
 *
 * Scenes are read from the world's documents, not from the canvas: core's `game.scenes` holds
 * every scene with its TokenDocuments (`Scene#tokens`, each with `actorId` and `actorLink`), on
 * every client, whichever scene the GM views; an unlinked token's actor is the token's own
 * (`Actor#token`, whose parent is its scene).
 */
import { refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import { combatOf, standsFor } from "../combat/ledger.ts";

interface SceneTokens {
  readonly id: string | null;
  readonly tokens: { readonly contents: readonly { actorId: string | null; actorLink: boolean }[] };
}

/** The ids of the scenes the actor has a token on. */
function sceneIdsOf(actor: Actor.Implementation): string[] {
  if (actor.isToken) {
    const id = actor.token?.parent?.id ?? null;
    return id === null ? [] : [id];
  }
  const scenes = (game.scenes?.contents ?? []) as unknown as readonly SceneTokens[];
  return scenes
    .filter((scene) => scene.tokens.contents.some((t) => t.actorLink && t.actorId === actor.id))
    .flatMap((scene) => (scene.id === null ? [] : [scene.id]));
}

/** Whether `target` is in `actor`'s fight or on one of its scenes. */
export function isWithin(actor: Actor.Implementation, target: Actor.Implementation): boolean {
  const combat = combatOf(actor);
  if (combat?.combatants.contents.some((c) => standsFor(c, target)) === true) return true;
  const here = sceneIdsOf(actor);
  return sceneIdsOf(target).some((id) => here.includes(id));
}

/** Refuses a target outside the actor's fight and scenes ("targetNotHere", naming it). */
export function checkTargetHere(
  actor: Actor.Implementation,
  target: Actor.Implementation,
): Refusal<"targetNotHere"> | null {
  return isWithin(actor, target) ? null : refuse("targetNotHere", { target: target.name });
}

/**
 * The dice-pool game's ground on the map (issue 24), the ruleset's `afterMove` and `terrainNotes`:
 *
 * - Rough ground (a Region with Fray's rough-terrain behaviour, movement/region-behaviors.ts):
 *   once a fighter's move is paid, the active GM rolls Physical + Mobility with core Roll for each
 *   rough space it entered, against that ground's difficulty (rules/dicepool/rough-ground.ts),
 *   writes the Energy the failures cost, and posts the rolls in one chat message under the GM's
 *   roll mode (core's `ChatMessage.applyRollMode`, as the combat's order card does). A failure
 *   the mover cannot pay is a critical failure the card leaves to the GM.
 * - Falling: a fighter whose move ends higher than the ground (elevation 0, or a Region the GM
 *   marked as ground, `flags.fray.ground`, at its bottom elevation), neither climbing nor
 *   swimming nor standing in ground climbed or swum (`flags.fray.terrain`), starts a fall from
 *   the whole spaces below it (`system.falling`, written by the GM only); the faller's turn start
 *   drops it (combat.ts) and `lowerFaller` brings its token down with it, one token update.
 * - The ruler says "rough terrain: 2 rolls" for a segment that crosses rough spaces.
 *
 * A vehicle rolls through its pilot (rules/dicepool/vehicle.ts): not done on the map yet, so a
 * vehicle's token crosses rough ground without a roll.
 */
import { crossRoughGround, fallFrom } from "../../../rules/dicepool/rough-ground.ts";
import type { RoughCrossing } from "../../../rules/dicepool/rough-ground.ts";
import { fightOf, recordForActors } from "../../combat/ledger.ts";
import { FALLING_KEY, fallingOf } from "./falling.ts";
import { forceMove } from "../../movement/forced.ts";
import { groundLevelUnder } from "../../movement/ground.ts";
import type { Ground, SettledMove } from "../../movement/types.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { withRollMode } from "../../shared/cards.ts";
import { withDice } from "../../shared/dice.ts";
import { currentUser, i18n } from "../../shared/env.ts";
import { tokenOf } from "../../shared/scene.ts";
import { toDicepoolCombatant } from "./adapter.ts";
import { postLines } from "./cards/line-card.ts";
import { dicepoolOptions } from "./settings.ts";

/** The ruler's words for the ground of a segment (see the file's comment). */
export function dicepoolTerrainNotes(_actor: Actor.Implementation, ground: Ground): string[] {
  const count = ground.rough.length;
  if (count === 0) return [];
  return [
    i18n().format(count === 1 ? "FRAY.Dicepool.Terrain.RoughOne" : "FRAY.Dicepool.Terrain.Rough", {
      count,
    }),
  ];
}

/** The active GM, after a paid move: rough ground's rolls, then a fall begun in the air. */
export async function dicepoolAfterMove(move: SettledMove): Promise<void> {
  await rollRoughGround(move);
  await startFall(move);
}

/** The card's lines: one a roll, then what it cost. */
function crossingLines(name: string, crossed: RoughCrossing): string[] {
  const t = i18n();
  const lines = crossed.rolls.map((r, k) => {
    const data = { space: k + 1, hits: r.roll.hits, difficulty: r.difficulty };
    if (r.passed) return t.format("FRAY.Dicepool.Terrain.Passed", data);
    if (r.criticalFailure) return t.format("FRAY.Dicepool.Terrain.Critical", { ...data, name });
    return t.format("FRAY.Dicepool.Terrain.Failed", { ...data, energy: r.energyLost });
  });
  lines.push(t.format("FRAY.Dicepool.Terrain.Lost", { name, energy: crossed.energyLost }));
  return lines;
}

async function rollRoughGround(move: SettledMove): Promise<void> {
  const { actor, ground } = move;
  if (ground.rough.length === 0 || actor.type === "vehicle") return;
  const before = toDicepoolCombatant(actor);
  const rolled = await withDice((dice) =>
    crossRoughGround(before, ground.rough, dice, dicepoolOptions()),
  );
  if (!rolled.value.ok) return;
  const crossed = rolled.value.value;
  if (crossed.energyLost > 0) {
    await actor.update({ "system.energy.value": crossed.combatant.energy.value } as never);
  }
  const escape = (line: string) => foundry.utils.escapeHTML(line);
  const lines = crossingLines(actor.name, crossed);
  const title = i18n().format("FRAY.Dicepool.Terrain.Title", { name: actor.name });
  const data: Record<string, unknown> = {
    author: currentUser().id,
    speaker: ChatMessage.getSpeaker({ actor }),
    content: `<div class="fray-card fray-dp-card fray-dp-rough"><p>${escape(title)}</p><ul>${lines
      .map((line) => `<li>${escape(line)}</li>`)
      .join("")}</ul></div>`,
    rolls: rolled.rolls,
    flags: { [SYSTEM_ID]: { roughGround: { actorId: actor.id, userId: move.userId } } },
  };
  // The referee's roll mode, as core's chat selector sets it on the GM's client.
  await ChatMessage.create(withRollMode(data));
}

/** Ground climbed or swum holds a mover up (`flags.fray.terrain` on a Region it stands in). */
function heldUp(move: SettledMove): boolean {
  return move.mode === "climb" || move.mode === "swim" || move.under.climb + move.under.swim > 0;
}

async function startFall(move: SettledMove): Promise<void> {
  const { actor, token, grid } = move;
  if (fightOf(actor) === null || fallingOf(actor) !== null || heldUp(move)) return;
  const fall = fallFrom((token.elevation ?? 0) - move.groundLevel, grid.distance);
  if (fall === null) return;
  await recordForActors([{ actor, key: FALLING_KEY, value: fall }]);
  await postLines(
    actor,
    [
      i18n().format("FRAY.Dicepool.Terrain.Falls", {
        name: actor.name,
        height: fall.height,
        drop: dicepoolOptions().fall.spacesPerRound,
      }),
    ],
    "fray-dp-act",
  );
}

/** The turn start dropped the faller to `height` spaces: its token comes down with it. */
export async function lowerFaller(actor: Actor.Implementation, height: number): Promise<void> {
  const token = tokenOf(actor);
  const grid = token?.parent?.grid;
  if (token === null || grid === undefined || !(grid.distance > 0)) return;
  const ground = groundLevelUnder(token, grid);
  const elevation = ground + Math.max(0, height) * grid.distance;
  // The GM's own move of the token, not the faller's: neither priced nor refused (forced.ts).
  if (token.elevation !== elevation) await forceMove(token, { x: token.x, y: token.y }, elevation);
}

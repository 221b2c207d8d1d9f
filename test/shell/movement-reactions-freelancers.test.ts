/**
 * Reactions raised by movement in Freelancers (issue 24): Kara moves more than 1.5 m while within
 * the reach of the Raider's knife, which makes her a target of opportunity; the card's button
 * targets her and opens the Raider's attack dialog taken as its Reaction, which its player then
 * makes out of turn (once, spending the Reaction). A rifle threatens as far as its nominal range;
 * a Disengage provokes nothing, nor does a step of one square.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  attackCardsSince,
  itemNamed,
  oneReactionCard,
  pressReaction,
  reactionButton,
  reactionCards,
  reactionFight,
  targetsOf,
} from "./movement-reactions.support.ts";

let w: MoveWorld;
let dialog: typeof import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");

beforeAll(async () => {
  w = await moveWorld("freelancers", { size: 100, distance: 1.5, units: "m" });
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
});

/** A knife reaching 1.5 m: the adjacent square of a 1.5 m grid. */
const KNIFE = { name: "Knife", type: "weapon", system: { reach: 1.5 } };
/** A rifle: 6 m nominal range, four squares. */
const RIFLE = {
  name: "Rifle",
  type: "weapon",
  system: { kind: "ranged", range: { nominal: 6, max: 30 } },
};

function fight(items: readonly object[] = [KNIFE], foe = { col: 4, row: 1 }) {
  return reactionFight(w, {}, { items: [...items] }, { kara: { col: 3, row: 0 }, foe });
}

describe("reactions raised by movement in Freelancers", () => {
  it("two squares within the knife's reach: the button targets Kara, the dialog is a Reaction", async () => {
    const { token } = await fight();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(token, { col: 5, row: 0 })).toBe(true);
    const card = oneReactionCard(w, before);
    expect(reactionButton(w, card, PLAYER.id).removed).toBe(true);
    const shown = await pressReaction(w, card, PLAYER2.id);
    expect(shown.title).toContain("Knife");
    expect(shown.content).toContain("it takes your Reaction");
    expect(shown.content).toMatch(/value="reaction" selected/);
    expect(targetsOf(w, PLAYER2.id)).toEqual(["Kara"]);
  });

  it("the Reaction attack is made out of turn with the card, once; as a Base, it is refused", async () => {
    const { token, raider } = await fight();
    const before = w.fake.game.messages.contents.length;
    await w.drag(token, { col: 5, row: 0 });
    const card = oneReactionCard(w, before);
    await pressReaction(w, card, PLAYER2.id);
    const knife = itemNamed(raider, "Knife");
    const attack = (choices: object) =>
      w.fake.as(PLAYER2.id, () =>
        dialog.flAttack(raider, knife, {
          cover: "none",
          targetEngaged: false,
          ...choices,
        } as never),
      );
    expect(await attack({ as: "base", reaction: card.id })).toBeNull();
    expect(await attack({ as: "reaction", reaction: card.id })).not.toBeNull();
    await w.idle();
    expect(await attack({ as: "reaction", reaction: card.id })).toBeNull();
    await w.idle();
    expect(attackCardsSince(w, before)).toHaveLength(1);
  });

  it("a rifle threatens to its nominal range; a Disengage or a one-square step provokes nothing", async () => {
    const rifle = await fight([RIFLE], { col: 7, row: 0 });
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(rifle.token, { col: 3, row: 2 })).toBe(true);
    expect(reactionCards(w, before)).toHaveLength(1);
    const away = await fight();
    const step = await fight();
    const later = w.fake.game.messages.contents.length;
    expect(await w.drag(away.token, { col: 5, row: 0 }, "disengage")).toBe(true);
    expect(await w.drag(step.token, { col: 4, row: 0 })).toBe(true);
    expect(reactionCards(w, later)).toHaveLength(0);
  });
});

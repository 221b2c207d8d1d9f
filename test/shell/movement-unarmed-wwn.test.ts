/**
 * WWN's free attack on a foe leaving melee, by a foe with no weapon item (issue 24): anyone can
 * punch, so Kara stepping away from an empty-handed Raider still gives him the free attack. The
 * reaction card's button opens his attack dialog with his bare hands (1d2, Punch) as that free
 * attack; he makes it out of turn with the card, once, through the referee. Without the card his
 * bare-handed free attack is refused, from the dialog's path and from a console alike.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER2 } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  attackCardsSince,
  oneReactionCard,
  pressReaction,
  reactionFight,
  targetsOf,
} from "./movement-reactions.support.ts";

let w: MoveWorld;
let declare: typeof import("../../src/foundry/rulesets/wwn/attack/declare.ts");
let referee: typeof import("../../src/foundry/shared/referee.ts");
let protocol: typeof import("../../src/foundry/cards/protocol.ts");

beforeAll(async () => {
  w = await moveWorld("wwn", { size: 100, distance: 5, units: "ft" });
  declare = await import("../../src/foundry/rulesets/wwn/attack/declare.ts");
  referee = await import("../../src/foundry/shared/referee.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
});

function bareFight() {
  return reactionFight(
    w,
    { system: { health: { value: 10, max: 10 } } },
    { system: { health: { value: 10, max: 10 } } },
    { kara: { col: 2, row: 0 }, foe: { col: 3, row: 0 } },
  );
}

const healthOf = (actor: Actor.Implementation) =>
  (actor.system as unknown as { health: { value: number } }).health.value;

describe("the WWN free attack with bare hands", () => {
  it("an empty-handed foe gets the card; its button opens his bare-handed free attack", async () => {
    const { token, raider } = await bareFight();
    expect(raider.items.contents).toHaveLength(0);
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(token, { col: 0, row: 0 })).toBe(true);
    const card = oneReactionCard(w, before);
    const shown = await pressReaction(w, card, PLAYER2.id);
    expect(shown.title).toContain("Bare hands");
    expect(shown.content).toContain("A free attack on a foe leaving melee");
    expect(targetsOf(w, PLAYER2.id)).toEqual(["Kara"]);
  });

  it("he makes it out of turn with the card, once: 1d2 with his fists, through the referee", async () => {
    const { token, raider } = await bareFight();
    const before = w.fake.game.messages.contents.length;
    await w.drag(token, { col: 0, row: 0 });
    const card = oneReactionCard(w, before);
    await pressReaction(w, card, PLAYER2.id);
    const punch = (situation: object) =>
      w.fake.as(PLAYER2.id, () => declare.wwnAttack(raider, null, situation));
    // Without the card a free attack is not his to make.
    expect(await punch({ kind: { kind: "free" } })).toBeNull();
    await w.idle();
    expect(await punch({ reaction: card.id })).not.toBeNull();
    await w.idle();
    const cards = attackCardsSince(w, before);
    expect(cards).toHaveLength(1);
    const state = JSON.stringify(cards[0]?.flags);
    expect(state).toContain('"weaponName":"Bare hands"');
    expect(state).toContain('"damage":"1d2"');
    // The dice land high: a natural 20 hits, for the 2 of a 1d2.
    expect(state).toMatch(/"damage":\{"faces":\[2\],"rolled":2[^}]*\},[^]*"dealt":2/);
    expect(await punch({ reaction: card.id })).toBeNull();
    await w.idle();
    expect(attackCardsSince(w, before)).toHaveLength(1);
  });

  it("a console's bare-handed free attack without the card is refused and writes nothing", async () => {
    const { token, kara, raider } = await bareFight();
    await w.drag(token, { col: 0, row: 0 });
    const before = w.fake.game.messages.contents.length;
    const outcome = await w.fake.as(PLAYER2.id, () =>
      referee.sendIntent(protocol.CARD_DECLARE, {
        kind: "wwn.attack",
        payload: {
          attackerId: raider.id,
          weaponId: "",
          targetId: kara.id,
          situation: { kind: { kind: "free" } },
        },
      }),
    );
    await w.idle();
    expect(outcome.ok).toBe(false);
    expect(attackCardsSince(w, before)).toHaveLength(0);
    expect(healthOf(kara)).toBe(10);
  });
});

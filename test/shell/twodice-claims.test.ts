/**
 * Issue 28, two dice: a shot's distance where no scene measures it, and the target modifier and
 * cover a player claims, are shown on the card and wait for the GM's Confirm; the GM's values are
 * what resolves. With the tokens on a scene the GM measures the distance and the player's number
 * is never counted. Driven through the attack dialog, the declaration and the card's buttons.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Dialog from "../../src/foundry/rulesets/twodice/attack/dialog.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { TWODICE_RIFLE, twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";
import { nextStepLine, resultText } from "./card-next.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let dialog: typeof Dialog;
let declare: typeof Declare;
let cards: typeof Cards;
let protocol: typeof Protocol;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  dialog = await import("../../src/foundry/rulesets/twodice/attack/dialog.ts");
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
});

beforeEach(() => {
  world.reset();
  fake.dialogs.asked.length = 0;
});

const RIFLE = TWODICE_RIFLE;

async function pair() {
  const gunner = await world.createActor({
    name: "Gunner",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    items: [RIFLE],
  });
  const target = await world.createActor({
    name: "Vex",
    type: "npc",
    system: { traits: { toughness: 10 } },
  });
  return { gunner, target, rifle: world.item(gunner, "Rifle") };
}

const messageOf = (id: string | null) =>
  fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation;
const wounds = (actor: Actor.Implementation) =>
  (actor.system as unknown as { wounds: { marked: number[] } }).wounds.marked;

describe("a distance where no scene measures it", () => {
  it("the dialog asks for it with no tokens, and not when the scene measures it", async () => {
    const { gunner, target, rifle } = await pair();
    fake.setUser(PLAYER.id);
    world.table.target(target);
    await dialog.openTwodiceAttack(gunner, rifle, "single");
    const bare = fake.dialogs.asked.at(-1)?.content ?? "";
    expect(bare).toContain('name="distance"');
    expect(bare).toContain("Claims the GM confirms");
    world.place(gunner, target);
    await dialog.openTwodiceAttack(gunner, rifle, "single");
    expect(fake.dialogs.asked.at(-1)?.content ?? "").not.toContain('name="distance"');
  });

  it("a player's distance waits for the GM, and the GM's distance is what resolves", async () => {
    const { gunner, target, rifle } = await pair();
    // A fight with no token on any scene (theatre of the mind).
    await world.startedCombat([gunner, target]);
    fake.setUser(PLAYER.id);
    // Black 3 and white 2: under 5 m every success hits; at 30 m (step 4) neither does.
    world.dice(3, 2);
    const id = await declare.declareTwodiceAttack(gunner, rifle, target, { distance: 3 });
    const message = messageOf(id);
    const card = cards.twodiceCardOf(message);
    expect(card?.stage).toBe("claimed");
    expect(card?.claims).toMatchObject({ distance: 3 });
    expect(message.content).toContain("Claimed by the attacker");
    expect(message.content).toContain('data-fray-step="confirm"');
    expect(message.content).not.toContain("fray-td-outcome hit");

    // Nobody applies before the GM rules; the player cannot confirm its own claim.
    const early = await fake.as(PLAYER.id, () => declare.pressTwodiceCard(message, "apply"));
    expect(early).toMatchObject({ ok: false, reason: "awaitingGM" });
    expect(world.warnings().at(-1)).toBe("The GM has not ruled on this shot yet.");
    const self = await fake.as(PLAYER.id, () =>
      protocol.pressCard(message, "confirm", { distance: 3 }),
    );
    expect(self).toMatchObject({ ok: false, reason: "notAllowed" });

    const ruled = await fake.as(GM.id, () =>
      protocol.pressCard(message, "confirm", { distance: 30 }),
    );
    expect(ruled).toEqual({ ok: true });
    const after = cards.twodiceCardOf(messageOf(id));
    expect(after?.situation.distance).toBe(30);
    expect(after?.setup.defense).toBe(4);
    expect(after?.reads[0]?.hit).toBe(false);
    expect(after?.stage).toBe("resolved");
    expect(messageOf(id).content).toContain('data-ruling="distance"');
    expect(wounds(target)).toEqual([]);
  });
});

describe("a target modifier and cover claimed by a player", () => {
  it("the GM's values resolve, not the claimed ones; on a scene the player's distance is ignored", async () => {
    const { gunner, target, rifle } = await pair();
    world.place(gunner, target);
    fake.setUser(PLAYER.id);
    // Attack 14: black 13 succeeds with +2 claimed... and fails with the GM's −3 (value 11).
    world.dice(13, 18);
    const id = await declare.declareTwodiceAttack(gunner, rifle, target, {
      targetModifier: 2,
      cover: [0],
      distance: 200,
    });
    const card = cards.twodiceCardOf(messageOf(id));
    expect(card?.stage).toBe("claimed");
    // The scene measured 1 m: the player's 200 is not a claim and not counted.
    expect(card?.claims).toMatchObject({ targetModifier: 2, distance: null, moved: null });
    expect(card?.situation.distance).toBe(1);

    const ruled = await fake.as(GM.id, () =>
      protocol.pressCard(messageOf(id), "confirm", { targetModifier: -3, cover: 0 }),
    );
    expect(ruled).toEqual({ ok: true });
    const after = cards.twodiceCardOf(messageOf(id));
    expect(after?.setup.value).toBe(11);
    expect(after?.reads[0]?.hit).toBe(false);
    expect(after?.ruling).toMatchObject({ targetModifier: -3 });
  });

  it("a confirmed claim as it stands lets the card be answered", async () => {
    const { gunner, target, rifle } = await pair();
    world.place(gunner, target);
    fake.setUser(PLAYER.id);
    world.dice(5, 15);
    const id = await declare.declareTwodiceAttack(gunner, rifle, target, { cover: [2] });
    // What the card says comes next, at each stage (issue 29).
    const next = () => nextStepLine(messageOf(id).content);
    expect(next()).toBe("GM: Confirm or correct the claims");
    expect(resultText(messageOf(id).content)).toBeNull();
    const ok = await fake.as(GM.id, () => protocol.pressCard(messageOf(id), "confirm", {}));
    expect(ok).toEqual({ ok: true });
    const after = cards.twodiceCardOf(messageOf(id));
    expect(after?.setup.value).toBe(12);
    expect(after?.stage).toBe("pending");
    expect(resultText(messageOf(id).content)).toBe("Gunner hits Vex.");
    expect(next()).toBe("GM, for Vex: Roll with it or Apply");
    const applied = await fake.as(PLAYER.id, () =>
      declare.pressTwodiceCard(messageOf(id), "apply"),
    );
    expect(applied).toEqual({ ok: true });
    expect(next()).toBe("Done: nothing left to do.");
    // White 15 missed: its digit 5 + Damage 3 = 8.
    expect(wounds(target)).toEqual([8]);
  });

  it("a shot on a scene that claims nothing is not held for the GM", async () => {
    const { gunner, target, rifle } = await pair();
    world.place(gunner, target);
    fake.setUser(PLAYER.id);
    world.dice(5, 15);
    const id = await declare.declareTwodiceAttack(gunner, rifle, target, { targetModifier: 0 });
    expect(cards.twodiceCardOf(messageOf(id))?.stage).toBe("pending");
  });
});

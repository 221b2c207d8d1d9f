/**
 * Reactions raised by movement (issue 24), in Worldlines: Kara walks into the Raider's reach; the
 * GM posts the one reaction card (public, as every card of the protocol), whose button stays only
 * for the Raider's owner; a Retreat provokes nothing, nor
 * does a path that stays out of reach.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
});

async function setting() {
  const [kara, raider] = await w.actors([
    {
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: 10, max: 10 } },
    },
    {
      name: "Raider",
      type: "npc",
      prototypeToken: { disposition: -1 },
      ownership: { [PLAYER2.id]: 3 },
      system: { energy: { value: 10, max: 10 } },
    },
  ]);
  if (kara === undefined || raider === undefined) throw new Error("no actors");
  const { tokens } = await w.fight(
    [kara, raider],
    [
      { col: 0, row: 0 },
      { col: 4, row: 0 },
    ],
  );
  const token = tokens[0];
  if (token === undefined) throw new Error("no token");
  return { token };
}

/**
 * Whether `userId` sees the card's attack button as it renders on their client (core's
 * `renderChatMessageHTML`, with a stand-in for the card's HTMLElement); `click` presses it.
 */
function reactionButton(message: unknown, userId: string) {
  const button = {
    removed: false,
    click: null as null | ((e: { preventDefault(): void }) => void),
    remove() {
      this.removed = true;
    },
    addEventListener(_type: string, fn: (e: { preventDefault(): void }) => void) {
      this.click = fn;
    },
  };
  const html = {
    dataset: {},
    classList: { add() {} },
    querySelector: () => null,
    querySelectorAll: (selector: string) =>
      selector === "button[data-fray-reaction]" ? [button] : [],
  };
  w.fake.as(userId, () => w.fake.hooks.callAll("renderChatMessageHTML", message, html, {}));
  return button;
}

const reactionCards = (from: number) =>
  w.messagesSince(from).filter((m) => m.content.includes("fray-movement-reaction"));

describe("reactions raised by movement", () => {
  it("entering a foe's reach posts the reaction card; only its owner keeps the button", async () => {
    const { token } = await setting();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(token, { col: 3, row: 0 })).toBe(true);
    const cards = reactionCards(before);
    expect(cards).toHaveLength(1);
    const card = cards[0];
    if (card === undefined) throw new Error("no card");
    expect(card.content).toContain("Raider may make an opportunity attack");
    expect(reactionButton(card, PLAYER.id).removed).toBe(true);
    const owners = reactionButton(card, PLAYER2.id);
    expect(owners.removed).toBe(false);
    expect(typeof owners.click).toBe("function");
  });

  it("a Retreat and a path out of reach provoke nothing", async () => {
    const retreat = await setting();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(retreat.token, { col: 3, row: 0 }, "retreat")).toBe(true);
    const far = await setting();
    expect(await w.drag(far.token, { col: 2, row: 0 })).toBe(true);
    expect(reactionCards(before)).toHaveLength(0);
  });
});

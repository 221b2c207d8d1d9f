/**
 * The one card protocol (src/foundry/cards/protocol.ts), played with the test-only "tiny" ruleset
 * that joins through the seam alone: a player declares, the active GM rolls and posts the card,
 * and the card's Apply button resolves on the GM. What a player's console can do is tried here:
 * post their own copy of a card, press a button they may not, press twice, name a step that is
 * not one (`__proto__`, `constructor`), send a malformed press.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { TINY_ID, tinyRules } from "./tiny/rules.ts";
import type * as TinyShell from "./tiny/shell.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";

let fake: FakeFoundry;
let tiny: typeof TinyShell;
let protocol: typeof Protocol;
let referee: typeof Referee;

beforeAll(async () => {
  // d6 rolls 4 (the fake's Roll turns a uniform draw into a face).
  fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    settings: { "fray.ruleset": TINY_ID },
    random: () => 0.55,
  });
  const rules = await import("../../src/rules/registry.ts");
  const registry = await import("../../src/foundry/rulesets/registry.ts");
  tiny = await import("./tiny/shell.ts");
  rules.registerRuleset(tinyRules);
  registry.registerShellRuleset(TINY_ID, tiny.tinyShell);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  referee = await import("../../src/foundry/shared/referee.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

const health = (actor: Actor.Implementation) =>
  (actor.system as unknown as { health: { value: number } }).health.value;

async function attackCard() {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  if (Actor === undefined) throw new Error("no Actor class");
  const [hero, brute] = (await Actor.createDocuments([
    { name: "Hero", type: "character", ownership: { [PLAYER.id]: 3 } },
    { name: "Brute", type: "npc", system: { health: { value: 10, max: 10 } } },
  ])) as unknown as Actor.Implementation[];
  if (hero === undefined || brute === undefined) throw new Error("no actors");
  fake.setUser(PLAYER.id);
  const declared = await tiny.tinyAttack(hero, brute);
  expect(declared.ok).toBe(true);
  const card = fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
  return { hero, brute, card };
}

/** The card as core renders it: a stand-in for the HTMLElement with the card's buttons. */
function rendered() {
  const buttons: {
    dataset: Record<string, string>;
    disabled: boolean;
    removed: boolean;
    click?: (event: { preventDefault(): void }) => void;
    remove(): void;
    addEventListener(name: string, fn: (event: { preventDefault(): void }) => void): void;
  }[] = [
    {
      dataset: { frayStep: "apply" },
      disabled: false,
      removed: false,
      remove() {
        this.removed = true;
      },
      addEventListener(_name, fn) {
        this.click = fn;
      },
    },
  ];
  const html = {
    dataset: {} as Record<string, string>,
    querySelectorAll: (selector: string) =>
      selector === "button[data-fray-step]" ? buttons.filter((b) => !b.removed) : [],
  };
  return { html, button: buttons[0] };
}

describe("the card protocol", () => {
  it("plays a card: the GM posts it (tagged with its kind), Apply lands once", async () => {
    const { brute, card } = await attackCard();
    expect((card as unknown as { author: { id: string } }).author.id).toBe(GM.id);
    expect(protocol.cardKindOf(card)).toBe(tiny.TINY_ATTACK);
    expect(health(brute)).toBe(10);

    const first = await protocol.pressCard(card, "apply");
    expect(first).toEqual({ ok: true });
    expect(health(brute)).toBe(6);
    const again = await protocol.pressCard(card, "apply");
    expect(again).toMatchObject({ ok: false });
    expect(health(brute)).toBe(6);
  });

  it("never plays a card a player posted: their copy is refused and nothing is written", async () => {
    const { hero, brute, card } = await attackCard();
    const ChatMessage = fake.CONFIG["ChatMessage"]?.documentClass;
    // The player's console posts a copy of the card (the same flags, a bigger die).
    const forged = (await ChatMessage?.create({
      author: PLAYER.id,
      content: "forged",
      flags: {
        fray: {
          cardKind: tiny.TINY_ATTACK,
          tiny: { ...(card.flags as { fray: { tiny: object } }).fray.tiny, d6: 6 },
        },
      },
    })) as unknown as ChatMessage.Implementation;
    const mark = fake.db.calls.length;
    const outcome = await protocol.pressCard(forged, "apply");
    expect(outcome).toMatchObject({ ok: false, reason: "notRefereeCard" });
    expect(health(brute)).toBe(10);
    expect(health(hero)).toBe(10);
    const writes = fake.db
      .since(mark)
      .filter((c) => c.documentName !== "ChatMessage" || c.userId === GM.id);
    expect(writes.filter((c) => c.documentName === "Actor")).toEqual([]);
    expect(fake.notifications.at(-1)?.message).toBe(
      "This card was not made by the GM's client, so it cannot be played. Act again to get a card.",
    );
  });

  it("refuses a press by a user the step does not allow, with a message, before anything is sent", async () => {
    const { brute, card } = await attackCard();
    fake.setUser(PLAYER2.id);
    const sent = fake.queries.length;
    const outcome = await protocol.pressCard(card, "apply");
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.queries.length).toBe(sent);
    expect(fake.notifications.at(-1)?.message).toBe("You may not press that button on this card.");
    // The same press forged from the console straight to the referee is refused there too.
    const forged = await fake.as(PLAYER2.id, () =>
      referee.sendIntent(protocol.CARD_PRESS, { messageId: card.id, step: "apply" }),
    );
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(health(brute)).toBe(10);
  });

  it("refuses steps that are not the card's own and malformed presses", async () => {
    const { brute, card } = await attackCard();
    for (const step of ["__proto__", "constructor", "toString", "hasOwnProperty", "nope"]) {
      const outcome = await protocol.refereePress(
        { messageId: card.id, step },
        fakeUser(PLAYER.id),
      );
      expect(outcome).toMatchObject({ ok: false, reason: "badRequest" });
    }
    for (const raw of [null, 7, { messageId: 7, step: "apply" }, { messageId: card.id }]) {
      expect(await protocol.refereePress(raw, fakeUser(GM.id))).toMatchObject({ ok: false });
    }
    expect(health(brute)).toBe(10);
  });

  it("lets two presses at once apply once", async () => {
    const { brute, card } = await attackCard();
    const [a, b] = await Promise.all([
      fake.as(PLAYER.id, () => protocol.pressCard(card, "apply")),
      fake.as(GM.id, () => protocol.pressCard(card, "apply")),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(health(brute)).toBe(6);
  });

  it("wires the card's buttons: kept and working for who may press, removed for others", async () => {
    const { brute, card } = await attackCard();
    const forOther = rendered();
    fake.as(PLAYER2.id, () => {
      fake.hooks.callAll("renderChatMessageHTML", card, forOther.html, {});
    });
    expect(forOther.button?.removed).toBe(true);

    const forOwner = rendered();
    fake.as(PLAYER.id, () => {
      fake.hooks.callAll("renderChatMessageHTML", card, forOwner.html, {});
    });
    expect(forOwner.button?.removed).toBe(false);
    // The ruleset's own wiring runs after the driver's.
    expect(forOwner.html.dataset["tinyD6"]).toBe("4");
    await fake.as(PLAYER.id, async () => {
      forOwner.button?.click?.({ preventDefault: () => undefined });
      await referee.refereeIdle();
    });
    await waitFor(() => health(brute) === 6);
    // Once applied, nobody gets the button again.
    const after = rendered();
    fake.as(PLAYER.id, () => {
      fake.hooks.callAll("renderChatMessageHTML", card, after.html, {});
    });
    expect(after.button?.removed).toBe(true);
  });
});

function fakeUser(id: string): User.Implementation {
  const user = fake.game.users.get(id);
  if (user === undefined) throw new Error(`no user ${id}`);
  return user as unknown as User.Implementation;
}

async function waitFor(test: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(test()).toBe(true);
}

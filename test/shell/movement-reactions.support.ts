/**
 * Reactions raised by movement, as a user meets them in every ruleset (issue 24): the reaction
 * cards a drag posted, the card as it renders on a user's client (core `renderChatMessageHTML`,
 * with a stand-in for its HTMLElement) and the press of its button.
 */
import { expect } from "vitest";
import type { MoveWorld } from "./movement.support.ts";

export interface ChatCard {
  readonly id: string;
  readonly content: string;
  readonly author?: unknown;
  readonly flags: Record<string, Record<string, unknown>>;
}

/** The reaction cards posted since message `from`. */
export function reactionCards(w: MoveWorld, from: number): ChatCard[] {
  return (w.fake.game.messages.contents.slice(from) as unknown as ChatCard[]).filter((m) =>
    m.content.includes("fray-movement-reaction"),
  );
}

/** The one reaction card posted since `from`. */
export function oneReactionCard(w: MoveWorld, from: number): ChatCard {
  const cards = reactionCards(w, from);
  expect(cards).toHaveLength(1);
  const card = cards[0];
  if (card === undefined) throw new Error("no card");
  return card;
}

/** The card's attack button as `userId`'s client renders it; `click` presses it. */
export function reactionButton(w: MoveWorld, message: unknown, userId: string) {
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

/**
 * `userId` presses the card's button on their client and the dialog it opens is closed (the
 * fake's user reads it): resolves to what the dialog showed.
 */
export async function pressReaction(
  w: MoveWorld,
  message: unknown,
  userId: string,
): Promise<{ title: string; content: string }> {
  const button = reactionButton(w, message, userId);
  expect(button.removed).toBe(false);
  const asked = w.fake.dialogs.asked.length;
  w.fake.as(userId, () => button.click?.({ preventDefault() {} }));
  for (let k = 0; k < 200 && w.fake.dialogs.asked.length === asked; k++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await w.idle();
  const shown = w.fake.dialogs.asked.at(-1);
  if (shown === undefined || w.fake.dialogs.asked.length === asked) throw new Error("no dialog");
  return shown;
}

/** The actors `userId` targets now (core `User#targets`). */
export function targetsOf(w: MoveWorld, userId: string): string[] {
  const user = w.fake.users.get(userId) as unknown as {
    targets: Set<{ actor: { name: string } | null }>;
  };
  return [...user.targets].map((t) => t.actor?.name ?? "");
}

/**
 * A started fight of Kara (the player's, on her turn) and a foe owned by the second player, on
 * opposite sides, their tokens at these spaces; `kara` and `foe` add to their sources.
 */
export async function reactionFight(
  w: MoveWorld,
  kara: Record<string, unknown>,
  foe: Record<string, unknown>,
  at: { kara: { col: number; row: number }; foe: { col: number; row: number } },
) {
  const { PLAYER, PLAYER2 } = await import("../fake-foundry/index.ts");
  const [mover, threat] = await w.actors([
    {
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      ...kara,
    },
    {
      name: "Raider",
      type: "npc",
      prototypeToken: { disposition: -1 },
      ownership: { [PLAYER2.id]: 3 },
      ...foe,
    },
  ]);
  if (mover === undefined || threat === undefined) throw new Error("no actors");
  const { combat, tokens } = await w.fight([mover, threat], [at.kara, at.foe]);
  const token = tokens[0];
  if (token === undefined) throw new Error("no token");
  return { combat, token, kara: mover, raider: threat };
}

/** The actor's item of this name. */
export function itemNamed(actor: Actor.Implementation, name: string): Item.Implementation {
  const item = actor.items.contents.find((i) => i.name === name);
  if (item === undefined) throw new Error(`no ${name}`);
  return item;
}

/** The attack cards (any ruleset's) posted since `from`: a card of the protocol but no reaction. */
export function attackCardsSince(w: MoveWorld, from: number): ChatCard[] {
  return (w.fake.game.messages.contents.slice(from) as unknown as ChatCard[]).filter((m) => {
    const kind = m.flags["fray"]?.["cardKind"];
    return typeof kind === "string" && kind.endsWith("attack");
  });
}

/** The GM writes a value in the ledger of the actor's combatant (a spent reaction, an interruption). */
export async function ledgerSets(
  w: MoveWorld,
  combat: Combat.Implementation,
  actor: Actor.Implementation,
  key: string,
  value: unknown,
): Promise<void> {
  const { GM } = await import("../fake-foundry/index.ts");
  const id = combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  await w.fake.as(GM.id, () => combat.update({ [`flags.fray.ledger.${id}.${key}`]: value }));
}

/**
 * Kara's player (or `userId`) targets the Raider's token (core User#updateTokenTargets); resolves
 * to it.
 */
export async function targetRaider<T extends { actorId: string; id: string }>(
  w: MoveWorld,
  fought: {
    token: { parent: { tokens: { contents: T[] } } };
    raider: Actor.Implementation;
  },
  userId?: string,
): Promise<T> {
  const { PLAYER } = await import("../fake-foundry/index.ts");
  const raiderToken = fought.token.parent.tokens.contents.find(
    (t) => t.actorId === fought.raider.id,
  );
  if (raiderToken === undefined) throw new Error("no raider token");
  w.fake.as(userId ?? PLAYER.id, () => {
    (game.user as unknown as { updateTokenTargets(ids: string[]): void }).updateTokenTargets([
      raiderToken.id,
    ]);
  });
  return raiderToken;
}

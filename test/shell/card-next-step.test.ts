/**
 * The next-step line every card ends on (cards/next-step.ts), worded from the world as core keeps
 * it: an actor's players are the users who are no GM and own it (its ownership levels), so the
 * line names the people at the table; an actor no player owns is the GM's to answer for.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, GM2, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as NextStep from "../../src/foundry/cards/next-step.ts";
import { bootWorld } from "./boot.support.ts";

let fake: FakeFoundry;
let next: typeof NextStep;

beforeAll(async () => {
  fake = await bootWorld("worldlines", () => 0.5, { users: [GM, GM2, PLAYER, PLAYER2] });
  next = await import("../../src/foundry/cards/next-step.ts");
});

const say = () => ({
  localize: (key: string) => fake.i18n.localize(key),
  format: (key: string, data: Record<string, string>) => fake.i18n.format(key, data),
});

async function actor(name: string, ownership: Record<string, number>) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const made = (await fake.as(GM.id, () => Actor?.create({ name, type: "npc", ownership }))) as
    Actor.Implementation | undefined;
  if (made === undefined) throw new Error("no actor");
  return made;
}

describe("the next-step line", () => {
  it("names every player who owns the defender, and only owners (observers and GMs are not asked)", async () => {
    const mara = await actor("Mara", { [PLAYER.id]: 3, [PLAYER2.id]: 3, [GM2.id]: 3 });
    const step = next.awaiting(next.playerOf(mara.id ?? "", "Mara"), "evadeOrTake");
    expect(next.nextStepView(step, say()).text).toBe(
      "Waiting for Player, Second player (Mara's players) to Evade or Take it",
    );
    const watched = await actor("Sable", { [PLAYER.id]: 3, [PLAYER2.id]: 2 });
    const alone = next.awaiting(next.playerOf(watched.id ?? "", "Sable"), "rollDefense");
    expect(next.nextStepView(alone, say())).toMatchObject({
      text: "Waiting for Player (Sable's player) to Roll defense",
      gm: false,
    });
  });

  it("puts an actor no player owns, or a deleted one, in the GM's hands", async () => {
    const vex = await actor("Vex", {});
    const view = next.nextStepView(
      next.awaiting(next.playerOf(vex.id ?? "", "Vex"), "resist"),
      say(),
    );
    expect(view).toMatchObject({ text: "GM, for Vex: Resist the grapple or decline", gm: true });
    const gone = next.awaiting(next.playerOf("noSuchActor00000", "Ghost"), "evadeOrTake");
    expect(next.nextStepView(gone, say()).text).toBe("GM, for Ghost: Evade or Take it");
  });

  it("says the number to reach, what waits on nobody, and when the card is done", () => {
    const step = next.awaiting(next.GM_STEP, "applyDamage", {
      actorName: "Rook",
      rollKey: "FRAY.Freelancers.Card.DefenseCheck",
      value: 4,
      how: "atMost",
    });
    expect(next.nextStepView(step, say())).toEqual({
      text: "GM: Apply damage",
      target: "To beat it: Rook's Defense check must pass and roll 4 or less.",
      done: false,
      gm: true,
    });
    expect(next.nextStepView(next.awaiting(null, "turnEnd"), say()).text).toBe(
      "Next: the attack is rolled when the turn ends, after every move, in the order declared",
    );
    expect(next.nextStepView(next.DONE, say())).toMatchObject({ done: true, target: null });
  });
});

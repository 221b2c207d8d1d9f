/**
 * A card step whose GM left in the middle (issue 23, item 4). The referee claims a step on the
 * card before it writes, recording who claimed it (shared/referee.ts claimStep). When that GM
 * drops before finishing, the next active GM takes the step over and applies it once; when the
 * departed GM's write had already landed (the server stamped an actor with it after the claim),
 * the step is closed instead of redone; and while the claiming GM is still there, a second
 * press never runs the step again.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, GM2, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let scene: ReturnType<typeof wwnScene>;
const rolls = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, GM2],
    settings: { "fray.ruleset": "wwn" },
    random: rolls.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  scene = wwnScene(fake);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.setActive(GM.id, true);
  fake.setActive(GM2.id, true);
  fake.notifications.length = 0;
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  rolls.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

/** A spear fighter (hits at +3, Shock 3 against AC 13 or less), AC 12, 10 hit points. */
async function fighter(name: string, owner: string | null): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () =>
    Actor?.create({
      name,
      type: owner === null ? "npc" : "character",
      ownership: owner === null ? {} : { [owner]: 3 },
      system: {
        health: { value: 10, max: 10 },
        ac: { natural: 12, bonus: 0 },
        attackBonus: 1,
        attributes: { str: 14 },
        skills: { stab: 1 },
      },
      items: [
        {
          name: "Spear",
          type: "weapon",
          system: {
            damage: "1d6",
            skill: "stab",
            attributes: { str: true },
            shock: { enabled: true, damage: 2, ac: 13 },
          },
        },
      ],
    }),
  );
  if (!created) throw new Error("actor not created");
  return created as unknown as Actor.Implementation;
}

const hp = (a: Actor.Implementation) =>
  ((a as unknown as Doc).system as unknown as { health: { value: number } }).health.value;

/** Kara's player attacks the bandit: a miss that Shocks for 3 (10 → 7 once applied). */
async function shockCard() {
  const kara = await fighter("Kara", PLAYER.id);
  const bandit = await fighter("Bandit", null);
  scene.place(kara, bandit);
  fake.setUser(PLAYER.id);
  table.target(bandit);
  rolls.set([20, 5]);
  const spear = (kara as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
  const message = await actions.wwnAttack(kara, spear, {});
  if (message === null) throw new Error("the attack was refused");
  return { bandit, message };
}

const apply = (message: ChatMessage.Implementation) =>
  fake.as(PLAYER.id, () => actions.press(message, "apply"));

const lastWarning = () => fake.notifications.at(-1)?.message;

describe("a step whose GM drops mid-step", () => {
  it("before its write landed: the next active GM finishes it, once", async () => {
    const { bandit, message } = await shockCard();
    // The GM claims the step, then drops before its write reaches the server.
    fake.db.failNext({ operation: "update", documentName: "Actor", userId: GM.id });
    expect(await apply(message)).toMatchObject({ ok: false, reason: "failed" });
    expect(hp(bandit)).toBe(10);
    fake.setActive(GM.id, false);

    // The player presses again: the second GM, now the active one, takes the step over.
    expect(await apply(message)).toEqual({ ok: true });
    expect(hp(bandit)).toBe(7);
    expect(fake.db.count({ documentName: "Actor", operation: "update", userId: GM2.id })).toBe(1);
    expect(actions.wwnCardOf(message)).toMatchObject({ stage: "applied" });

    // A third press, or the first GM coming back, applies nothing more.
    expect(await apply(message)).toMatchObject({ ok: false });
    fake.setActive(GM.id, true);
    expect(await apply(message)).toMatchObject({ ok: false });
    expect(hp(bandit)).toBe(7);
  });

  it("after its write landed: the step is closed, never applied twice, and the GM is told", async () => {
    const { bandit, message } = await shockCard();
    // The GM's actor write lands; the card's final update does not (the GM is gone).
    fake.hooks.once("updateActor", () => {
      fake.db.failNext({ operation: "update", documentName: "ChatMessage", userId: GM.id });
    });
    expect(await apply(message)).toMatchObject({ ok: false, reason: "failed" });
    expect(hp(bandit)).toBe(7);
    fake.setActive(GM.id, false);

    expect(await apply(message)).toMatchObject({ ok: false, reason: "stepLanded" });
    expect(lastWarning()).toMatch(/left after writing part of it/);
    expect(hp(bandit)).toBe(7);
    expect(await apply(message)).toMatchObject({ ok: false, reason: "alreadyHandled" });
    expect(hp(bandit)).toBe(7);
  });

  it("while the GM who claimed it is still there, a second press is refused, not redone", async () => {
    const { bandit, message } = await shockCard();
    fake.db.failNext({ operation: "update", documentName: "Actor", userId: GM.id });
    expect(await apply(message)).toMatchObject({ ok: false, reason: "failed" });
    expect(await apply(message)).toMatchObject({ ok: false, reason: "inProgress" });
    expect(hp(bandit)).toBe(10);
  });
});

/**
 * The referee transport (src/foundry/shared/referee.ts) in the fake, with two GMs and two players:
 * the sender comes from the server-attributed request message, never from the payload; only the
 * active GM referees; without a GM, or when the GM does not answer, the user is told what to do;
 * two presses on one card are handled one after the other and the second is refused; replayed dice
 * are range-checked. The fake's database log shows what was (not) written.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, GM2, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";

let fake: FakeFoundry;
let referee: typeof Referee;

/** What each handled request saw: the action, the sender, and whose client ran it. */
const handled: { action: string; sender: string; on: string; payload: unknown }[] = [];
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER, GM2, PLAYER2] });
  referee = await import("../../src/foundry/shared/referee.ts");
  referee.registerReferee();
  referee.registerRefereeAction("test.note", async (intent, sender) => {
    await gate;
    handled.push({
      action: intent.action,
      sender: sender.id ?? "",
      on: fake.game.user.id,
      payload: intent.payload,
    });
    return { ok: true, value: "noted" };
  });
  referee.registerRefereeAction("test.throws", () => Promise.reject(new Error("boom")));
  referee.registerRefereeAction("test.refuses", () =>
    Promise.resolve({ ok: false as const, reason: "notYourTurn" }),
  );
});

beforeEach(async () => {
  // Each test starts with no request left over from another.
  await fake.as(GM.id, async () => {
    for (const message of requests()) await message.delete();
  });
  fake.setUser(PLAYER.id);
  fake.setActive(GM.id, true);
  fake.setActive(GM2.id, true);
  fake.notifications.length = 0;
  handled.length = 0;
  gate = Promise.resolve();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const requests = () =>
  fake.game.messages.contents.filter(
    (m) => (m.flags as { fray?: { referee?: unknown } }).fray?.referee !== undefined,
  );
const warnings = () => fake.notifications.map((n) => n.message);
const text = (reason: string) => fake.i18n.localize(`FRAY.Referee.Refusal.${reason}`);

describe("the sender", () => {
  it("is the user who made the request, whatever the payload claims; the request is removed", async () => {
    const outcome = await referee.sendIntent("test.note", { userId: GM.id, sender: GM.id });
    expect(outcome).toEqual({ ok: true, value: "noted" });
    expect(handled).toEqual([
      {
        action: "test.note",
        sender: PLAYER.id,
        on: GM.id,
        payload: { userId: GM.id, sender: GM.id },
      },
    ]);
    expect(requests()).toEqual([]);
  });

  it("cannot be forged: a request authored as the GM is refused by the server, nothing is handled", async () => {
    const mark = fake.db.calls.length;
    await expect(
      ChatMessage.create({
        author: GM.id,
        flags: { fray: { referee: { action: "test.note", payload: {} } } },
      } as never),
    ).rejects.toThrow(/lacks permission/);
    expect(fake.db.since(mark)).toEqual([]);
    expect(handled).toEqual([]);
  });

  it("naming another player's request handles it as that player, once; a replay is refused", async () => {
    const theirs = await fake.as(PLAYER2.id, () =>
      ChatMessage.create({
        flags: { fray: { referee: { action: "test.note", payload: "p2" } } },
      } as never),
    );
    const id = (theirs as unknown as ClientDocument).id;
    const gm = fake.users.get(GM.id);
    const first = await gm?.query(referee.REFEREE_QUERY, { messageId: id, userId: GM.id });
    const replay = await gm?.query(referee.REFEREE_QUERY, { messageId: id, userId: GM.id });
    expect(first).toEqual({ ok: true, value: "noted" });
    expect(replay).toEqual({ ok: false, reason: "noRequest" });
    expect(handled.map((h) => h.sender)).toEqual([PLAYER2.id]);
  });
});

describe("the active GM", () => {
  it("alone referees: a second GM's client refuses the query, and its own requests go to the active GM", async () => {
    const message = await ChatMessage.create({
      flags: { fray: { referee: { action: "test.note", payload: 1 } } },
    } as never);
    const id = (message as unknown as ClientDocument).id;
    expect(await fake.users.get(GM2.id)?.query(referee.REFEREE_QUERY, { messageId: id })).toEqual({
      ok: false,
      reason: "notActiveGM",
    });
    expect(handled).toEqual([]);
    await fake.as(GM2.id, () => referee.sendIntent("test.note", 2));
    expect(handled).toMatchObject([{ sender: GM2.id, on: GM.id }]);
  });

  it("changes when the first GM leaves: the second GM takes the requests", async () => {
    fake.setActive(GM.id, false);
    await referee.sendIntent("test.note", 3);
    expect(handled).toMatchObject([{ sender: PLAYER.id, on: GM2.id }]);
  });
});

describe("failures are told in words and change nothing", () => {
  it("without a connected GM, refuses at once: nothing is written, the user is told a GM must be connected", async () => {
    fake.setActive(GM.id, false);
    fake.setActive(GM2.id, false);
    const mark = fake.db.calls.length;
    expect(await referee.sendIntent("test.note", 1)).toEqual({ ok: false, reason: "noGM" });
    expect(fake.db.since(mark)).toEqual([]);
    expect(warnings()).toEqual([text("noGM")]);
    expect(text("noGM")).toMatch(/GM must be connected/);
  });

  it("when the GM does not answer in time, says so and withdraws the request", async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    gate = new Promise((resolve) => (release = resolve));
    const pending = referee.sendIntent("test.note", 1, { timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await pending).toEqual({ ok: false, reason: "timeout" });
    expect(warnings()).toEqual([text("timeout")]);
    expect(requests()).toEqual([]);
    release();
  });

  it("when the handler throws, or the GM leaves mid-request, answers 'failed' with what to do", async () => {
    expect(await referee.sendIntent("test.throws", {})).toEqual({ ok: false, reason: "failed" });
    const gm = fake.users.get(GM.id);
    vi.spyOn(gm as NonNullable<typeof gm>, "query").mockRejectedValueOnce(new Error("gone"));
    expect(await referee.sendIntent("test.note", {})).toEqual({ ok: false, reason: "failed" });
    expect(warnings()).toEqual([text("failed"), text("failed")]);
    expect(requests()).toEqual([]);
  });

  it("returns the handler's own refusal to the caller, unworded (the caller knows its reasons)", async () => {
    expect(await referee.sendIntent("test.refuses", {})).toEqual({
      ok: false,
      reason: "notYourTurn",
    });
    expect(warnings()).toEqual([]);
  });

  it("refuses an action the referee does not know", async () => {
    expect(await referee.sendIntent("test.nothing", {})).toEqual({
      ok: false,
      reason: "unknownAction",
    });
    expect(warnings()).toEqual([text("unknownAction")]);
  });
});

describe("one card, two presses", () => {
  it("25 ms apart: handled in order, one at a time; the second press is refused and nothing is written twice", async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const target = await fake.as(GM.id, () => Actor?.create({ name: "Vex" }));
    const card = await fake.as(GM.id, () => ChatMessage.create({ content: "card" }));
    const cardMessage = card as unknown as ChatMessage.Implementation;
    referee.registerRefereeAction("test.apply", (_intent, _sender) =>
      referee.serializedBy(cardMessage.id ?? "", async () => {
        const refusal = await referee.claimStep(cardMessage, "apply");
        if (refusal !== null) return refusal;
        await gate;
        await target?.update({ name: "Vex (hit)" });
        await cardMessage.update(referee.stepDoneUpdate("apply"));
        return { ok: true };
      }),
    );
    let release: () => void = () => undefined;
    gate = new Promise((resolve) => (release = resolve));
    const mark = fake.db.calls.length;
    const first = fake.as(PLAYER.id, () => referee.sendIntent("test.apply", {}));
    await new Promise((resolve) => setTimeout(resolve, 25));
    const second = fake.as(PLAYER2.id, () => referee.sendIntent("test.apply", {}));
    release();
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: false, reason: "alreadyHandled" });
    expect(fake.db.since(mark, { documentName: "Actor" })).toHaveLength(1);
    expect(referee.stepState(cardMessage, "apply")).toBe("done");
  });

  it("a step still resolving refuses a press that arrives outside the queue", async () => {
    const card = await fake.as(GM.id, () => ChatMessage.create({ content: "card" }));
    const message = card as unknown as ChatMessage.Implementation;
    expect(await fake.as(GM.id, () => referee.claimStep(message, "take"))).toBeNull();
    expect(await fake.as(GM.id, () => referee.claimStep(message, "take"))).toEqual({
      ok: false,
      reason: "inProgress",
    });
  });
});

describe("replayed dice", () => {
  it("accepts faces on their die and refuses a 99 on a d8, fractions, NaN, infinities and wrong dice", () => {
    expect(referee.checkReplayedDice([{ sides: 8, value: 8 }], [8])).toBeUndefined();
    expect(referee.checkReplayedDice([{ sides: 8, value: 99 }])).toMatchObject({
      reason: "badDie",
      detail: { field: "dice.0.value", value: 99, max: 8 },
    });
    for (const bad of [
      [{ sides: 8, value: 0 }],
      [{ sides: 8, value: 2.5 }],
      [{ sides: 8, value: Number.NaN }],
      [{ sides: Number.POSITIVE_INFINITY, value: 3 }],
      [{ sides: 1e9, value: 3 }],
      [{ sides: 8, value: "7" }],
      "dice",
    ]) {
      expect(referee.checkReplayedDice(bad)).toMatchObject({ ok: false, reason: "badDie" });
    }
    expect(referee.checkReplayedDice([{ sides: 20, value: 20 }], [8])).toMatchObject({
      reason: "badDie",
    });
    expect(referee.checkReplayedDice([], [8])).toMatchObject({ reason: "badDie" });
  });
});

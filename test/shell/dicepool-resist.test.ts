/**
 * Resist on the grapple card (issue 28): a grapple applied that leaves its victim incapacitated
 * by the grapple offers the victim, on the card, its one chance to spend Energy against the
 * Grappling Pool. Only the victim's player presses it (not the assailant's player, not the GM,
 * from the card or the console); the referee checks the Energy against the victim and the grapple
 * it recorded, and writes the victim and the ledger.
 */
import { nextStepLine } from "./card-next.support.ts";
import { describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { actorWriters } from "./referee.support.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, sys, cardState, fighters, playerAttacks, fight } = t;

const lastWarning = () => t.fake.notifications.at(-1)?.message;
const content = (message: ChatMessage.Implementation) =>
  (message as unknown as { content: string }).content;

/** Ana (8 dice, a grappling knife) grapples Brute, whom PLAYER2 plays, for 6: his health. */
async function heldDown() {
  const { ana } = await fighters(
    { kind: "close", mods: { grappling: true } },
    { attributes: { physical: 6 } },
  );
  const Actor = t.fake.CONFIG["Actor"]?.documentClass;
  // Physical 2, Size 1: health 6; Energy 3.
  const [brute] = (await t.fake.as(GM.id, () =>
    Actor?.createDocuments([
      {
        name: "Brute",
        type: "character",
        ownership: { [PLAYER2.id]: 3 },
        system: { attributes: { physical: 2 }, energy: { value: 3, max: 5 } },
      },
    ]),
  )) as unknown as Actor.Implementation[];
  if (brute === undefined) throw new Error("no Brute");
  t.board.place(brute, { col: 0, row: 0 });
  await fight(ana, brute);
  dice(6, 6, 6, 6, 6, 6, 1, 1);
  const message = await playerAttacks(ana, brute, { intent: "grapple" });
  t.fake.setUser(PLAYER2.id);
  dice(1, 1);
  expect(await t.defend(message, "dodge")).toBe(true);
  return { ana, brute, message };
}

describe("Resist offered on the grapple card", () => {
  it("waits for Apply; then the victim's player alone spends Energy once and the pool drops", async () => {
    const { ana, brute, message } = await heldDown();
    // What the card says comes next (issue 29): the GM's Apply, then the victim's Resist.
    expect(nextStepLine(content(message))).toBe("GM: Apply the result");
    // Not before the grapple is applied.
    t.fake.setUser(PLAYER2.id);
    expect(await t.protocol.pressCard(message, "resist", { energy: "1" })).toMatchObject({
      ok: false,
      reason: "noResist",
    });
    t.fake.setUser(GM.id);
    expect(await t.apply(message)).toBe(true);
    expect(sys(brute).incapacitated).toBe("grapple");
    expect(cardState(message).resist).toEqual({ energy: null, pool: null });
    expect(content(message)).toContain('data-fray-step="resist"');
    expect(content(message)).toContain("Brute is held down by the grapple");
    expect(nextStepLine(content(message))).toBe(
      "Waiting for Second player (Brute's player) to Resist the grapple or decline",
    );

    // The assailant's player cannot press it, from the card or the console; nor the GM.
    t.fake.setUser(PLAYER.id);
    expect(await t.protocol.pressCard(message, "resist", { energy: "0" })).toMatchObject({
      ok: false,
      reason: "notAllowed",
    });
    const forged = await t.fake.as(PLAYER.id, () =>
      t.referee.sendIntent(t.protocol.CARD_PRESS, {
        messageId: message.id,
        step: "resist",
        choices: { energy: "0" },
      }),
    );
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    t.fake.setUser(GM.id);
    expect(await t.protocol.pressCard(message, "resist", { energy: "0" })).toMatchObject({
      ok: false,
      reason: "notAllowed",
    });
    expect(t.grapples(ana)).toMatchObject([{ pool: 6, resistOffered: false }]);

    // Brute's player: more Energy than he has is refused and the offer stays open.
    t.fake.setUser(PLAYER2.id);
    expect(await t.protocol.pressCard(message, "resist", { energy: "5" })).toMatchObject({
      ok: false,
    });
    expect(lastWarning()).toBe("Not enough Energy: it costs 5, there is 3.");
    expect(await t.protocol.pressCard(message, "resist", { energy: "-1" })).toMatchObject({
      ok: false,
      reason: "badRequest",
    });
    const mark = t.fake.db.calls.length;
    expect(await t.protocol.pressCard(message, "resist", { energy: "2" })).toMatchObject({
      ok: true,
    });
    // The GM wrote it: the pool 6 → 4 is below his health 6, so he is up; 1 Energy left.
    expect(new Set(actorWriters(t.fake, mark))).toEqual(new Set([GM.id]));
    expect(t.grapples(ana)).toMatchObject([{ pool: 4, resistOffered: true }]);
    expect(sys(brute).incapacitated).toBeNull();
    expect(sys(brute).energy.value).toBe(1);
    expect(cardState(message).resist).toEqual({ energy: 2, pool: 4 });
    expect(content(message)).toContain("Brute spent 2 Energy against the grapple (pool 4).");
    expect(content(message)).not.toContain('data-fray-step="resist"');
    expect(nextStepLine(content(message))).toBe("Done: nothing left to do.");

    // Once: the card and the sheet's Resist are both spent.
    expect(await t.protocol.pressCard(message, "resist", { energy: "1" })).toMatchObject({
      ok: false,
    });
    expect(await t.acts.requestDicepoolAct("resist", brute, ana, 1)).toBe(false);
    expect(sys(brute).energy.value).toBe(1);
  });

  it("a grapple that does not hold its victim down offers nothing", async () => {
    const { ana, brute } = await fighters({ kind: "close", mods: { grappling: true } });
    await fight(ana, brute);
    dice(6, 6, 1, 1, 1);
    const message = await playerAttacks(ana, brute, { intent: "grapple" });
    t.fake.setUser(GM.id);
    dice(1, 1, 1);
    await t.defend(message, "dodge");
    await t.apply(message);
    expect(t.grapples(ana)).toMatchObject([{ pool: 2 }]);
    expect(cardState(message).resist).toBeUndefined();
    expect(content(message)).not.toContain("fray-dp-resist");
  });
});

/**
 * The dice-pool attack at the table, in the fake Foundry with the world set to the dice-pool game:
 * a player attacks a GM's NPC through the referee (the one card protocol); the GM picks Dodge,
 * Parry or Soak on the card; the card shows the net hits, the damage and the wound-penalty roll;
 * the attacker presses Apply and the GM's client writes. A grapple is then held over the
 * assailant's turns of a running combat (the referee's ledger records it). Every die is fixed
 * through CONFIG.Dice.randomUniform.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, sys, itemOf, cardState, fighters, playerAttacks, fight } = t;

describe("an attack through the GM, with each defense", () => {
  it.each([
    // defense, its faces, net hits, damage, wound faces, wound penalty added
    ["dodge", [4, 1, 1], 2, [5, 2], 1],
    ["parry", [4, 5, 1, 1], 1, [6], 1],
    ["soak", [1, 1, 1, 1, 1], 3, [1, 1, 1], 0],
  ] as const)(
    "%s: the card shows net hits, damage and the wound roll; Apply writes them",
    async (defense, defenseFaces, net, woundFaces, woundAdded) => {
      const { ana, brute } = await fighters();
      dice(6, 5, 4, 1, 2); // 3 hits
      const message = await playerAttacks(ana, brute);
      const declared = cardState(message);
      expect(declared.stage).toBe("defend");
      expect(declared.attackPool).toMatchObject({ dice: 5, hits: 3 });
      expect((message as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);
      expect(declared.choices.map((c) => [c.defense, c.dice])).toEqual([
        ["dodge", 3],
        ["parry", 4],
        ["soak", 5],
      ]);

      // The GM picks the NPC's defense on the card.
      t.fake.setUser(GM.id);
      dice(...defenseFaces, ...woundFaces);
      expect(await t.defend(message, defense)).toBe(true);
      const resolved = cardState(message);
      expect(resolved.stage).toBe("resolved");
      expect(resolved.result).toMatchObject({ defense, net, damage: net, woundAdded });
      expect(resolved.result?.woundFaces).toEqual(woundFaces);
      const html = (message as unknown as { content: string }).content;
      expect(html).toContain(`data-net="${net}"`);
      expect(html).toContain(`data-damage="${net}"`);
      expect(html).toContain(`data-wound="${woundAdded}"`);
      expect(html).toContain('data-fray-step="apply"');
      expect(sys(brute).health.damage).toBe(0);

      // The attacker's player presses Apply; the GM's client writes the NPC.
      t.fake.setUser(PLAYER.id);
      expect(await t.apply(message)).toBe(true);
      expect(sys(brute).health.damage).toBe(net);
      expect(sys(brute).woundPenalty).toBe(woundAdded);
      expect(cardState(message).stage).toBe("applied");
      // A second press changes nothing.
      const mark = t.fake.db.calls.length;
      expect(await t.apply(message)).toBe(false);
      expect(t.fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
    },
  );

  it("with a default defense set, an NPC defends at once and the card waits for Apply", async () => {
    const { ana, brute } = await fighters();
    await t.fake.as(GM.id, () =>
      t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "parry"),
    );
    try {
      dice(6, 5, 4, 1, 2, 4, 5, 1, 1, 6); // attack 3 hits, Parry 2 hits, 1 wound die
      const message = await playerAttacks(ana, brute);
      expect(cardState(message)).toMatchObject({
        stage: "resolved",
        result: { defense: "parry", net: 1, damage: 1 },
      });
    } finally {
      await t.fake.as(GM.id, () =>
        t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "ask"),
      );
    }
  });

  it("with a default defense and auto-apply, an NPC's wounds are written as the card is posted", async () => {
    const { ana, brute } = await fighters();
    await t.fake.as(GM.id, () =>
      t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "parry"),
    );
    await t.fake.as(GM.id, () => t.fake.game.settings.set("fray", "autoApplyDamage", true));
    try {
      dice(6, 5, 4, 1, 2, 4, 5, 1, 1, 6); // attack 3 hits, Parry 2 hits, 1 wound die (a hit)
      const message = await playerAttacks(ana, brute);
      expect(cardState(message)).toMatchObject({ stage: "applied", result: { damage: 1 } });
      expect(sys(brute).health.damage).toBe(1);
      expect(sys(brute).woundPenalty).toBe(1);
      expect(await t.apply(message)).toBe(false);
      expect(sys(brute).health.damage).toBe(1);
    } finally {
      await t.fake.as(GM.id, () =>
        t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "ask"),
      );
      await t.fake.as(GM.id, () => t.fake.game.settings.set("fray", "autoApplyDamage", false));
    }
  });

  it("a player-owned defender's owner picks the defense; the GM's choice is not needed", async () => {
    const { ana, brute } = await fighters();
    // The GM's NPC attacks the player's Ana bare-handed (Physical 2 + Close Combat 2: 4 dice).
    t.fake.setUser(GM.id);
    dice(6, 6, 1, 1); // 2 hits
    const message = await t.attack.declareDicepoolAttack(brute, null, [ana]);
    if (message === null) throw new Error(JSON.stringify(t.fake.notifications));
    // Another player may not choose for Ana; her own player does (Physical 3 + Mobility 0).
    expect(await t.fake.as(PLAYER2.id, () => t.defend(message, "dodge"))).toBe(false);
    t.fake.setUser(PLAYER.id);
    dice(1, 1, 1, 1, 1); // Dodge: no hits; then 2 wound dice
    expect(await t.defend(message, "dodge")).toBe(true);
    expect(cardState(message).result).toMatchObject({ defense: "dodge", net: 2, damage: 2 });
  });

  it("a player who does not own the defender cannot pick its defense", async () => {
    const { ana, brute } = await fighters();
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    const mark = t.fake.db.calls.length;
    const outcome = await t.fake.as(PLAYER2.id, () =>
      t.referee.sendIntent(t.protocol.CARD_PRESS, {
        messageId: message.id,
        step: "defend",
        choices: { defense: "dodge" },
      }),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(cardState(message).stage).toBe("defend");
    expect(t.fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
  });

  it("an incapacitated defender can only Soak: the other buttons are off", async () => {
    const { ana, brute } = await fighters();
    await t.fake.as(GM.id, () =>
      brute.update({ "system.health.damage": 6, "system.incapacitated": "lethal" } as never),
    );
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    expect(cardState(message).choices.map((c) => c.allowed)).toEqual([false, false, true]);
    t.fake.setUser(GM.id);
    expect(await t.defend(message, "dodge")).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toContain("only Soak");
  });

  it("a close attack on a target spaces away is refused with a localized message", async () => {
    const { ana, brute } = await fighters();
    t.board.place(brute, { col: 3, row: 1 });
    t.fake.setUser(PLAYER.id);
    // The GM's canvas measures 3 spaces (a diagonal step counts one), whatever the player says.
    const message = await t.attack.declareDicepoolAttack(ana, itemOf(ana), [brute], {
      ...t.DEFAULT_CHOICE,
      distance: 0,
    });
    expect(message).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "A close attack needs the target in the same space (3 spaces away).",
    );
  });
});

describe("a grapple held over the rounds of a combat", () => {
  it("fills the Grappling Pool, loses 1 at each of the assailant's turns, and breaks at 0", async () => {
    const { ana, brute } = await fighters({ kind: "close", mods: { grappling: true } });
    const combat = await fight(ana, brute);
    dice(6, 6, 6, 6, 1); // 4 hits
    const message = await playerAttacks(ana, brute, { intent: "grapple" });
    t.fake.setUser(GM.id);
    dice(1, 1, 1); // Dodge: no hits
    await t.defend(message, "dodge");
    expect(cardState(message).result).toMatchObject({ net: 4, damage: 0, grapplePool: 4 });
    expect((message as unknown as { content: string }).content).toContain('data-grapple="4"');
    await t.apply(message);
    expect(t.grapples(ana)).toMatchObject([{ victimId: brute.id, victimName: "Brute", pool: 4 }]);
    expect(sys(brute).health.damage).toBe(0);

    // The tracker shows the pool on the assailant and the hold on the victim.
    const chips = (actor: Actor.Implementation) =>
      t.combat.dicepoolMemberChips(actor).map((c) => c.label);
    expect(chips(ana)).toContain("Grapple 4");
    expect(chips(brute)).toContain("FRAY.Dicepool.Tracker.Grappled");

    // Ana's turn starts again in rounds 2 and 3: the hold costs 1 each time.
    const nextRound = async () => {
      await t.endTurn(combat);
      await t.endTurn(combat);
    };
    await nextRound();
    expect(t.grapples(ana)).toMatchObject([{ pool: 3 }]);
    await nextRound();
    expect(t.grapples(ana)).toMatchObject([{ pool: 2 }]);
    expect(chips(ana)).toContain("Grapple 2");
    await nextRound();
    await nextRound();
    expect(t.grapples(ana)).toEqual([]);
    expect(chips(brute)).not.toContain("FRAY.Dicepool.Tracker.Grappled");
    const report = (t.fake.game.messages.contents.at(-1) as unknown as { content: string }).content;
    expect(report).toContain("grapple on Brute breaks.");
  });
});

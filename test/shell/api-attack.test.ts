/**
 * The public API's attack in the dice-pool game (`game.system.api`), and the attack hooks the
 * card protocol fires for it: a macro's attack posts the same card and writes the same damage as
 * the sheet's button, through the same checks and referee; `fray.preAttack` runs on the declaring
 * player's client and may stop the attack before anything is sent; `fray.attackResolved`,
 * `fray.preApplyDamage` (which may stop the write) and `fray.damageApplied` run once each, on
 * the referee's client, with plain data.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { useDicepoolTable } from "./dicepool.support.ts";
import { hookLog, stopping } from "./hooks.support.ts";

const t = useDicepoolTable();
const { dice, sys, itemOf, cardState, fighters, playerAttacks } = t;

const api = (): FrayApi => (t.fake.game.system as { api: FrayApi }).api;

const stops: (() => void)[] = [];
afterEach(() => {
  while (stops.length > 0) stops.pop()?.();
});

/** A module stopping what `hook` announces, until the test ends. */
function stop(hook: string): void {
  stops.push(stopping(t.fake, hook));
}

const listen = (...names: string[]) => hookLog(t.fake, ...names);

describe("game.system.api", () => {
  it("is set at init and names the world's ruleset", () => {
    expect(api().ruleset()).toEqual({ id: "dicepool", name: "Dice pool" });
    expect(api().hooks.preAttack).toBe("fray.preAttack");
    expect(api().version).toBe("0.1.0");
  });

  it("attacks from ids: the same card as the sheet's button, and Apply writes the same", async () => {
    const { ana, brute } = await fighters();
    dice(6, 5, 4, 1, 2);
    const fromSheet = await playerAttacks(ana, brute);
    t.fake.setUser(PLAYER.id);
    dice(6, 5, 4, 1, 2);
    const outcome = await api().attack({
      attacker: ana.id ?? "",
      weaponId: itemOf(ana).id,
      target: brute.id ?? "",
    });
    expect(outcome).toMatchObject({ ok: true });
    const id = (outcome as { value: string }).value;
    const card = t.fake.game.messages.get(id) as unknown as ChatMessage.Implementation;
    expect(cardState(card)).toEqual(cardState(fromSheet));
    expect((card as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);

    // The GM defends through the API's press, the player applies through it: the card's steps.
    t.fake.setUser(GM.id);
    dice(4, 1, 1, 5, 2); // Dodge: 1 hit, 2 net: damage 2, two wound dice
    expect(await api().press(id, "defend", { defense: "dodge" })).toEqual({ ok: true });
    t.fake.setUser(PLAYER.id);
    expect(await api().press(id, "apply")).toEqual({ ok: true });
    expect(sys(brute).health.damage).toBe(2);
    expect(cardState(card).stage).toBe("applied");
  });

  it("passes the dialog's choices by name, and refuses one the dialog does not offer", async () => {
    const { ana, brute } = await fighters();
    t.fake.setUser(PLAYER.id);
    dice(6, 5, 4, 1, 2);
    const outcome = await api().attack({
      attacker: ana,
      weaponId: itemOf(ana).id,
      target: brute,
      choices: { intent: "nonLethal", cover: "light" },
    });
    const card = t.fake.game.messages.get((outcome as { value: string }).value);
    expect(cardState(card as unknown as ChatMessage.Implementation)).toMatchObject({
      intent: "nonLethal",
      situation: { cover: "light" },
    });

    const before = t.fake.game.messages.size;
    const queries = t.fake.queries.length;
    const bad = await api().attack({
      attacker: ana.id ?? "",
      target: brute.id ?? "",
      choices: { cover: "total" },
    });
    expect(bad).toEqual({ ok: false, reason: "badChoices" });
    expect(t.fake.notifications.at(-1)?.message).toContain("not one the dialog offers");
    expect(t.fake.game.messages.size).toBe(before);
    expect(t.fake.queries.length).toBe(queries);
  });

  it("refuses an unknown actor or weapon with a message, and sends nothing", async () => {
    const { ana, brute } = await fighters();
    t.fake.setUser(PLAYER.id);
    const queries = t.fake.queries.length;
    expect(await api().attack({ attacker: "nobody", target: brute.id ?? "" })).toEqual({
      ok: false,
      reason: "noSuchActor",
    });
    expect(t.fake.notifications.at(-1)?.message).toContain("No such actor");
    const noWeapon = await api().attack({
      attacker: ana.id ?? "",
      weaponId: "notAnItem00000000",
      target: brute.id ?? "",
    });
    expect(noWeapon).toEqual({ ok: false, reason: "noSuchWeapon" });
    expect(t.fake.queries.length).toBe(queries);
  });

  it("runs the referee's checks: a player cannot defend for an NPC through a press", async () => {
    const { ana, brute } = await fighters();
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    t.fake.setUser(PLAYER2.id);
    expect(await api().press(message.id ?? "", "defend", { defense: "soak" })).toMatchObject({
      ok: false,
      reason: "notAllowed",
    });
    expect(cardState(message).stage).toBe("defend");
    expect(await api().press("noSuchMessage000", "defend")).toMatchObject({ ok: false });
    expect(t.fake.notifications.at(-1)?.message).toBe("That card is gone.");
  });

  it("gives the odds the dialog shows: the chance to hit against the best defense", async () => {
    const { ana, brute } = await fighters();
    const odds = api().odds({ attacker: ana.id ?? "", weaponId: itemOf(ana).id, target: brute });
    expect(odds.ok).toBe(true);
    const value = (
      odds as unknown as { value: { hit: number; defense: string; attackDice: number } }
    ).value;
    expect(value.hit).toBeGreaterThan(0);
    expect(value.hit).toBeLessThan(1);
    expect(value).toMatchObject({ defense: "soak", attackDice: 5 });
    // Medium cover takes dice off the attack: the odds fall.
    const covered = api().odds({
      attacker: ana.id ?? "",
      weaponId: itemOf(ana).id,
      target: brute,
      choices: { cover: "medium" },
    });
    expect((covered as { value: { hit: number } }).value.hit).toBeLessThan(value.hit);
  });
});

describe("declare", () => {
  it("moves through the table's declaration: the referee's checks and cost, the line card", async () => {
    const { ana, brute } = await fighters();
    await t.fight(ana, brute); // Ana's turn: a second move in it is a sprint
    t.fake.setUser(PLAYER.id);
    const move = (actorId: string, amount: number) =>
      api().declare("dicepool.move", {
        act: "move",
        actorId,
        otherId: "",
        amount,
        medium: "ground",
      });
    const energy = sys(ana).energy.value;
    expect(await move(ana.id ?? "", 1)).toMatchObject({ ok: true });
    expect(await move(ana.id ?? "", 1)).toMatchObject({ ok: true }); // the second: a sprint
    expect(sys(ana).energy.value).toBe(energy - 1);
    // Not the player's actor: the referee refuses, nothing is written.
    const mark = t.fake.db.calls.length;
    expect(await move(brute.id ?? "", 1)).toMatchObject({ ok: false });
    expect(t.fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
  });
});

describe("the attack hooks", () => {
  it("fire once each, where the work is done, with plain data", async () => {
    const { ana, brute } = await fighters();
    const heard = listen(
      "fray.preAttack",
      "fray.attackResolved",
      "fray.preApplyDamage",
      "fray.damageApplied",
    );
    stops.push(heard.off);
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    expect(heard.calls).toEqual([
      {
        hook: "fray.preAttack",
        client: PLAYER.id,
        data: {
          kind: "dicepool.attack",
          attackerId: ana.id,
          weaponId: itemOf(ana).id,
          targetId: brute.id,
          userId: PLAYER.id,
        },
      },
    ]);
    t.fake.setUser(GM.id);
    dice(4, 1, 1, 5, 2);
    expect(await t.defend(message, "dodge")).toBe(true);
    t.fake.setUser(PLAYER.id);
    expect(await t.apply(message)).toBe(true);
    const attack = { kind: "dicepool.attack", messageId: message.id, attackerId: ana.id };
    expect(heard.calls.slice(1)).toEqual([
      {
        hook: "fray.attackResolved",
        client: GM.id,
        data: { ...attack, targetId: brute.id, hit: true, damage: 2, userId: GM.id },
      },
      {
        hook: "fray.preApplyDamage",
        client: GM.id,
        data: { ...attack, actorId: brute.id, hit: true, damage: 2, userId: PLAYER.id },
      },
      {
        hook: "fray.damageApplied",
        client: GM.id,
        data: { ...attack, actorId: brute.id, hit: true, damage: 2, userId: PLAYER.id },
      },
    ]);
    // Plain data, frozen: a handler cannot change what the next one reads.
    expect(Object.isFrozen(heard.calls[1]?.data)).toBe(true);
  });

  it("fray.preAttack returning false stops the attack before anything is sent", async () => {
    const { ana, brute } = await fighters();
    stop("fray.preAttack");
    const before = t.fake.game.messages.size;
    const queries = t.fake.queries.length;
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const fromSheet = await t.attack.declareDicepoolAttack(ana, itemOf(ana), [brute]);
    const fromApi = await api().attack({ attacker: ana.id ?? "", target: brute.id ?? "" });
    expect(fromSheet).toBeNull();
    expect(fromApi).toEqual({ ok: false, reason: "cancelledByModule" });
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "A module stopped this. Nothing was changed.",
    );
    expect(t.fake.queries.length).toBe(queries);
    expect(t.fake.game.messages.size).toBe(before);
  });

  it("fray.preApplyDamage returning false stops the write; Apply can be pressed again", async () => {
    const { ana, brute } = await fighters();
    dice(6, 5, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    t.fake.setUser(GM.id);
    dice(4, 1, 1, 5, 2);
    expect(await t.defend(message, "dodge")).toBe(true);
    const applied = listen("fray.damageApplied");
    stops.push(applied.off);
    stop("fray.preApplyDamage");
    t.fake.setUser(PLAYER.id);
    expect(await api().press(message.id ?? "", "apply")).toMatchObject({
      ok: false,
      reason: "cancelledByModule",
    });
    expect(sys(brute).health.damage).toBe(0);
    expect(cardState(message).stage).toBe("resolved");
    expect(applied.calls).toEqual([]);
    stops.splice(0, 2).forEach((off) => {
      off();
    });
    expect(await t.apply(message)).toBe(true);
    expect(sys(brute).health.damage).toBe(2);
  });

  it("the referee's own steps (an NPC's default defense, auto-apply) tell the result first", async () => {
    const { ana, brute } = await fighters();
    await t.fake.as(GM.id, () =>
      t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "parry"),
    );
    await t.fake.as(GM.id, () => t.fake.game.settings.set("fray", "autoApplyDamage", true));
    const heard = listen(
      "fray.preAttack",
      "fray.attackResolved",
      "fray.preApplyDamage",
      "fray.damageApplied",
    );
    stops.push(heard.off);
    try {
      dice(6, 5, 4, 1, 2, 4, 5, 1, 1, 6); // attack 3 hits, Parry 2 hits, 1 wound die
      const message = await playerAttacks(ana, brute);
      expect(cardState(message).stage).toBe("applied");
      expect(heard.calls.map((c) => [c.hook, c.client])).toEqual([
        ["fray.preAttack", PLAYER.id],
        ["fray.attackResolved", GM.id],
        ["fray.preApplyDamage", GM.id],
        ["fray.damageApplied", GM.id],
      ]);
      expect(heard.calls.at(-1)?.data).toMatchObject({ damage: 1, userId: GM.id });
    } finally {
      await t.fake.as(GM.id, () =>
        t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "ask"),
      );
      await t.fake.as(GM.id, () => t.fake.game.settings.set("fray", "autoApplyDamage", false));
    }
  });

  it("an automatic Apply a module stops leaves the card waiting for a press", async () => {
    const { ana, brute } = await fighters();
    await t.fake.as(GM.id, () =>
      t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "parry"),
    );
    await t.fake.as(GM.id, () => t.fake.game.settings.set("fray", "autoApplyDamage", true));
    stop("fray.preApplyDamage");
    try {
      dice(6, 5, 4, 1, 2, 4, 5, 1, 1, 6);
      const message = await playerAttacks(ana, brute);
      expect(cardState(message).stage).toBe("resolved");
      expect(sys(brute).health.damage).toBe(0);
      stops.pop()?.();
      expect(await t.apply(message)).toBe(true);
      expect(sys(brute).health.damage).toBe(1);
    } finally {
      await t.fake.as(GM.id, () =>
        t.fake.game.settings.set("fray", "dicepoolDefaultDefense", "ask"),
      );
      await t.fake.as(GM.id, () => t.fake.game.settings.set("fray", "autoApplyDamage", false));
    }
  });
});

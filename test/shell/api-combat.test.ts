/**
 * The combat through the public API and the keyboard, in a dice-pool world: `fray.phaseChanged`
 * and `fray.turnStarted` fire once per transition on the referee's client with plain data (an
 * undo says so, and starts no turn); "end my turn" (the API's `endTurn` and its keybinding) goes
 * through the `combat.turn` intent as the tracker's button does, so the turn machine's checks
 * apply; `combatOf` finds the combat an actor fights in; the simulator opens for a GM only.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { ClientKeybindings } from "../fake-foundry/keybindings.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { FakeWorker } from "./simulator.support.ts";
import { useDicepoolTable } from "./dicepool.support.ts";
import { hookLog } from "./hooks.support.ts";

const t = useDicepoolTable();

const api = (): FrayApi => (t.fake.game.system as { api: FrayApi }).api;
const keys = (): ClientKeybindings => t.fake.game.keybindings;

/** Records every call of the named hooks (which hook, on whose client, with what) until the test ends. */
function listen(...names: string[]) {
  const log = hookLog(t.fake, ...names);
  cleanups.push(log.off);
  return log.calls;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
  t.board.control();
});

async function settled(): Promise<void> {
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  await whenIdle();
}

const teamOf = (combat: Combat.Implementation, combatantId: string) =>
  (combat.combatants.get(combatantId)?._source as { group?: string } | undefined)?.group ?? "";

const combatantOf = (combat: Combat.Implementation, actor: Actor.Implementation) =>
  combat.combatants.contents.find((c) => c.actor === actor)?.id ?? "";

describe("the turn hooks", () => {
  it("tell the start of the combat, each phase and each turn, once, on the GM's client", async () => {
    const { ana, brute } = await t.fighters();
    const heard = listen("fray.phaseChanged", "fray.turnStarted");
    const combat = await t.fight(ana, brute);
    const anaId = combatantOf(combat, ana);
    const bruteId = combatantOf(combat, brute);
    expect(heard).toEqual([
      {
        hook: "fray.phaseChanged",
        client: GM.id,
        data: {
          combatId: combat.id,
          round: 1,
          phase: { kind: "combatant", combatantId: anaId },
          previousRound: 0,
          previous: null,
          undone: false,
        },
      },
      {
        hook: "fray.turnStarted",
        client: GM.id,
        data: {
          combatId: combat.id,
          round: 1,
          combatantId: anaId,
          actorId: ana.id,
          teamId: teamOf(combat, anaId),
        },
      },
    ]);
    heard.length = 0;
    await t.endTurn(combat);
    expect(heard.map((h) => [h.hook, h.client, h.data["combatantId"] ?? h.data["phase"]])).toEqual([
      ["fray.phaseChanged", GM.id, { kind: "combatant", combatantId: bruteId }],
      ["fray.turnStarted", GM.id, bruteId],
    ]);

    // An undo goes back to Ana's phase: told as undone, and no turn starts.
    heard.length = 0;
    const { requestTurnAction } = await import("../../src/foundry/combat/actions.ts");
    await t.fake.as(GM.id, () => requestTurnAction(combat, { kind: "undo" }));
    await settled();
    expect(heard).toEqual([
      {
        hook: "fray.phaseChanged",
        client: GM.id,
        data: expect.objectContaining({
          phase: { kind: "combatant", combatantId: anaId },
          undone: true,
        }) as unknown,
      },
    ]);
  });
});

describe("end my turn", () => {
  it("through the API: the player's request goes to the referee; another's turn is refused", async () => {
    const { ana, brute } = await t.fighters();
    const combat = await t.fight(ana, brute);
    expect(api().combatOf(ana)).toBe(combat);
    expect(api().combatOf(ana.id ?? "")).toBe(combat);
    const heard = listen("fray.turnStarted");
    t.fake.setUser(PLAYER.id);
    // Not the player's combatant: the turn machine refuses, nothing changes.
    expect(await api().endTurn(brute)).toMatchObject({ ok: false });
    const queries = t.fake.queries.length;
    expect(await api().endTurn(ana)).toEqual({ ok: true });
    await settled();
    expect(t.fake.queries.slice(queries).map((q) => [q.from, q.to])).toEqual([[PLAYER.id, GM.id]]);
    expect(heard.map((h) => h.data["actorId"])).toEqual([brute.id]);
  });

  it("without an actor: the player's selected token; none selected and no character is refused", async () => {
    const { ana, brute } = await t.fighters();
    await t.fight(ana, brute);
    t.fake.setUser(PLAYER.id);
    expect(await api().endTurn()).toEqual({ ok: false, reason: "noActor" });
    expect(t.fake.notifications.at(-1)?.message).toContain("Select your token");
    const { ana: other } = await t.fighters();
    t.fake.setUser(PLAYER.id);
    expect(await api().endTurn(other)).toEqual({ ok: false, reason: "notInCombat" });
    t.board.control(ana);
    const heard = listen("fray.turnStarted");
    expect(await api().endTurn()).toEqual({ ok: true });
    await settled();
    expect(heard.map((h) => h.data["actorId"])).toEqual([brute.id]);
  });

  it("by key: Shift+E ends the selected token's turn; rebound, the new key does", async () => {
    const { ana, brute } = await t.fighters();
    const combat = await t.fight(ana, brute);
    const heard = listen("fray.turnStarted");
    t.fake.setUser(PLAYER.id);
    t.board.control(ana);
    await keys().set("fray", "endTurn", [{ key: "KeyN" }]);
    expect(keys().press("KeyE", ["Shift"])).toEqual([]);
    expect(keys().press("KeyN")).toEqual(["fray.endTurn"]);
    await settled();
    expect(heard.map((h) => h.data["combatantId"])).toEqual([combatantOf(combat, brute)]);
    await keys().set("fray", "endTurn", [{ key: "KeyE", modifiers: ["Shift"] }]);
  });
});

describe("Fray's keybindings", () => {
  it("are registered at init, named in the user's language, and rebindable", () => {
    expect(keys().get("fray", "endTurn")).toEqual([{ key: "KeyE", modifiers: ["Shift"] }]);
    expect(keys().get("fray", "openSimulator")).toEqual([{ key: "KeyM", modifiers: ["Shift"] }]);
    const names = [...keys().actions.values()].map((a) => t.fake.i18n.localize(a.name));
    expect(names).toEqual([
      "End my turn",
      "Attack my target",
      "Toggle stance",
      "Open the encounter simulator",
    ]);
    expect(keys().actions.get("fray.openSimulator")?.restricted).toBe(true);
  });

  it("open the simulator for a GM only", async () => {
    const { ana, brute } = await t.fighters();
    await t.gmSets(ana, { "prototypeToken.disposition": 1 }); // Ana's side against the Brute's
    const combat = await t.fight(ana, brute);
    t.fake.setUser(PLAYER2.id);
    expect(keys().press("KeyM", ["Shift"])).toEqual([]);
    t.fake.setUser(PLAYER.id);
    expect(await api().simulate(combat)).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toBe(
      t.fake.i18n.localize("FRAY.Simulator.GmOnly"),
    );
    t.fake.setUser(GM.id);
    const app = await api().simulate(combat.id ?? "", {
      fights: 50,
      seed: "api",
      createWorker: () => new FakeWorker(),
    });
    expect(app?.simState.kind).toBe("done");
  });
});

describe("Attack my target, by key", () => {
  it("Shift+A attacks the one target with the selected token's first weapon: the macro's card", async () => {
    const { ana, brute } = await t.fighters();
    t.fake.setUser(PLAYER.id);
    t.board.control(ana);
    t.table.target(brute);
    t.dice(6, 5, 4, 1, 2);
    const byMacro = (await api().useItem(t.itemOf(ana).id ?? "")) as { value: string };
    const before = t.fake.game.messages.size;
    t.dice(6, 5, 4, 1, 2);
    expect(byMacro).toMatchObject({ ok: true });
    expect(keys().press("KeyA", ["Shift"])).toEqual(["fray.attackTarget"]);
    // The card the key's attack posted: the attack card after the macro's.
    const card = await vi.waitFor(() => {
      const found = [...t.fake.game.messages.values()]
        .slice(before)
        .find((m) => (m.flags as { fray?: { dicepoolAttack?: unknown } }).fray?.dicepoolAttack);
      if (found === undefined) throw new Error("no attack card yet");
      return found as unknown as ChatMessage.Implementation;
    });
    expect(t.cardState(card)).toEqual(
      t.cardState(t.fake.game.messages.get(byMacro.value) as unknown as ChatMessage.Implementation),
    );
  });

  it("with no target says so and sends nothing; Toggle stance says this ruleset has none", async () => {
    const { ana } = await t.fighters();
    t.fake.setUser(PLAYER.id);
    t.board.control(ana);
    t.table.target();
    const queries = t.fake.queries.length;
    expect(await api().attackTarget()).toEqual({ ok: false, reason: "noTargetToken" });
    expect(t.fake.notifications.at(-1)?.message).toBe("Target one token to attack.");
    expect(await api().toggleProne()).toEqual({ ok: false, reason: "notAvailable" });
    expect(await api().toggleStance()).toEqual({
      ok: false,
      reason: "noStance",
      detail: { ruleset: api().ruleset().name },
    });
    expect(t.fake.notifications.at(-1)?.message).toBe(
      `${api().ruleset().name} keeps no stance or prone to toggle.`,
    );
    expect(t.fake.queries.length).toBe(queries);
  });
});

/**
 * The dice-pool game's world settings (issue 28): the die's size and hit face reach the sheet,
 * the order's dice and the card; the initiative pool is the book's Mental + Awareness unless the
 * GM adds Physical; an initiative tie is settled as the GM chose. Each is registered in the
 * ruleset's settings, shown in the settings form, with a localized name.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
const { dice, cardState, fighters, playerAttacks, gmSets } = t;

const setting = (key: string, value: unknown) =>
  t.fake.as(GM.id, () => t.fake.game.settings.set("fray", key, value));

afterEach(async () => {
  await setting("dicepoolDieSides", 6);
  await setting("dicepoolHitOn", 4);
  await setting("dicepoolTieRule", "largerPool");
  await setting("dicepoolInitiativePool", "mental");
});

let menuSettings: () => readonly { key: string }[];
beforeAll(async () => {
  ({ menuSettings } = await import("../../src/foundry/shared/settings.ts"));
});

describe("the dice-pool settings", () => {
  it("are world settings shown in the rules options menu (not core's flat list), each with a localized name and hint", () => {
    const i18n = t.fake.game.i18n as unknown as { has(key: string): boolean };
    const registered = t.fake.game.settings.settings as unknown as Map<
      string,
      { config: boolean; scope: string; name: string; hint: string }
    >;
    for (const key of ["DieSides", "HitOn", "InitiativePool", "TieRule"]) {
      const entry = registered.get(`fray.dicepool${key}`);
      expect(entry).toMatchObject({ config: false, scope: "world" });
      expect(menuSettings().map((m) => m.key)).toContain(`dicepool${key}`);
      expect(i18n.has(entry?.name ?? "")).toBe(true);
      expect(i18n.has(entry?.hint ?? "")).toBe(true);
    }
  });

  it("a d10 hitting on 8: the sheet prints it, the order rolls it, the card counts hits by it", async () => {
    await setting("dicepoolDieSides", 10);
    await setting("dicepoolHitOn", 8);
    const { ana, brute } = await fighters();
    const { dicepoolActorSheetContext } =
      await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
    const context = await dicepoolActorSheetContext(ana);
    expect(context.dieSides).toBe(10);
    expect(t.combat.dicepoolOrderInput(ana)).toEqual({ die: "2d10" });
    // The queue's faces are a d6's; core Roll reads the same draws on a d10: 8, 6, 6, 1, 3. A 6
    // would hit on the book's d6; here only the 8 does.
    t.fake.setUser(PLAYER.id);
    dice(5, 4, 4, 1, 2);
    const message = await playerAttacks(ana, brute);
    expect(cardState(message).attackPool).toMatchObject({
      dice: 5,
      faces: [8, 6, 6, 1, 3],
      hits: 1,
    });
    expect((message as unknown as { content: string }).content).toContain("5d10");
  });

  it("the initiative pool adds Physical when the GM says so", async () => {
    const { ana } = await fighters();
    expect(t.combat.dicepoolOrderInput(ana)).toEqual({ die: "2d6" });
    await setting("dicepoolInitiativePool", "mentalPhysical");
    expect(t.combat.dicepoolOrderInput(ana)).toEqual({ die: "5d6" });
  });

  it("an initiative tie goes to the larger pool by default, to the players' side or a reroll when set", async () => {
    const order = async (reroll: number[] = []) => {
      const { ana, brute } = await fighters();
      await gmSets(brute, { "system.skills.awareness": 2 }); // 4 dice against Ana's 2
      const Combat = t.fake.CONFIG["Combat"]?.documentClass;
      const combat = (await t.fake.as(GM.id, () =>
        Combat?.create({}),
      )) as unknown as Combat.Implementation;
      await t.fake.as(GM.id, () =>
        combat.createEmbeddedDocuments("Combatant", [{ actorId: ana.id }, { actorId: brute.id }]),
      );
      const { dicepoolRollOrder } = await import("../../src/foundry/rulesets/dicepool/order.ts");
      dice(6, 1, 6, 1, 1, 1, ...reroll); // one hit each (then the tied roll again, in order)
      const settled = await t.fake.as(GM.id, () => dicepoolRollOrder(combat));
      if (!settled.ok) throw new Error(settled.reason);
      const name = (id: string) => combat.combatants.get(id)?.name;
      return settled.order.order.map(name);
    };
    expect(await order()).toEqual(["Brute", "Ana"]);
    await setting("dicepoolTieRule", "players");
    expect(await order()).toEqual(["Ana", "Brute"]);
    // A reroll of the tied: Ana's 2 dice score 1, Brute's 4 none, whatever the pools' sizes.
    await setting("dicepoolTieRule", "reroll");
    expect(await order([1, 6, 1, 1, 1, 1])).toEqual(["Ana", "Brute"]);
    expect(await order([1, 1, 6, 1, 1, 1])).toEqual(["Brute", "Ana"]);
    await setting("dicepoolTieRule", "largerPool");
  });
});

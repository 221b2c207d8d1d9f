/**
 * The dice-pool sheet's rows on the hotbar (issue 26): every button of the table that needs
 * nothing but the actor (and the user's one target, where the button reads it) is dragged from the
 * sheet as the template writes it (hotbar.support.ts), and its macro does what the click does for
 * the user's character: the line the referee posts, the state it records; a button's refusal is
 * its warning, nothing posted. A weapon's row attacks with it; a power's row (now draggable) uses
 * it, its Energy paid, as its Use button.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { Macro } from "../fake-foundry/hotbar.ts";
import { useDicepoolTable } from "./dicepool.support.ts";
import { dragRowToHotbar, dragSheetActionsToHotbar } from "./hotbar.support.ts";
import { readFileSync } from "node:fs";

const t = useDicepoolTable();
let hotbar: ReturnType<typeof installHotbarFakes>;
let macros: Map<string, Macro>;

const TEMPLATE = "templates/dicepool/actor-sheet.hbs";

beforeAll(async () => {
  hotbar = installHotbarFakes(t.fake);
  macros = await dragSheetActionsToHotbar(t.fake, hotbar, PLAYER.id, TEMPLATE, 10);
});

/** Runs the macro of a button as the player, their character Ana; what it posted. */
async function runAsAna(key: string, ana: Actor.Implementation) {
  const macro = macros.get(key);
  if (macro === undefined) throw new Error(`no macro for ${key}`);
  t.fake.setUser(PLAYER.id);
  hotbar.assignCharacter(PLAYER.id, ana);
  const before = t.fake.game.messages.size;
  t.fake.notifications.length = 0;
  try {
    const outcome = await macro.execute();
    await t.referee.refereeIdle();
    const posted = t.fake.game.messages.contents
      .slice(before)
      .map((m) => (m as unknown as { content: string }).content);
    return { outcome, posted, warned: t.fake.notifications.map((n) => n.message) };
  } finally {
    hotbar.assignCharacter(PLAYER.id, null);
  }
}

describe("the dice-pool sheet's buttons dragged to the hotbar", () => {
  it("are every table button that needs nothing but the actor, each its own macro", () => {
    expect([...macros.keys()].sort()).toEqual(
      [
        "attackUnarmed",
        "act:readyWeapon",
        "act:pickUpWeapon",
        "act:takeCover",
        "act:defendOther",
        "act:stabilize",
        "act:surrender",
        "act:issueCommand",
        "act:quickCommunication",
        "act:socialAction",
        "act:complexAction",
        "rollIn",
        "blitzUnarmed",
        "act:move",
      ].sort(),
    );
    expect(macros.get("act:readyWeapon")?.name).toBe("Ready weapon");
    expect(macros.get("act:takeCover")?.command).toBe('return game.system.api.act("takeCover");');
  });

  it("run for the user's character: the referee's line, the state recorded", async () => {
    const { ana } = await t.fighters();
    const said = await runAsAna("act:quickCommunication", ana);
    expect(said.outcome).toEqual({ ok: true });
    expect(said.posted).toHaveLength(1);
    expect(said.posted[0]).toContain("Ana");
    for (const key of ["act:socialAction", "act:complexAction"]) {
      const ran = await runAsAna(key, ana);
      expect(ran.outcome, key).toEqual({ ok: true });
      expect(ran.posted, key).toHaveLength(1);
    }
    const gave = await runAsAna("act:surrender", ana);
    expect(gave.outcome).toEqual({ ok: true });
    expect((t.sys(ana) as unknown as { surrendered: boolean }).surrendered).toBe(true);
  });

  it("a button for the targeted character says so without a target, and acts on it with one", async () => {
    const { ana, brute } = await t.fighters();
    for (const key of ["act:defendOther", "act:stabilize", "act:issueCommand", "attackUnarmed"]) {
      t.fake.setUser(PLAYER.id);
      t.table.target();
      const ran = await runAsAna(key, ana);
      expect(ran.outcome, key).toEqual({ ok: false, reason: "notCarriedOut" });
      // The sheet's own words for a click with no target.
      expect(ran.warned, key).toEqual(["Target one token to attack."]);
      expect(ran.posted, key).toEqual([]);
    }
    t.fake.setUser(PLAYER.id);
    t.table.target(brute);
    const command = await runAsAna("act:issueCommand", ana);
    expect(command.outcome).toEqual({ ok: true });
    expect(command.posted[0]).toContain("Brute");
    t.dice(6, 5, 4, 1, 2);
    const punch = await runAsAna("attackUnarmed", ana);
    expect(punch.outcome).toEqual({ ok: true });
    expect(punch.posted[0]).toContain("fray-dp");
    t.table.target();
  });

  it("a button the rules refuse now warns as the click does and posts nothing", async () => {
    const { ana } = await t.fighters();
    // No weapon was knocked away: nothing to ready or pick up. Not added to a fight: no Roll In.
    for (const key of ["act:readyWeapon", "act:pickUpWeapon", "rollIn"]) {
      const ran = await runAsAna(key, ana);
      expect(ran.outcome, key).toEqual({ ok: false, reason: "notCarriedOut" });
      expect(ran.posted, key).toEqual([]);
    }
  });
});

describe("Take Cover from the hotbar", () => {
  it("takes the row's first cover in a fight, as the click with the row as it opens", async () => {
    const { ana, brute } = await t.fighters();
    const outside = await runAsAna("act:takeCover", ana);
    expect(outside.outcome).toEqual({ ok: false, reason: "notCarriedOut" });
    expect(outside.posted).toEqual([]);
    t.dice(6, 6, 6, 1, 1);
    await t.fight(ana, brute);
    const taken = await runAsAna("act:takeCover", ana);
    expect(taken.outcome).toEqual({ ok: true });
    const { coverTaken } = await import("../../src/foundry/rulesets/dicepool/table/conduct.ts");
    expect(coverTaken(ana)).toBe("light");
  });
});

describe("the dice-pool sheet's item rows dropped on the hotbar", () => {
  it("the power rows are draggable rows, as the weapons'", () => {
    const source = readFileSync(TEMPLATE, "utf8");
    const powers = source.slice(source.indexOf("{{#each powerItems}}"));
    expect(powers).toMatch(/^\{\{#each powerItems\}\}\s*<li class="item draggable" data-item-id=/);
  });

  it("a power's macro uses it as its Use button: its Energy paid, its line posted", async () => {
    const { ana } = await t.fighters();
    await t.fake.as(GM.id, () =>
      ana.createEmbeddedDocuments("Item", [
        { name: "Iron Skin", type: "technique", system: { energyCost: 2 } },
      ] as never),
    );
    await t.gmSets(ana, { "system.energy.value": 5, "system.energy.max": 5 });
    const power = ana.items.contents.find((item) => item.name === "Iron Skin");
    if (power === undefined) throw new Error("no power");
    const macro = await dragRowToHotbar(t.fake, hotbar, PLAYER.id, power, 40);
    expect(macro.command).toBe('return game.system.api.useItem("Iron Skin");');
    hotbar.assignCharacter(PLAYER.id, ana);
    try {
      expect(await macro.execute()).toEqual({ ok: true });
      await t.referee.refereeIdle();
      expect(t.sys(ana).energy.value).toBe(3);
    } finally {
      hotbar.assignCharacter(PLAYER.id, null);
    }
  });
});

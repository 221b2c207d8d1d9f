/**
 * Issue 27's last WWN rows at the table, in the fake Foundry: Cast a Spell from the sheet (the
 * referee spends the Main Action in its ledger and a spell slot on the caster, refuses a caster
 * who readied or stowed something this round, and shows the spell's text on the card), and the
 * GM's world setting for the Heal total that stabilizes a dying PC.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as SheetModule from "../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let sheets: typeof SheetModule;
let scene: ReturnType<typeof wwnScene>;
let whenIdle: () => Promise<void>;
const faces = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    settings: { "fray.ruleset": "wwn" },
    random: faces.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  sheets = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
  scene = wwnScene(fake);
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.notifications.length = 0;
  faces.set();
  table.target();
});

type FrayCombat = Combat.Implementation & { activateCombatant(id: string): Promise<unknown> };
const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const lastWarning = () => fake.notifications.at(-1)?.message;
const lastCard = () =>
  fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
const slots = (a: Actor.Implementation) =>
  (a.system as unknown as { spellSlots: { value: number } }).spellSlots.value;
const itemNamed = (a: Actor.Implementation, name: string) =>
  a.items.contents.find((i) => i.name === name) as Item.Implementation;

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** Clicks a sheet button of `actor` (on an item's row when `itemId` is given). */
async function click(actor: Actor.Implementation, action: string, itemId?: string) {
  const Sheet = sheets.WwnActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no ${action} action`);
  const target = {
    dataset: {},
    closest: () => (itemId === undefined ? null : { dataset: { itemId } }),
  };
  await handler.call(new Sheet({ document: actor }), {}, target);
}

/** Mira, her player's caster (2 of 3 slots, one spell, a dagger), and an orc, in a fight on her turn. */
async function fight(spellSlots = { value: 2, max: 3 }) {
  fake.setUser(GM.id);
  const [mira, orc] = (await docClass("Actor").createDocuments([
    {
      name: "Mira",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { attributes: { int: 16 }, spellSlots },
      items: [
        {
          name: "Mote of <b>Light</b>",
          type: "technique",
          system: { spell: true, spellLevel: 1, description: "<p>A light <em>glows</em>.</p>" },
        },
        { name: "Dagger", type: "weapon", system: { damage: "1d4", readied: true } },
      ],
    },
    { name: "Orc", type: "npc", system: {} },
  ])) as unknown as Actor.Implementation[];
  if (mira === undefined || orc === undefined) throw new Error("no actors");
  scene.place(mira, orc);
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    [mira, orc].map((a) => ({ actorId: a.id })),
  );
  await whenIdle();
  await fightOffScreen(fake, combat);
  faces.set([8, 8], [8, 1]);
  await combat.startCombat();
  const id = combat.combatants.contents.find((c) => c.actorId === mira.id)?.id ?? "";
  fake.setUser(PLAYER.id);
  await combat.activateCombatant(id);
  await whenIdle();
  fake.notifications.length = 0;
  return { mira, orc };
}

describe("Cast a Spell from the sheet", () => {
  it("spends the Main Action and a slot, and the card shows the spell's level and text", async () => {
    const { mira } = await fight();
    const context = await sheets.wwnActorSheetContext(mira);
    expect(context.spells).toMatchObject([{ name: "Mote of <b>Light</b>", level: 1 }]);
    const itemSheets = await import("../../src/foundry/rulesets/wwn/sheets/item-sheet.ts");
    const spellSheet = await itemSheets.wwnItemSheetContext(
      itemNamed(mira, "Mote of <b>Light</b>"),
    );
    expect(spellSheet.spell).toEqual({ isSpell: true, level: 1 });
    await click(mira, "cast", itemNamed(mira, "Mote of <b>Light</b>").id ?? "");
    expect(lastWarning()).toBeUndefined();
    expect(slots(mira)).toBe(1);
    expect(actions.round(mira).mainUsed).toBe(true);
    expect(lastCard().content).toContain(
      "Mira casts Mote of &lt;b&gt;Light&lt;/b&gt; (level 1); 1 spell slots left. A light glows.",
    );
    // A second spell this round: no Main Action left, nothing spent.
    await click(mira, "cast", itemNamed(mira, "Mote of <b>Light</b>").id ?? "");
    expect(lastWarning()).toBe("The Main Action of this round is already spent.");
    expect(slots(mira)).toBe(1);
  });

  it("is refused without a slot left, or after readying or stowing something this round", async () => {
    const { mira } = await fight({ value: 0, max: 3 });
    await click(mira, "cast", itemNamed(mira, "Mote of <b>Light</b>").id ?? "");
    expect(lastWarning()).toBe("Mira has no spell slot left.");
    expect(actions.round(mira).mainUsed).toBe(false);

    const { mira: again } = await fight();
    await click(again, "toggleReadied", itemNamed(again, "Dagger").id ?? "");
    fake.notifications.length = 0;
    await click(again, "cast", itemNamed(again, "Mote of <b>Light</b>").id ?? "");
    expect(lastWarning()).toBe(
      "Mira readied or stowed an item this round and cannot cast a spell.",
    );
    expect(slots(again)).toBe(2);
  });
});

describe("the Heal total that stabilizes, a world setting", () => {
  it("refuses to stabilize with 9 when the GM sets 10, and stabilizes at 9 with 9", async () => {
    fake.setUser(GM.id);
    const [mira, bo] = (await docClass("Actor").createDocuments([
      {
        name: "Mira",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        system: { attributes: { dex: 16 }, skills: { heal: 1 } },
      },
      {
        name: "Bo",
        type: "character",
        ownership: { [PLAYER2.id]: 3 },
        system: { health: { value: 0, max: 8 }, life: "dying" },
      },
    ])) as unknown as Actor.Implementation[];
    if (mira === undefined || bo === undefined) throw new Error("no actors");
    scene.place(mira, bo);
    const heal = async () => {
      fake.setUser(PLAYER.id);
      table.target(bo);
      faces.set([6, 4], [6, 3]); // 4 + 3, Heal-1, Dex +1 = 9
      const skill = await import("../../src/foundry/rulesets/wwn/table/skill.ts");
      await skill.wwnUseSkill(mira, { skill: "heal", attribute: "dex" });
      fake.setUser(GM.id);
    };
    const life = () => (bo.system as unknown as { life: string }).life;
    await fake.game.settings.set("fray", "wwnStabilizeDifficulty", 10);
    await heal();
    expect(life()).toBe("dying");
    expect(lastCard().content).toContain("Bo is still dying");
    await fake.game.settings.set("fray", "wwnStabilizeDifficulty", 9);
    await heal();
    expect(life()).toBe("unconscious");
    await fake.game.settings.set("fray", "wwnStabilizeDifficulty", 8);
  });
});

describe("Morale checks the GM calls", () => {
  async function orcs() {
    fake.setUser(GM.id);
    const [a, b] = (await docClass("Actor").createDocuments([
      { name: "Orc <b>A</b>", type: "npc", system: { morale: 7 } },
      { name: "Orc B", type: "npc", system: { morale: 9 } },
    ])) as unknown as Actor.Implementation[];
    if (a === undefined || b === undefined) throw new Error("no orcs");
    scene.place(a, b);
    return { a, b };
  }

  it("rolls 2d6 for every targeted NPC in one card: above the score breaks", async () => {
    const { a, b } = await orcs();
    table.target(a, b);
    faces.set([6, 4], [6, 4], [6, 3], [6, 3]);
    const before = fake.game.messages.contents.length;
    await click(a, "morale");
    expect(fake.game.messages.contents.length).toBe(before + 1);
    const content = lastCard().content;
    expect(content).toContain("Orc &lt;b&gt;A&lt;/b&gt;");
    expect(content).toMatch(
      /2d6: 4 \+ 4 = 8<\/span> <span class="fray-card-vs fray-wwn-vs">against Morale 7<\/span> <span class="fray-wwn-outcome miss">breaks/,
    );
    expect(content).toMatch(
      /2d6: 3 \+ 3 = 6<\/span> <span class="fray-card-vs fray-wwn-vs">against Morale 9<\/span> <span class="fray-wwn-outcome hit">holds/,
    );
  });

  it("checks the sheet's NPC alone when nothing is targeted", async () => {
    const { b } = await orcs();
    faces.set([6, 6], [6, 5]);
    await click(b, "morale");
    expect(lastCard().content).toContain("2d6: 6 + 5 = 11");
    expect(lastCard().content).toContain("breaks");
  });

  it("is the GM's alone: a player's button warns and a forged request is refused", async () => {
    const { a } = await orcs();
    const moraleCards = () =>
      fake.game.messages.contents.filter(
        (m) =>
          (m as { flags?: { fray?: { cardKind?: string } } }).flags?.fray?.cardKind ===
          "wwn.morale",
      ).length;
    const before = moraleCards();
    expect(before).toBeGreaterThan(0); // the cards of the tests above
    fake.setUser(PLAYER.id);
    await click(a, "morale");
    expect(lastWarning()).toBe("Only the GM calls Morale checks.");
    const forged = await actions.protocol.declareCard("wwn.morale", {
      targetIds: [a.id],
      modifier: 0,
    });
    expect(forged.ok).toBe(false);
    expect(moraleCards()).toBe(before);
    fake.setUser(GM.id);
  });
});

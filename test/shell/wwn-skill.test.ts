/**
 * Use a Skill from the WWN sheet (issue 27), in the fake Foundry: the sheet's Use a Skill button
 * (its attribute and skill selects) asks the referee, who rolls 2d6 with core Roll and posts the
 * card; a check with no target stands alone, one at a targeted token is opposed by its check, and
 * Heal at a dying PC of another player stabilizes it (written by the GM, the healer's Main Action
 * spent in the ledger). Refusals (no Main Action left, Heal at someone not dying, someone else's
 * actor) are localized warnings and write nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as SheetModule from "../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts";
import { actorWriters, authorOf, gameWrites } from "./referee.support.ts";
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

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
};
const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const life = (actor: Actor.Implementation) => (actor.system as unknown as { life: string }).life;
const lastWarning = () => fake.notifications.at(-1)?.message;
const lastCard = () =>
  fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/**
 * Presses the sheet's Use a Skill button with the row's selects set, as ApplicationV2 runs the
 * handler its `data-action` names.
 */
async function useSkill(actor: Actor.Implementation, picks: Record<string, string>) {
  const Sheet = sheets.WwnActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions["useSkill"];
  if (!handler) throw new Error("no useSkill action");
  const row = {
    querySelector: (selector: string) => {
      const name = /wwn-skill-use-([a-z-]+)/.exec(selector)?.[1] ?? "";
      return { value: picks[name] ?? "" };
    },
  };
  const button = { dataset: {}, closest: () => row };
  const mark = fake.db.calls.length;
  await handler.call(new Sheet({ document: actor }), {}, button);
  return mark;
}

/** Mira (her player's: Dex 16, Heal-1), Bo (another player's, dying) and an orc, on one scene. */
async function party() {
  fake.setUser(GM.id);
  const [mira, bo, orc] = (await docClass("Actor").createDocuments([
    {
      name: "Mira",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { attributes: { dex: 16, int: 10 }, skills: { heal: 1, exert: 0 } },
    },
    {
      name: "Bo",
      type: "character",
      ownership: { [PLAYER2.id]: 3 },
      system: { health: { value: 0, max: 8 }, life: "dying" },
    },
    { name: "Orc <i>", type: "npc", system: { attributes: { str: 14 }, skills: { exert: 1 } } },
  ])) as unknown as Actor.Implementation[];
  if (mira === undefined || bo === undefined || orc === undefined) throw new Error("no party");
  scene.place(mira, bo, orc);
  return { mira, bo, orc };
}

/** The party in a started combat, Mira's turn, on her player's client. */
async function fight() {
  const { mira, bo, orc } = await party();
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    [mira, bo, orc].map((a) => ({ actorId: a.id })),
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
  return { mira, bo, orc };
}

describe("Use a Skill from the sheet", () => {
  it("with no target: the GM rolls the check and posts its total", async () => {
    const { mira } = await party();
    fake.setUser(PLAYER.id);
    faces.set([6, 3], [6, 4]);
    await useSkill(mira, { attribute: "dex", skill: "exert" });
    expect(lastWarning()).toBeUndefined();
    expect(authorOf(lastCard())).toBe(GM.id);
    expect(lastCard().content).toContain("Use a Skill");
    // 3 + 4, Exert-0, Dex 16 (+1).
    expect(lastCard().content).toContain("Mira rolls Dex/Exert: 3 + 4, total 8.");
  });

  it("at a targeted token: opposed by its check, both shown", async () => {
    const { mira, orc } = await party();
    fake.setUser(PLAYER.id);
    table.target(orc);
    // Mira 6 + 6 + 0 + 1 = 13 against the orc's 1 + 1 + 1 + 1 = 4.
    faces.set([6, 6], [6, 6], [6, 1], [6, 1]);
    await useSkill(mira, { attribute: "dex", skill: "exert", "against-attribute": "str" });
    expect(lastCard().content).toContain("Mira beats Orc &lt;i&gt; (Dex/Exert / Str/Exert).");
    expect(lastCard().content).toContain("= 13");
    expect(lastCard().content).toContain("= 4");
    expect(lastCard().content).not.toContain("<i>");
  });
});

describe("Heal to stabilize a dying PC", () => {
  it("the GM writes the other player's PC stable; the Main Action is spent, a second use refused", async () => {
    const { mira, bo } = await fight();
    table.target(bo);
    // 4 + 3, Heal-1, Dex +1 = 9 ≥ 8.
    faces.set([6, 4], [6, 3]);
    const mark = await useSkill(mira, { attribute: "dex", skill: "heal" });
    expect(lastWarning()).toBeUndefined();
    expect(life(bo)).toBe("unconscious");
    expect(actorWriters(fake, mark)).toEqual([GM.id]);
    expect(lastCard().content).toContain("Mira stabilizes Bo");
    expect(actions.round(mira).mainUsed).toBe(true);

    const again = await useSkill(mira, { attribute: "dex", skill: "exert" });
    expect(lastWarning()).toBe("The Main Action of this round is already spent.");
    expect(gameWrites(fake, again)).toEqual([]);
  });

  it("a failed check leaves the PC dying, and says so", async () => {
    const { mira, bo } = await fight();
    table.target(bo);
    faces.set([6, 1], [6, 2]); // 1 + 2 + 1 + 1 = 5
    await useSkill(mira, { attribute: "dex", skill: "heal" });
    expect(life(bo)).toBe("dying");
    expect(lastCard().content).toContain("Bo is still dying");
  });

  it("is refused at someone not dying, and nothing is written", async () => {
    const { mira, orc } = await fight();
    table.target(orc);
    const mark = await useSkill(mira, { attribute: "int", skill: "heal" });
    expect(lastWarning()).toBe("Orc <i> is not dying: there is nothing to stabilize.");
    expect(gameWrites(fake, mark)).toEqual([]);
    expect(actions.round(mira).mainUsed).toBe(false);
  });

  it("a player cannot use another player's PC, whatever the payload", async () => {
    const { bo } = await fight();
    const protocol = actions.protocol;
    const mark = fake.db.calls.length;
    const outcome = await protocol.declareCard("wwn.skill", {
      actorId: bo.id,
      skill: "heal",
      attribute: "dex",
      rollMode: "publicroll",
    });
    expect(outcome.ok).toBe(false);
    expect(gameWrites(fake, mark)).toEqual([]);
    const forged = await protocol.declareCard("wwn.skill", {
      actorId: "x",
      skill: "constructor",
      attribute: "dex",
    });
    expect(forged.ok).toBe(false);
  });
});

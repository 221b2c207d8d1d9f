/**
 * Saving throws the GM calls from the WWN sheet (issue 27), in the fake Foundry: with tokens
 * targeted, the GM's Call button of a save rolls a d20 for each (core Roll, at or above the stored
 * save plus the modifier saves) and posts one card with every result; a player is refused, and so
 * is a call with nothing targeted. Nothing else is written.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as SheetModule from "../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts";
import { authorOf, gameWrites } from "./referee.support.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let sheets: typeof SheetModule;
let scene: ReturnType<typeof wwnScene>;
const faces = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER],
    settings: { "fray.ruleset": "wwn" },
    random: faces.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  sheets = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
  scene = wwnScene(fake);
});

beforeEach(() => {
  fake.notifications.length = 0;
  faces.set();
  table.target();
});

const lastWarning = () => fake.notifications.at(-1)?.message;
const lastCard = () =>
  fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** Presses a Call button of the sheet's saves row, its modifier field set. */
async function callSave(actor: Actor.Implementation, save: string, modifier = "0") {
  const Sheet = sheets.WwnActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions["callSave"];
  if (!handler) throw new Error("no callSave action");
  const row = { querySelector: () => ({ value: modifier }) };
  const mark = fake.db.calls.length;
  await handler.call(new Sheet({ document: actor }), {}, { dataset: { save }, closest: () => row });
  return mark;
}

async function goblins() {
  fake.setUser(GM.id);
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const made = (await Actor?.createDocuments([
    { name: "Gob <b>", type: "npc", system: { saves: { physical: 15, evasion: 14, mental: 16 } } },
    { name: "Gub", type: "npc", system: { saves: { physical: 12, evasion: 14, mental: 16 } } },
    { name: "Kara", type: "character", ownership: { [PLAYER.id]: 3 } },
  ])) as unknown as Actor.Implementation[];
  scene.place(...made);
  return made;
}

describe("the GM calls a saving throw", () => {
  // Seen red before: there was no way to call one.
  it("for every targeted token, one card with each result", async () => {
    const [gob, gub, kara] = await goblins();
    if (gob === undefined || gub === undefined || kara === undefined) throw new Error("none");
    table.target(gob, gub);
    faces.set([20, 13], [20, 11]); // 13 − 1 < 15 and 11 − 1 < 12: both fail
    await callSave(kara, "physical", "-1");
    expect(lastWarning()).toBeUndefined();
    expect(authorOf(lastCard())).toBe(GM.id);
    const content = lastCard().content;
    expect(content).toContain("Physical save (−1)");
    expect(content).toContain("Gob &lt;b&gt;");
    expect(content).not.toContain("<b>");
    expect(content.match(/Failed/g)).toHaveLength(2);

    faces.set([20, 16], [20, 12]);
    await callSave(kara, "physical");
    expect(lastCard().content.match(/Saved/g)).toHaveLength(2);
    expect(lastCard().content).toContain("needs 15");
    expect(lastCard().content).toContain("needs 12");
  });

  it("is the GM's only, and needs a target; nothing is written otherwise", async () => {
    const [gob, , kara] = await goblins();
    if (gob === undefined || kara === undefined) throw new Error("none");
    let mark = await callSave(kara, "mental");
    expect(lastWarning()).toBe("Target the tokens that must save first.");
    expect(gameWrites(fake, mark)).toEqual([]);

    fake.setUser(PLAYER.id);
    table.target(gob);
    mark = await callSave(kara, "mental");
    expect(lastWarning()).toBe("Only the GM calls for saving throws.");
    // The request itself, forged from the console, is refused by the referee too.
    const forged = await actions.protocol.declareCard("wwn.saves", {
      kind: "mental",
      targetIds: [gob.id],
      modifier: 0,
    });
    expect(forged.ok).toBe(false);
    expect(gameWrites(fake, mark)).toEqual([]);
  });
});

/**
 * Issue 27's last Worldlines rows at the table, driven through the sheet's buttons and the cards:
 * a skill check (the stance's Stealth advantage, a disabled leg's Athletics disadvantage).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { clearScenes } from "../fake-foundry/tokens.ts";
import type * as SheetModule from "../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts";
import type * as StatusCard from "../../src/foundry/rulesets/worldlines/cards/status-card.ts";
import { gmCreatesActor } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let sheets: typeof SheetModule;
let status: typeof StatusCard;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], random: dice.random });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts");
  status = await import("../../src/foundry/rulesets/worldlines/cards/status-card.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** `userId` clicks a sheet button: the handler its `data-action` names, as ApplicationV2 runs it. */
async function click(
  userId: string,
  actor: Actor.Implementation,
  action: string,
  dataset: Record<string, string> = {},
  itemId?: string,
) {
  const Sheet = sheets.WorldlinesActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no action ${action}`);
  const target = {
    dataset,
    closest: () => (itemId === undefined ? null : { dataset: { itemId } }),
  };
  await fake.as(userId, () => handler.call(new Sheet({ document: actor }), {}, target));
}

/** The lines of the last status card in the chat log. */
function lastLines(): readonly string[] {
  const message = fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
  return status.statusCardOf(message)?.lines ?? [];
}

function kara(system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []) {
  return gmCreatesActor(fake, {
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: {
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      skills: { stealth: 2, athletics: 1, medicine: 1 },
      ...system,
    },
    items,
  });
}

describe("a skill check from the sheet", () => {
  it("rolls Stealth with advantage while crouched, and the sheet says so", async () => {
    const k = await kara({ stance: "crouched" });
    const context = await sheets.worldlinesActorSheetContext(k, "combat");
    expect(context.skills.find((s) => s.key === "stealth")?.edge).toBe(
      "FRAY.Worldlines.Sheet.Advantage",
    );
    dice.set([8, 3], [8, 7]);
    await click(PLAYER.id, k, "skillCheck", { skill: "stealth" });
    expect(lastLines()).toEqual([
      "Rolled 3, 7: 7 + 2 = 9.",
      "Advantage from the stance: two dice, the higher kept.",
    ]);
  });

  it("rolls Athletics with disadvantage on a disabled leg, one die when standing whole", async () => {
    const k = await kara({ disabledLimbs: { arms: false, legs: true } });
    dice.set([8, 6], [8, 2]);
    await click(PLAYER.id, k, "skillCheck", { skill: "athletics" });
    expect(lastLines()).toEqual([
      "Rolled 6, 2: 2 + 1 = 3.",
      "Disadvantage from a disabled leg: two dice, the lower kept.",
    ]);
    const whole = await kara();
    dice.set([8, 6]);
    await click(PLAYER.id, whole, "skillCheck", { skill: "athletics" });
    expect(lastLines()).toEqual(["Rolled 6: 6 + 1 = 7."]);
  });

  it("refuses a skill the rules do not know, posting nothing", async () => {
    const k = await kara();
    const before = fake.game.messages.contents.length;
    await click(PLAYER.id, k, "skillCheck", { skill: "constructor" });
    expect(fake.game.messages.contents.length).toBe(before);
    expect(fake.notifications.at(-1)).toEqual({
      level: "warn",
      message: "skill cannot be named “constructor”. Nothing was changed.",
    });
  });
});

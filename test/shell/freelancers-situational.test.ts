/**
 * The Freelancers attack dialog's situational modifiers (issue 28, second row): to the die, to the
 * attribute, favorable and unfavorable sources, read from the dialog's form with the odds
 * following them; the GM's client re-checks them against the world's caps and the card lists them.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import type * as Budget from "../../src/foundry/rulesets/freelancers/budget.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let dialog: typeof Dialog;
let cards: typeof Cards;
let budget: typeof Budget;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
  budget = await import("../../src/foundry/rulesets/freelancers/budget.ts");
});

beforeEach(() => {
  world.reset();
});

const content = (message: ChatMessage.Implementation) =>
  (message as unknown as { content: string }).content;
const messageCount = () =>
  (fake.game.messages as unknown as { contents: unknown[] }).contents.length;

async function pair() {
  const k = await world.kara();
  const r = await world.rook();
  world.placeAt(k, 0);
  world.placeAt(r, 1);
  return { k, r };
}

describe("situational modifiers in the attack dialog", () => {
  it("are read from the form, and the odds follow them", async () => {
    const { k, r } = await pair();
    const weapon = (await import("../../src/foundry/rulesets/freelancers/adapter.ts")).toFlWeapon(
      world.item(k, "Knife"),
    );
    const odds = (values: Record<string, unknown>) => {
      const choices = dialog.flChoicesFromForm(values);
      return dialog.flAttackDialogContext(budget.flNow(k), budget.flNow(r), weapon, choices, 1)
        .odds;
    };
    const plain = odds({ cover: "none", as: "base" });
    const harder = odds({ cover: "none", as: "base", situationalDie: "3" });
    const easier = odds({ cover: "none", as: "base", favorable: "1", situationalAttribute: "2" });
    expect(dialog.flChoicesFromForm({ situationalDie: "3", favorable: "1" }).situational).toEqual({
      die: 3,
      attribute: 0,
      favorable: 1,
      unfavorable: 0,
    });
    const pct = (text: string) => Number.parseFloat(text);
    expect(pct(harder.attackPasses)).toBeLessThan(pct(plain.attackPasses));
    expect(pct(easier.attackPasses)).toBeGreaterThan(pct(plain.attackPasses));
    // Past the world's caps (±5, 2 sources by default): no odds, a localized reason.
    const over = odds({ situationalDie: "9" });
    expect(over.hit).toBe("—");
    expect(over.refused).toBe("situationalTooLarge");
  });

  it("change the attack the GM rolls, and the card lists each one", async () => {
    const { k, r } = await pair();
    fake.setUser(PLAYER.id);
    world.table.target(r);
    // One favorable: two dice, 9 and 6, the 6 kept; +2 to the die: 8; Agility 8 + Finesse 3 − 1: 10.
    world.dice([20, 9], [20, 6]);
    const message = await dialog.flAttack(k, world.item(k, "Knife"), {
      ...dialog.flChoicesFromForm({ cover: "none", as: "base" }),
      situational: { die: 2, attribute: -1, favorable: 1, unfavorable: 0 },
    });
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(message)?.attack).toMatchObject({
      faces: [9, 6],
      natural: 6,
      roll: 8,
      target: 10,
      passed: true,
    });
    const html = content(message);
    expect(html).toContain("+2 to the die");
    expect(html).toContain("-1 to the attribute");
    expect(html).toContain("1 favorable");
  });

  it("past the caps from a player's console: the GM refuses, says why, and posts nothing", async () => {
    const { k, r } = await pair();
    fake.setUser(PLAYER.id);
    world.table.target(r);
    const { declareCard } = await import("../../src/foundry/cards/protocol.ts");
    const before = messageCount();
    const mark = fake.db.calls.length;
    const forged = {
      attackerId: k.id,
      weaponId: world.item(k, "Knife").id,
      targetId: r.id,
      situation: {
        cover: "none",
        as: "base",
        situational: { die: -20, attribute: 20, favorable: 20, unfavorable: 0 },
      },
      rollMode: "publicroll",
    };
    const outcome = await declareCard("freelancers.attack", forged);
    expect(outcome).toMatchObject({ ok: false, reason: "situationalTooLarge" });
    expect(messageCount()).toBe(before);
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
    // From the sheet, the same numbers are refused before anything is sent, in the user's words.
    expect(
      await dialog.flAttack(k, world.item(k, "Knife"), {
        cover: "none",
        as: "base",
        targetEngaged: false,
        situational: { die: 0, attribute: 0, favorable: 3, unfavorable: 0 },
      }),
    ).toBeNull();
    expect(world.warnings().at(-1)).toBe(
      "Situational modifiers must be whole numbers: at most ±5 to the die or the attribute, and at most 2 favorable or unfavorable sources.",
    );
    // A GM who widens the caps allows more.
    await fake.as(GM.id, () => fake.game.settings.set("fray", "freelancersSituationalEdgeCap", 3));
    try {
      world.dice([20, 12], [20, 11], [20, 2], [20, 19]);
      const message = await dialog.flAttack(k, world.item(k, "Knife"), {
        cover: "none",
        as: "base",
        targetEngaged: false,
        situational: { die: 0, attribute: 0, favorable: 3, unfavorable: 0 },
      });
      expect(message).not.toBeNull();
    } finally {
      await fake.as(GM.id, () =>
        fake.game.settings.set("fray", "freelancersSituationalEdgeCap", 2),
      );
    }
  });
});

describe("a shooter engaged in melee", () => {
  async function scene() {
    const k = await world.createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      system: { attributes: { awareness: 8 }, skills: { marksman: 4 } },
      items: [
        {
          name: "Pistol",
          type: "weapon",
          system: { kind: "ranged", attribute: "awareness", skill: "marksman", damage: "1d6" },
        },
      ],
    });
    const thug = (name: string, reach: number) =>
      world.createActor({
        name,
        type: "npc",
        prototypeToken: { disposition: -1 },
        items: [{ name: "Club", type: "weapon", system: { reach, damage: "1d4" } }],
      });
    const rook = await thug("Rook", 1);
    const pike = await thug("Pike", 3);
    const far = await thug("Far", 1);
    const turret = await world.createActor({
      name: "Turret",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { defense: "static" },
    });
    world.placeAt(k, 0);
    world.placeAt(rook, 1);
    world.placeAt(pike, 3);
    world.placeAt(far, 4);
    world.placeAt(turret, 8);
    return { k, rook, pike, turret };
  }

  it("the card lists the opponents in melee reach the GM measured on the scene, not the target", async () => {
    const { k, rook, turret } = await scene();
    fake.setUser(PLAYER.id);
    world.table.target(turret);
    world.dice([20, 5], [6, 2]);
    // A forged engagedBy from the player's console is not read: the GM measures.
    const message = await dialog.flAttack(k, world.item(k, "Pistol"), {
      cover: "none",
      as: "base",
      targetEngaged: false,
      engagedBy: ["nobody"],
    } as never);
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(message)?.provokedBy).toEqual(["Rook", "Pike"]);
    expect(content(message)).toContain("Rook, Pike");

    // Shooting the engaging opponent itself provokes only the others.
    world.table.target(rook);
    world.dice([20, 5], [20, 15], [6, 2]);
    const again = await dialog.flAttack(k, world.item(k, "Pistol"), {
      cover: "none",
      as: "base",
      targetEngaged: false,
    });
    if (again === null) throw new Error(world.warnings().join("; "));
    // Rook is the target; Pike (reach 3 m, 3 m away) still engages Kara; Far (4 m) does not.
    expect(cards.flCardOf(again)?.provokedBy).toEqual(["Pike"]);
  });
});

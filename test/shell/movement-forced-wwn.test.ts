/**
 * WWN's shove moves the target on the map (issue 24): Kara's player presses Shove (push) on her
 * sheet with the Raider targeted; the GM rolls it, and on a win moves the Raider's token, which
 * Kara's player does not own, the book's 10 ft directly away from Kara, stopped before a wall. The
 * push is not the Raider's move: it spends none of his round and provokes no free attack. Kara's
 * player can neither move the Raider herself nor ask for a longer push.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { hookLog } from "./hooks.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  itemNamed,
  ledgerSets,
  reactionCards,
  reactionFight,
  targetRaider,
} from "./movement-reactions.support.ts";

let w: MoveWorld;
let sheet: typeof import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
let budget: typeof import("../../src/foundry/rulesets/wwn/budget.ts");
let referee: typeof import("../../src/foundry/shared/referee.ts");
let protocol: typeof import("../../src/foundry/cards/protocol.ts");

beforeAll(async () => {
  w = await moveWorld("wwn", { size: 100, distance: 5, units: "ft" });
  sheet = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
  budget = await import("../../src/foundry/rulesets/wwn/budget.ts");
  referee = await import("../../src/foundry/shared/referee.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
});

const FISTS = {
  name: "Fists",
  type: "weapon",
  system: { damage: "1d2", skill: "punch", unarmed: true },
};
const SPEAR = {
  name: "Spear",
  type: "weapon",
  system: { damage: "1d6", skill: "stab", attributes: { str: true, dex: true } },
};

/** Kara (Str 18, Punch-2: she wins the opposed check on equal dice) beside the Raider. */
async function shoveFight(raiderAt = { col: 3, row: 0 }) {
  const fought = await reactionFight(
    w,
    {
      system: { health: { value: 10, max: 10 }, attributes: { str: 18 }, skills: { punch: 2 } },
      items: [FISTS],
    },
    { system: { health: { value: 10, max: 10 } }, items: [SPEAR] },
    { kara: { col: 2, row: 0 }, foe: raiderAt },
  );
  const raiderToken = await targetRaider(w, fought);
  return { ...fought, raiderToken };
}

/** Kara's player presses Shove (push) on her sheet, Fists picked in the maneuvers row. */
async function pressShove(kara: Actor.Implementation): Promise<void> {
  const fists = itemNamed(kara, "Fists").id ?? "";
  const row = {
    querySelector: (selector: string) =>
      selector === "select.wwn-maneuver-weapon"
        ? { value: fists }
        : selector === "select.wwn-maneuver-size"
          ? { value: "manSized" }
          : null,
  };
  const button = {
    dataset: { kind: "shove", effect: "push" },
    closest: (selector: string) => (selector === ".wwn-maneuvers" ? row : null),
  };
  const Sheet = sheet.WwnActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, (event: unknown, target: unknown) => unknown> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions["maneuver"];
  if (handler === undefined) throw new Error("no maneuver action");
  await w.fake.as(PLAYER.id, () => handler.call(new Sheet({ document: kara }), {}, button));
  await w.idle();
}

const lastContent = () =>
  (w.fake.game.messages.contents.at(-1) as unknown as { content: string }).content;

describe("WWN's shove moves the target on the map", () => {
  it("the GM pushes the Raider 10 ft directly away; it costs him nothing and provokes nothing", async () => {
    const { kara, raider, raiderToken } = await shoveFight();
    const before = w.fake.game.messages.contents.length;
    await pressShove(kara);
    expect(lastContent()).toContain("shoves Raider back up to 10 ft");
    expect([raiderToken.x, raiderToken.y]).toEqual([500, 0]);
    expect(budget.fighterOf(raider).actions).toMatchObject({ movesUsed: 0, mainUsed: false });
    expect(reactionCards(w, before)).toHaveLength(0);
    // Kara paid her Main Action for the shove.
    expect(budget.fighterOf(kara).actions).toMatchObject({ mainUsed: true });
  });

  it("the push is told to modules once, on the GM's client, as a forced move: no cost, by the GM", async () => {
    const { kara, raider, raiderToken } = await shoveFight();
    const heard = hookLog(w.fake, "fray.moved");
    try {
      await pressShove(kara);
      expect(heard.calls).toEqual([
        {
          hook: "fray.moved",
          client: GM.id,
          data: {
            actorId: raider.id,
            tokenId: raiderToken.id,
            from: { x: 300, y: 0 },
            to: { x: 500, y: 0 },
            action: "walk",
            cost: null,
            userId: GM.id,
          },
        },
      ]);
    } finally {
      heard.off();
    }
  });

  it("a diagonal shove goes diagonally; a wall stops it short, and the card says how far", async () => {
    const diagonal = await shoveFight({ col: 3, row: 1 });
    await pressShove(diagonal.kara);
    expect([diagonal.raiderToken.x, diagonal.raiderToken.y]).toEqual([500, 300]);

    const walled = await shoveFight();
    w.moves.addWall(walled.token.parent, { col: 5, row: 0 }, { col: 5, row: 2 });
    await pressShove(walled.kara);
    expect([walled.raiderToken.x, walled.raiderToken.y]).toEqual([400, 0]);
    expect(lastContent()).toContain("back up to 5 ft");
  });

  it("a grapple's throw hurls the captive 5 ft away, prone", async () => {
    const { kara, raider, combat, raiderToken } = await shoveFight();
    await ledgerSets(w, combat, kara, "wwn_grappling", raider.id);
    const maneuvers = await import("../../src/foundry/rulesets/wwn/table/maneuver-card.ts");
    await w.fake.as(PLAYER.id, () =>
      maneuvers.declareWwnManeuver(kara, "moveGrappled", { effect: "throw" }),
    );
    await w.idle();
    expect(lastContent()).toContain("throws Raider 5 ft");
    expect([raiderToken.x, raiderToken.y]).toEqual([400, 0]);
    expect(budget.fighterOf(raider)).toMatchObject({ prone: true });
  });

  it("Kara's player cannot move the Raider herself, nor ask for a longer push", async () => {
    const { kara, raider, raiderToken } = await shoveFight();
    expect(await w.drag(raiderToken, { col: 6, row: 0 }, undefined, PLAYER.id)).toBe(false);
    expect(raiderToken.x).toBe(300);
    // Her console sends the shove with a distance of its own: the GM pushes the book's 10 ft.
    const outcome = await w.fake.as(PLAYER.id, () =>
      referee.sendIntent(protocol.CARD_DECLARE, {
        kind: "wwn.shove",
        payload: {
          actorId: kara.id,
          weaponId: itemNamed(kara, "Fists").id,
          targetId: raider.id,
          effect: "push",
          feet: 100,
          pushedFeet: 100,
        },
      }),
    );
    await w.idle();
    expect(outcome.ok).toBe(true);
    expect(raiderToken.x).toBe(500);
  });
});

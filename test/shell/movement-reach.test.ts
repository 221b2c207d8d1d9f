/**
 * Distance as the book counts it (issue 24): on a 1.5 m grid a Freelancers weapon reaching 1 m
 * strikes the next square, because reach is counted between the spaces the tokens occupy (edge
 * to edge, in whole spaces, as the reaction check counts it), not centre to centre (1.5 m). The
 * attack is made, its odds are given, and the fighter holding it engages whoever stands there;
 * one square farther is out of reach.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { attackCardsSince, itemNamed, reactionFight } from "./movement-reactions.support.ts";

let w: MoveWorld;
let dialog: typeof import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");

beforeAll(async () => {
  w = await moveWorld("freelancers", { size: 100, distance: 1.5, units: "m" });
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
});

/** A short blade reaching 1 m: less than one 1.5 m square. */
const DIRK = {
  name: "Dirk",
  type: "weapon",
  system: { kind: "melee", reach: 1 },
};

/** Kara (the player's, on her turn) holds the dirk; the Raider stands at `foe`. */
function fight(foe: { col: number; row: number }) {
  return reactionFight(w, { items: [DIRK] }, {}, { kara: { col: 3, row: 0 }, foe });
}

/** The player targets the token of this actor (core User#updateTokenTargets). */
function targetOnly(actor: Actor.Implementation) {
  const token = actor.getActiveTokens().at(-1);
  w.fake.as(PLAYER.id, () => {
    (game.user as unknown as { updateTokenTargets(ids: string[]): void }).updateTokenTargets([
      token?.document.id ?? "",
    ]);
  });
}

function stab(kara: Actor.Implementation) {
  return w.fake.as(PLAYER.id, () =>
    dialog.flAttack(kara, itemNamed(kara, "Dirk"), {
      cover: "none",
      targetEngaged: false,
      as: "base",
    } as never),
  );
}

/** Bo (the player's, a rifle) opens the attack dialog at the Raider, Kara's dirk near it. */
async function boAims(foe: { col: number; row: number }) {
  const [bo, kara, raider] = await w.actors([
    {
      name: "Bo",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      items: [
        {
          name: "Rifle",
          type: "weapon",
          system: { kind: "ranged", range: { nominal: 6, max: 30 } },
        },
      ],
    },
    { name: "Kara", type: "character", prototypeToken: { disposition: 1 }, items: [DIRK] },
    { name: "Raider", type: "npc", prototypeToken: { disposition: -1 } },
  ]);
  if (bo === undefined || kara === undefined || raider === undefined) throw new Error("no actors");
  await w.fight([bo, kara, raider], [{ col: 0, row: 0 }, { col: 3, row: 0 }, foe]);
  targetOnly(raider);
  expect(await w.fake.as(PLAYER.id, () => dialog.flAttack(bo, itemNamed(bo, "Rifle")))).toBeNull();
  return w.fake.dialogs.asked.at(-1)?.content ?? "";
}

describe("Freelancers reach between occupied spaces", () => {
  it("a 1 m dirk strikes the Raider in the next square, diagonals too", async () => {
    for (const foe of [
      { col: 4, row: 0 },
      { col: 4, row: 1 },
    ]) {
      const { kara, raider } = await fight(foe);
      targetOnly(raider);
      const before = w.fake.game.messages.contents.length;
      expect(await stab(kara)).not.toBeNull();
      await w.idle();
      expect(attackCardsSince(w, before)).toHaveLength(1);
    }
  });

  it("one square farther, the dirk is out of reach and nothing is posted", async () => {
    const { kara, raider } = await fight({ col: 5, row: 0 });
    targetOnly(raider);
    const before = w.fake.game.messages.contents.length;
    expect(await stab(kara)).toBeNull();
    await w.idle();
    expect(attackCardsSince(w, before)).toHaveLength(0);
  });

  it("the odds the api gives for the next square are a hit chance, not a refusal", async () => {
    const { kara, raider } = await fight({ col: 4, row: 0 });
    const api = (w.fake.game.system as { api: FrayApi }).api;
    const call = { attacker: kara, weaponId: itemNamed(kara, "Dirk").id, target: raider };
    const odds = w.fake.as(PLAYER.id, () => api.odds(call));
    expect(odds).toMatchObject({ ok: true });
    const far = await fight({ col: 5, row: 0 });
    const farCall = {
      attacker: far.kara,
      weaponId: itemNamed(far.kara, "Dirk").id,
      target: far.raider,
    };
    expect(w.fake.as(PLAYER.id, () => api.odds(farCall))).toMatchObject({
      ok: false,
      reason: "outOfReach",
    });
  });

  it("Kara's dirk engages the Raider in the next square, not one square farther", async () => {
    expect(await boAims({ col: 4, row: 1 })).toContain("Engaged: Raider is in melee with Kara");
    expect(await boAims({ col: 5, row: 0 })).toContain(
      "Not engaged: nobody of your side is in melee with Raider",
    );
  });
});

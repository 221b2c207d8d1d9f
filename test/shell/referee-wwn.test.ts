/**
 * Issue 10's forged-user attack on the WWN card: a player who neither declared the attack nor owns
 * the target puts the GM's id in the payload, of the old `fray.wwnAttack` query and of the card
 * protocol's press. Written before the fix and seen red against the code before the referee.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";
import { gameWrites } from "./referee.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let scene: ReturnType<typeof wwnScene>;
let referee: typeof Referee;
const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, PLAYER2],
    settings: { "fray.ruleset": "wwn" },
    random: dice.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  scene = wwnScene(fake);
  referee = await import("../../src/foundry/shared/referee.ts");
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

describe("a WWN apply query naming the GM", () => {
  // Seen red before the referee (the query's userId let PLAYER2 apply as the GM).
  it("from a player who may not apply is refused, and no actor is written", async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const [kara, bandit] = (await fake.as(GM.id, () =>
      Actor?.createDocuments([
        {
          name: "Kara",
          type: "character",
          ownership: { [PLAYER.id]: 3 },
          system: { health: { value: 10, max: 10 }, attributes: { str: 14 }, skills: { stab: 1 } },
          items: [
            {
              name: "Spear",
              type: "weapon",
              system: {
                damage: "1d6",
                skill: "stab",
                attributes: { str: true },
                shock: { enabled: true, damage: 2, ac: 13 },
              },
            },
          ],
        },
        { name: "Bandit", type: "npc", system: { health: { value: 8, max: 8 } } },
      ]),
    )) as unknown as Actor.Implementation[];
    if (!kara || !bandit) throw new Error("actors not created");
    scene.place(kara, bandit);
    fake.setUser(PLAYER.id);
    table.target(bandit);
    dice.set([20, 5]); // a miss that still deals Shock
    const spear = (kara as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
    const message = await actions.wwnAttack(kara, spear, {});
    if (message === null) throw new Error("refused");
    const mark = fake.db.calls.length;
    const asGM = { messageId: message.id, userId: GM.id, action: "apply", step: "apply" };
    await expect(
      fake.as(PLAYER2.id, () => fake.users.get(GM.id)?.query("fray.wwnAttack", asGM)),
    ).rejects.toThrow(/no query handler/);
    const outcome = await fake.as(PLAYER2.id, () =>
      referee.sendIntent(actions.protocol.CARD_PRESS, asGM),
    );
    expect(outcome).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(gameWrites(fake, mark)).toEqual([]);
  });
});

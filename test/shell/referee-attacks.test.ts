/**
 * Issue 10's attacks, replayed from a player's console against the Worldlines attack card in the
 * fake (which enforces core's permissions: a player may rewrite only the cards they authored,
 * write only the actors they own). Each test asserts what the referee must guarantee: the forged
 * press is refused and the database log shows no write to anyone's actor.
 *
 * Written before the fix and seen red against today's code; the workflows move onto the referee
 * transport (src/foundry/shared/referee.ts) in the wiring step, which turns them green.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, GM2, PLAYER, installFakeFoundry, seededRandom } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Actions from "../../src/foundry/rulesets/worldlines/actions.ts";
import type * as Workflow from "../../src/foundry/rulesets/worldlines/attack/workflow.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: typeof Actions;
let workflow: typeof Workflow;

/** Dice the test fixes, as [faces, value]; once used up, a seeded generator rolls the rest. */
let queue: [number, number][] = [];
const rest = seededRandom(7);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER, GM2],
    random: () => {
      const next = queue.shift();
      return next === undefined ? rest() : (next[1] - 0.5) / next[0];
    },
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await import("../../src/foundry/rulesets/worldlines/actions.ts");
  workflow = await import("../../src/foundry/rulesets/worldlines/attack/workflow.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  queue = [];
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
type Card = NonNullable<ReturnType<typeof Workflow.cardOf>>;

async function actor(name: string, owner: string | null): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () =>
    Actor?.create({
      name,
      type: owner === null ? "npc" : "character",
      ownership: owner === null ? {} : { [owner]: 3 },
      system: {
        health: { value: 20, max: 20 },
        energy: { value: 6, max: 6 },
        traits: { combat: 8, spirit: 6, mind: 6 },
        skills: { firearms: 2, evasion: 1 },
      },
      items: [{ name: "Pistol", type: "weapon", system: { damage: "1d6+1", skill: "firearms" } }],
    }),
  );
  if (!created) throw new Error("actor not created");
  return created as unknown as Actor.Implementation;
}

const sys = (a: Actor.Implementation) =>
  (a as unknown as Doc).system as unknown as {
    health: { value: number };
    energy: { value: number };
  };

/** The player's Maya shoots the GM's NPC Vex (a d8 Combat die showing 6); the card waits. */
async function playerAttacks() {
  const maya = await actor("Maya", PLAYER.id);
  const vex = await actor("Vex", null);
  const bystander = await actor("Bystander", null);
  fake.setUser(PLAYER.id);
  table.target(vex);
  const pistol = (maya as unknown as Doc).items.contents[0] as unknown as Item.Implementation;
  queue = [[8, 6]];
  const message = await actions.attack(maya, pistol, {});
  if (message === null) throw new Error("the attack was refused");
  return { maya, vex, bystander, message };
}

const cardOf = (message: ChatMessage.Implementation): Card => {
  const card = workflow.cardOf(message);
  if (card === null) throw new Error("not an attack card");
  return card;
};

/** The attacker rewrites their own card's flags: core lets a message's author update it. */
async function forge(message: ChatMessage.Implementation, changes: Partial<Card>) {
  await fake.as(PLAYER.id, () =>
    message.update({ "flags.fray.attack": { ...cardOf(message), ...changes } } as never),
  );
}

/** The GM answers for Vex: Take it (damage 1d6+1 showing 4, no armor). */
async function gmTakes(message: ChatMessage.Implementation) {
  queue = [[6, 4]];
  await fake.as(GM.id, () => workflow.requestCardAction(message, "take"));
}

const actorWrites = (mark: number) => fake.db.since(mark, { documentName: "Actor" });

describe("a card the attacker rewrote", () => {
  // red until the workflows use the referee transport (issue 10 wiring)
  it.fails("is not applied: another defender and a 50d1000 formula write nothing", async () => {
    const { bystander, message } = await playerAttacks();
    await gmTakes(message);
    const card = cardOf(message);
    await forge(message, {
      defenderId: bystander.id ?? "",
      // (50 dice: today's replay stops at 64 dice per step, so 100d1000 would fail for that reason.)
      weapon: { ...card.weapon, damage: "50d1000" },
    });
    const mark = fake.db.calls.length;
    const outcome = await fake.as(PLAYER.id, () => workflow.requestCardAction(message, "apply"));
    expect(outcome.ok).toBe(false);
    expect(actorWrites(mark)).toEqual([]);
    expect(sys(bystander).health.value).toBe(20);
  });

  // red until the workflows use the referee transport (issue 10 wiring)
  it.fails("is not applied twice by setting its stage back", async () => {
    const { vex, message } = await playerAttacks();
    await gmTakes(message);
    await fake.as(PLAYER.id, () => workflow.requestCardAction(message, "apply"));
    const after = sys(vex).health.value;
    expect(after).toBeLessThan(20);
    await forge(message, { stage: "resolved" });
    const mark = fake.db.calls.length;
    await fake.as(PLAYER.id, () => workflow.requestCardAction(message, "apply"));
    expect(actorWrites(mark)).toEqual([]);
    expect(sys(vex).health.value).toBe(after);
  });

  // red until the workflows use the referee transport (issue 10 wiring)
  it.fails(
    "cannot claim Evasion Energy was paid: no NPC gets Energy above its maximum",
    async () => {
      const { vex, message } = await playerAttacks();
      await forge(message, { stage: "awaitingExtraEvasion", defense: "evade", evasionPaid: 300 });
      const mark = fake.db.calls.length;
      const gm = fake.users.get(GM.id);
      await fake.as(PLAYER.id, () =>
        gm?.query("fray.worldlinesAttack", {
          messageId: message.id,
          userId: GM.id,
          action: "take",
          dice: [],
        }),
      );
      expect(actorWrites(mark)).toEqual([]);
      expect(sys(vex).energy.value).toBe(6);
    },
  );

  // red until the workflows use the referee transport (issue 10 wiring)
  it.fails("with a 99 on its d8 Combat die is refused when the GM replays it", async () => {
    const { message } = await playerAttacks();
    const card = cardOf(message);
    await forge(message, {
      dice: [{ sides: 8, value: 99 }],
      attack: { ...card.attack, natural: 99, total: 101 },
    });
    const mark = fake.db.calls.length;
    queue = [[6, 4]];
    const outcome = await fake.as(GM.id, () => workflow.requestCardAction(message, "take"));
    expect(outcome.ok).toBe(false);
    expect(fake.db.since(mark)).toEqual([]);
  });
});

describe("a query naming someone else", () => {
  // red until the workflows use the referee transport (issue 10 wiring)
  it.fails("with the GM's user id in the payload is not treated as the GM", async () => {
    const { message } = await playerAttacks();
    const mark = fake.db.calls.length;
    const gm = fake.users.get(GM.id);
    queue = [[6, 6]];
    const outcome = await fake.as(PLAYER.id, () =>
      gm?.query("fray.worldlinesAttack", {
        messageId: message.id,
        userId: GM.id,
        action: "take",
        dice: [],
      }),
    );
    expect(outcome).toMatchObject({ ok: false });
    expect(fake.db.since(mark)).toEqual([]);
    expect(cardOf(message).stage).toBe("awaitingDefense");
  });
});

describe("two GMs and two presses", () => {
  // red until the workflows use the referee transport (issue 10 wiring)
  it.fails("a GM who is not the active GM does not handle the query", async () => {
    const { vex, message } = await playerAttacks();
    await gmTakes(message);
    expect(fake.users.activeGM?.id).toBe(GM.id);
    const mark = fake.db.calls.length;
    await fake.as(PLAYER.id, () =>
      fake.users.get(GM2.id)?.query("fray.worldlinesAttack", {
        messageId: message.id,
        userId: PLAYER.id,
        action: "apply",
        dice: [],
      }),
    );
    expect(actorWrites(mark)).toEqual([]);
    expect(sys(vex).health.value).toBe(20);
  });

  // red until the workflows use the referee transport (issue 10 wiring)
  it.fails("Apply pressed twice 25 ms apart deals the damage once", async () => {
    const { vex, message } = await playerAttacks();
    await gmTakes(message);
    const dealt = 20 - (cardOf(message).result?.health.after ?? 20);
    expect(dealt).toBeGreaterThan(0);
    // The GM's first Apply is slow to write its card (a busy client): the second press arrives
    // while Vex is already hit and the card still says "resolved".
    const handlebars = foundry.applications.handlebars as unknown as {
      renderTemplate: (path: string, context: unknown) => Promise<string>;
    };
    const render = handlebars.renderTemplate;
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    handlebars.renderTemplate = async (path, context) => {
      if (first) {
        first = false;
        await slow;
      }
      return render(path, context);
    };
    try {
      const mark = fake.db.calls.length;
      const press = () => fake.as(PLAYER.id, () => workflow.requestCardAction(message, "apply"));
      const one = press();
      await new Promise((resolve) => setTimeout(resolve, 25));
      const two = press();
      await new Promise((resolve) => setTimeout(resolve, 25));
      release();
      await Promise.all([one, two]);
      expect(actorWrites(mark)).toHaveLength(1);
      expect(sys(vex).health.value).toBe(20 - dealt);
    } finally {
      handlebars.renderTemplate = render;
    }
  });
});

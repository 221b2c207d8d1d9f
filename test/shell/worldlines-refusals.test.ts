/**
 * Worldlines attacks the rules refuse, at the table: a Staggered attacker, an attacker Charmed by
 * its target, and an attack out of turn (refused when the GM runs turns strictly, allowed when
 * leniently). Each refusal is a warning in English that says why; nothing reaches the database
 * and no chat card is posted.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry, seededRandom } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as CombatActions from "../../src/foundry/combat/actions.ts";
import type * as CombatState from "../../src/foundry/combat/state.ts";
import { fightOffScreen } from "./viewed.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let combatActions: typeof CombatActions;
let combatState: typeof CombatState;

/** Dice a test fixes, as [faces, value]; other rolls (momentum) come from a seeded generator. */
let queue: [number, number][] = [];
const seeded = seededRandom(7);

beforeAll(async () => {
  fake = installFakeFoundry({
    random: () => {
      const next = queue.shift();
      return next === undefined ? seeded() : (next[1] - 0.5) / next[0];
    },
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
  combatActions = await import("../../src/foundry/combat/actions.ts");
  combatState = await import("../../src/foundry/combat/state.ts");
});

beforeEach(async () => {
  fake.setUser(GM.id);
  await fake.game.settings.set("fray", "turnStrictness", "strict");
  fake.notifications.length = 0;
  queue = [];
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create(source);
  if (!actor) throw new Error("actor not created");
  return spots.place(actor as unknown as Actor.Implementation);
}

const energy = (actor: Actor.Implementation) =>
  ((actor as unknown as Doc).system as unknown as { energy: { value: number } }).energy.value;

/** Maya: the player's character, a pistol, 6 Energy; `effects` are her statuses. */
function maya(effects: Record<string, unknown>[] = []) {
  return createActor({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: {
      health: { value: 20, max: 20 },
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      skills: { firearms: 2 },
    },
    items: [{ name: "Pistol", type: "weapon", system: { damage: "1d6+1", skill: "firearms" } }],
    effects,
  });
}

function npc(name: string, disposition = -1) {
  return createActor({
    name,
    type: "npc",
    prototypeToken: { disposition },
    system: { health: { value: 20, max: 20 }, energy: { value: 4, max: 6 }, rank: "elite" },
  });
}

function pistol(actor: Actor.Implementation): Item.Implementation {
  const item = (actor as unknown as Doc).items.contents.find((i) => i.name === "Pistol");
  if (!item) throw new Error("no pistol");
  return item as unknown as Item.Implementation;
}

/** The player attacks `target` with Maya's pistol at the torso, from short range. */
async function playerAttacks(attacker: Actor.Implementation, target: Actor.Implementation) {
  fake.setUser(PLAYER.id);
  table.target(target);
  return actions.attack(attacker, pistol(attacker), { zone: "torso", range: "short" });
}

/**
 * Runs an attack that must be refused: it returns no card, warns once with `warning`, makes no
 * database call (so no Energy is spent) and posts no chat message.
 */
async function expectRefused(
  attack: () => Promise<ChatMessage.Implementation | null>,
  attacker: Actor.Implementation,
  warning: string,
) {
  const calls = fake.db.count();
  const messages = fake.game.messages.size;
  const before = energy(attacker);
  fake.notifications.length = 0;
  expect(await attack()).toBeNull();
  expect(fake.notifications).toEqual([{ level: "warn", message: warning }]);
  expect(fake.db.count()).toBe(calls);
  expect(fake.game.messages.size).toBe(messages);
  expect(energy(attacker)).toBe(before);
}

describe("a Staggered attacker", () => {
  it("is refused, with the reason, and nothing is spent or posted", async () => {
    const m = await maya([
      { name: "Staggered", statuses: ["staggered"], flags: { fray: { turnsLeft: 1 } } },
    ]);
    const vex = await npc("Vex");
    await expectRefused(
      () => playerAttacks(m, vex),
      m,
      "Maya is Staggered and cannot attack this turn.",
    );
  });
});

describe("an attacker Charmed by its target", () => {
  it("may not attack the one who charmed it, but may attack someone else", async () => {
    const vex = await npc("Vex");
    const rook = await npc("Rook");
    const m = await maya([
      { name: "Charmed", statuses: ["charmed"], flags: { fray: { sourceId: vex.id } } },
    ]);
    await expectRefused(
      () => playerAttacks(m, vex),
      m,
      "Maya is Charmed by Vex and cannot attack them.",
    );

    fake.notifications.length = 0;
    queue = [[8, 5]];
    const card = await playerAttacks(m, rook);
    expect(card).not.toBeNull();
    expect(fake.notifications).toEqual([]);
    expect(energy(m)).toBe(4);
  });
});

describe("an attack out of turn", () => {
  type FrayCombat = Combat.Implementation & {
    activateCombatant(id: string): Promise<unknown>;
    endCombatantTurn(id: string): Promise<unknown>;
    endPhase(): Promise<unknown>;
  };

  /**
   * Maya and Bram (friendly) against Vex, in a started combat, in the friendly team's phase with
   * Bram taking his turn, on a battle scene nobody views (viewed.support.ts).
   */
  async function bramsTurn() {
    fake.setUser(GM.id);
    const m = await maya();
    const bram = await npc("Bram", 1);
    const vex = await npc("Vex");
    const Combat = fake.CONFIG["Combat"]?.documentClass;
    const combat = (await Combat?.create({})) as unknown as FrayCombat | undefined;
    if (!combat) throw new Error("no combat");
    await combat.createEmbeddedDocuments(
      "Combatant",
      [m, bram, vex].map((actor) => ({ actorId: actor.id })),
    );
    await combatActions.whenIdle();
    await fightOffScreen(fake, combat);
    await combat.startCombat();
    await combatActions.whenIdle();
    const memberOf = (actor: Actor.Implementation) => {
      const member = combat.combatants.contents.find((c) => c.actorId === actor.id);
      if (!member) throw new Error(`${actor.name} is not in the combat`);
      return member;
    };
    const friendly = combatState.teamIdOf(memberOf(m));
    const turn = () => combatState.turnStateOf(combat);
    const phaseTeam = () => {
      const phase = turn().plan[turn().phaseIndex];
      return phase?.kind === "team" ? phase.teamId : null;
    };
    if (phaseTeam() !== friendly) await combat.endPhase();
    await combatActions.whenIdle();
    expect(phaseTeam()).toBe(friendly);
    await combat.activateCombatant(memberOf(bram).id ?? "");
    await combatActions.whenIdle();
    expect(turn()).toMatchObject({ round: 1, active: memberOf(bram).id });
    return { m, bram, vex, combat, memberOf };
  }

  it("is refused in strict mode while a teammate takes his turn, and allowed on one's own", async () => {
    const { m, bram, vex, combat, memberOf } = await bramsTurn();
    await expectRefused(() => playerAttacks(m, vex), m, "It is not Maya's turn.");

    // Once Bram is done and Maya takes her turn, the same attack goes through.
    fake.setUser(GM.id);
    await combat.endCombatantTurn(memberOf(bram).id ?? "");
    await combat.activateCombatant(memberOf(m).id ?? "");
    await combatActions.whenIdle();
    fake.notifications.length = 0;
    queue = [[8, 5]];
    expect(await playerAttacks(m, vex)).not.toBeNull();
    expect(fake.notifications).toEqual([]);
    expect(energy(m)).toBe(4);
  });

  it("is allowed in lenient mode: the card is posted and the Energy spent", async () => {
    const { m, vex } = await bramsTurn();
    await fake.game.settings.set("fray", "turnStrictness", "lenient");
    const messages = fake.game.messages.size;
    queue = [[8, 5]];
    const card = await playerAttacks(m, vex);
    expect(card).not.toBeNull();
    expect(fake.notifications).toEqual([]);
    expect(fake.game.messages.size).toBe(messages + 1);
    expect(energy(m)).toBe(4);
  });
});

/**
 * The public API against the table's own controls (issue 26, "Done when"): one turn played twice
 * in the same world, once as a user plays it (the sheet's Attack after its dialog, the card's
 * buttons, a token drag, the token HUD's status icon, the tracker's End Turn) and once through
 * `game.system.api` (attack, press, move, toggleStatus, endTurn), each time by fresh copies of
 * the same two fighters in their own started fight, on the same dice. What each run changed is
 * recorded: every database write (which document, what changes, by whom), every card's data and
 * every Fray hook heard (on which client, with what), with the ids of the run's documents named
 * by their role, so the two records compare equal when the API did what the controls did.
 */
import { describe, expect, it, vi } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { FakeTokenDocument } from "../fake-foundry/movement.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { FRAY_HOOKS } from "../../src/foundry/api/hooks.ts";
import { hookLog, stoppedAttack } from "./hooks.support.ts";
import type { HookCall } from "./hooks.support.ts";
import { openHud } from "./hud.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

/** Every hook Fray fires. */
export const ALL_HOOKS: readonly string[] = Object.values(FRAY_HOOKS);

/** The keys of each hook's data, as docs/api.md documents them. */
export const DOCUMENTED_KEYS: Readonly<Record<string, readonly string[]>> = {
  "fray.preAttack": ["kind", "attackerId", "weaponId", "targetId", "userId"],
  "fray.attackResolved": ["kind", "messageId", "attackerId", "targetId", "hit", "damage", "userId"],
  "fray.preApplyDamage": ["kind", "messageId", "actorId", "attackerId", "hit", "damage", "userId"],
  "fray.damageApplied": ["kind", "messageId", "actorId", "attackerId", "hit", "damage", "userId"],
  "fray.statusChanged": ["actorId", "statusId", "active", "userId"],
  "fray.turnStarted": ["combatId", "round", "combatantId", "actorId", "teamId"],
  "fray.phaseChanged": ["combatId", "round", "phase", "previousRound", "previous", "undone"],
  "fray.moved": ["actorId", "tokenId", "from", "to", "action", "cost", "userId"],
  "fray.ready": ["ruleset", "version"],
};

/** One ruleset's turn: its fighters, its sheet's Attack, the card's presses, the status. */
export interface ParitySpec {
  readonly ruleset: string;
  readonly grid: { readonly size?: number; readonly distance: number; readonly units: string };
  readonly settings?: Record<string, unknown>;
  /** The player's fighter; its weapon is its first item of type weapon. */
  readonly attacker: Record<string, unknown>;
  /** Its foe, the GM's. */
  readonly target: Record<string, unknown>;
  /** Where the fighters stand: the attacker can attack the foe from there. */
  readonly spaces: readonly [{ col: number; row: number }, { col: number; row: number }];
  /** The paid move, in a fight of its own from the same spaces: where the attacker goes. */
  readonly move: { readonly to: { col: number; row: number } };
  /** The fake's dice (core's random number): every die rolls this. */
  readonly random?: number;
  /** How many phases the run's fights tell, and how many turns start (default: 2 each). */
  readonly phases?: number;
  readonly turns?: number;
  /** The dialog's choices the sheet's attack was closed with, by name, where not its defaults. */
  readonly choices?: Readonly<Record<string, unknown>>;
  /** The sheet's Attack button after its dialog, closed with the defaults it opened with. */
  sheetAttack(
    attacker: Actor.Implementation,
    weapon: Item.Implementation,
    target: Actor.Implementation,
  ): Promise<unknown>;
  /** The card's buttons pressed after the declaration, in order, and by whom. */
  readonly presses: readonly { readonly step: string; readonly user: string; choices?: unknown }[];
  /** The status the player toggles on its fighter (the HUD's icon, the API's toggleStatus). */
  readonly status: string;
}

/** What one run changed, its documents' ids named by role. */
export interface ParityRecord {
  readonly writes: readonly unknown[];
  readonly cards: readonly unknown[];
  readonly hooks: readonly HookCall[];
  /** What the API's calls answered (the controls' run: none). */
  readonly answers: readonly unknown[];
}

/** The fake's made ids (documents.ts randomID, tokens' and scenes' own): letters, then digits. */
const FAKE_ID = /\b[a-z]{3,4}\d{12,13}\b/g;

/** A clock reading (ms since 1970): when, not what. */
const isTime = (v: unknown) => typeof v === "number" && v > 1e12;

/** Keys whose values differ between two writes of the same thing (when, in what order). */
const VOLATILE = new Set(["timestamp", "_stats", "sort"]);

/** The value with every fake id named: by its role where known, else by first appearance. */
export function named(value: unknown, roles: ReadonlyMap<string, string>): unknown {
  const seen = new Map<string, string>(roles);
  const rename = (text: string) =>
    text.replace(FAKE_ID, (id) => {
      if (!seen.has(id)) seen.set(id, `<new${seen.size - roles.size + 1}>`);
      return seen.get(id) ?? id;
    });
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return rename(v);
    if (isTime(v)) return "<time>";
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([key]) => !VOLATILE.has(key))
          .map(([key, inner]) => [rename(key), walk(inner)]),
      );
    }
    return v;
  };
  return walk(value);
}

/**
 * A write with a request to the referee (the whispered message carrying `flags.fray.referee`)
 * kept to what is asked (the action, the card kind, who asks): the payload is the intent as each
 * client words it (the API's the parsed choices in full, the sheet's those its dialog set); the
 * referee's reading of it, the card and every write after it, is what must match.
 */
function requestOnly<C extends { data: Record<string, unknown>[] }>(call: C): C {
  const data = call.data.map((entry) => {
    const flags = entry["flags"] as { fray?: { referee?: Record<string, unknown> } } | undefined;
    const referee = flags?.fray?.referee;
    if (referee === undefined) return entry;
    const payload = referee["payload"] as { kind?: unknown } | undefined;
    return {
      ...entry,
      flags: { fray: { referee: { action: referee["action"], kind: payload?.kind } } },
    };
  });
  return { ...call, data };
}

/** The world the runs are played in, and the API. */
export interface ParityWorld {
  readonly w: MoveWorld;
  readonly fake: FakeFoundry;
  api(): FrayApi;
  /** Plays the turn once, through the controls (`ui`) or the API. */
  run(spec: ParitySpec, by: "ui" | "api"): Promise<ParityRecord>;
  /** Fresh fighters in their own started fight, the attacker taking its turn. */
  fighters(spec: ParitySpec): Promise<Fighters>;
  /** A fighter's weapon. */
  weaponOf(actor: Actor.Implementation): Item.Implementation;
}

export interface Fighters {
  readonly attacker: Actor.Implementation;
  readonly target: Actor.Implementation;
  readonly token: FakeTokenDocument;
  readonly combat: Combat.Implementation;
  readonly roles: Map<string, string>;
}

function weaponOf(actor: Actor.Implementation): Item.Implementation {
  const weapon = actor.items.contents.find((item) => item.type === "weapon");
  if (weapon === undefined) throw new Error(`${actor.name} has no weapon`);
  return weapon;
}

export async function parityWorld(spec: ParitySpec): Promise<ParityWorld> {
  const w = await moveWorld(spec.ruleset, spec.grid, spec.settings, spec.random);
  const fake = w.fake;
  const api = () => (fake.game.system as { api: FrayApi }).api;
  const { pressCard } = await import("../../src/foundry/cards/protocol.ts");
  const { requestTurnAction } = await import("../../src/foundry/combat/actions.ts");

  const fighters = async (s: ParitySpec): Promise<Fighters> => {
    const [attacker, target] = await w.actors([
      { ...s.attacker, ownership: { [PLAYER.id]: 3 } },
      s.target,
    ]);
    if (attacker === undefined || target === undefined) throw new Error("no fighters");
    const { combat, tokens } = await w.fight([attacker, target], s.spaces);
    const token = tokens[0];
    if (token === undefined) throw new Error("no token");
    const roles = new Map<string, string>();
    const name = (id: string | null | undefined, role: string) => {
      if (id) roles.set(id, `<${role}>`);
    };
    name(attacker.id, "attacker");
    name(target.id, "target");
    name(weaponOf(attacker).id, "weapon");
    name(target.items.contents.find((item) => item.type === "weapon")?.id, "targetWeapon");
    tokens.forEach((t, k) => {
      name(t.id, k === 0 ? "token" : "targetToken");
    });
    name(combat.id, "combat");
    for (const c of combat.combatants.contents) {
      name(c.id, c.actorId === attacker.id ? "combatant" : "targetCombatant");
    }
    name((combat.scene as { id?: string } | null)?.id, "scene");
    name(tokens[0]?.parent.id, "scene");
    return { attacker, target, token, combat, roles };
  };

  /** What the run's writes, cards and hooks were since `mark`, ids named. */
  const mark = () => ({ calls: fake.db.calls.length, messages: fake.game.messages.size });
  const since = (from: ReturnType<typeof mark>) => ({
    writes: fake.db.calls
      .slice(from.calls)
      .map(requestOnly)
      .map(({ operation, documentName, data, parent, userId }) => ({
        operation,
        documentName,
        data,
        parent,
        userId,
      })),
    cards: fake.game.messages.contents.slice(from.messages).map((m) => ({
      author: (m as unknown as { author?: { id?: string } }).author?.id,
      flags: m.flags,
    })),
  });

  const run = async (s: ParitySpec, by: "ui" | "api"): Promise<ParityRecord> => {
    // The hooks from the fight's start on (its first phase and turn are told then).
    const heard = hookLog(fake, ...ALL_HOOKS);
    const answers: unknown[] = [];
    const answer = (outcome: unknown) => {
      if (by === "api") answers.push(outcome);
    };
    try {
      const { attacker, target, combat, roles } = await fighters(s);
      const from = mark();
      // Attack: the sheet's button after its dialog, or the API's attack with its defaults.
      fake.setUser(PLAYER.id);
      w.table.target(target);
      const weaponId = weaponOf(attacker).id;
      answer(
        by === "ui"
          ? await s.sheetAttack(attacker, weaponOf(attacker), target)
          : await api().attack({ attacker, weaponId, target, choices: s.choices ?? {} }),
      );
      await w.idle();
      const card = fake.game.messages.contents[from.messages];
      for (const press of s.presses) {
        const message = fake.game.messages.get(card?.id ?? "");
        if (message === undefined) {
          throw new Error(`no card to press: ${JSON.stringify(fake.notifications)}`);
        }
        const pressed = await fake.as(press.user, () =>
          by === "ui"
            ? pressCard(message as unknown as ChatMessage.Implementation, press.step, press.choices)
            : api().press(message.id, press.step, press.choices),
        );
        if (!pressed.ok) throw new Error(`${press.step} refused: ${JSON.stringify(pressed)}`);
        answer(pressed);
        await w.idle();
      }
      // The status: the token HUD's icon, or the API's toggle.
      if (by === "ui") await (await openHud(fake, attacker, PLAYER.id)).click(s.status);
      else
        answer(await fake.as(PLAYER.id, () => api().toggleStatus(s.status, { actor: attacker })));
      await w.idle();
      // End the turn: the tracker's button, or the API's.
      const combatantId =
        combat.combatants.contents.find((c) => c.actorId === attacker.id)?.id ?? "";
      answer(
        await fake.as(PLAYER.id, () =>
          by === "ui"
            ? requestTurnAction(combat, { kind: "endTurn", combatantId })
            : api().endTurn(attacker),
        ),
      );
      await w.idle();
      const fought = since(from);

      // A paid move, in a fight of its own (a move may be the turn's one action): a drag, or
      // the API's move to the same point.
      const mover = await fighters(s);
      const before = mark();
      const at = s.move.to;
      if (by === "ui") await w.drag(mover.token, at);
      else {
        const to = w.moves.at(at.col, at.row);
        answer(await fake.as(PLAYER.id, () => api().move(to, { actor: mover.attacker })));
      }
      await w.idle();
      const moved = since(before);
      const moverRoles = new Map(
        [...mover.roles].map(([id, role]) => [id, role.replace("<", "<mover:")]),
      );
      const allRoles = new Map([...roles, ...moverRoles]);
      return {
        writes: named([...fought.writes, ...moved.writes], allRoles) as unknown[],
        cards: named([...fought.cards, ...moved.cards], allRoles) as unknown[],
        hooks: named(heard.calls, allRoles) as HookCall[],
        answers: named(answers, allRoles) as unknown[],
      };
    } finally {
      heard.off();
      fake.setUser(GM.id);
    }
  };

  return { w, fake, api, run, fighters, weaponOf };
}

/** How many times each hook was heard. */
export function heardCount(hooks: readonly HookCall[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of hooks) counts[call.hook] = (counts[call.hook] ?? 0) + 1;
  return counts;
}

/** Where an actor out of any fight stands, and where it goes: a free move. */
async function freeMove(world: ParityWorld, spec: ParitySpec, by: "ui" | "api") {
  const { w, fake } = world;
  const heard = hookLog(fake, FRAY_HOOKS.moved);
  try {
    const [walker] = await w.actors([{ ...spec.attacker, ownership: { [PLAYER.id]: 3 } }]);
    if (walker === undefined) throw new Error("no walker");
    const token = w.moves.place(w.moves.scene("Meadow"), walker, { col: 0, row: 0 });
    const roles = new Map([
      [walker.id ?? "", "<walker>"],
      [token.id, "<token>"],
      [token.parent.id, "<scene>"],
    ]);
    const calls = fake.db.calls.length;
    const answer =
      by === "ui"
        ? await w.drag(token, { col: 2, row: 0 })
        : await fake.as(PLAYER.id, () =>
            world
              .api()
              .move(w.moves.at(2, 0), { actor: token as unknown as TokenDocument.Implementation }),
          );
    await w.idle();
    const writes = fake.db.calls.slice(calls).map(({ operation, documentName, data, userId }) => ({
      operation,
      documentName,
      data,
      userId,
    }));
    return {
      answer,
      writes: named(writes, roles),
      hooks: named(heard.calls, roles),
      at: [token.x, token.y],
    };
  } finally {
    heard.off();
  }
}

/**
 * The "Done when" tests of one ruleset: its turn played through the controls and through the
 * API compares equal (writes, cards, hooks), each hook is told once with its documented data, a
 * module stopping `fray.preAttack` stops the attack (nothing posted, nothing paid) from the
 * sheet and from the API, and a free move is told with no cost either way.
 */
export function describeParity(spec: ParitySpec, before: () => Promise<void> = async () => {}) {
  let booted: ParityWorld | undefined;
  const boot = async (): Promise<ParityWorld> => {
    if (booted !== undefined) return booted;
    booted = await parityWorld(spec);
    await before();
    return booted;
  };

  describe(`${spec.ruleset} through game.system.api and through the table's controls`, () => {
    it("a move, an attack and a status change: the same writes, cards and hooks", async () => {
      const world = await boot();
      const { fake } = world;
      const ui = await world.run(spec, "ui");
      const api = await world.run(spec, "api");
      // Something was done: the token moved, the foe was hurt, the card posted by the GM.
      expect(ui.writes).toContainEqual(
        expect.objectContaining({ documentName: "Token", operation: "update" }),
      );
      expect(ui.writes).toContainEqual(
        expect.objectContaining({
          documentName: "Actor",
          data: [expect.objectContaining({ _id: "<target>" })],
        }),
      );
      expect(ui.cards.length).toBeGreaterThan(0);
      expect(api.writes).toEqual(ui.writes);
      expect(api.cards).toEqual(ui.cards);
      expect(api.hooks).toEqual(ui.hooks);
      // Every answer of the API's was a yes.
      expect(api.answers.every((a) => (a as { ok?: unknown }).ok === true)).toBe(true);
      // Each hook told once for what it tells (each fight's start tells its phase and turn),
      // with the data docs/api.md documents.
      expect(heardCount(api.hooks)).toEqual({
        [FRAY_HOOKS.preAttack]: 1,
        [FRAY_HOOKS.attackResolved]: 1,
        [FRAY_HOOKS.preApplyDamage]: 1,
        [FRAY_HOOKS.damageApplied]: 1,
        [FRAY_HOOKS.statusChanged]: 1,
        [FRAY_HOOKS.moved]: 1,
        [FRAY_HOOKS.phaseChanged]: spec.phases ?? 2,
        [FRAY_HOOKS.turnStarted]: spec.turns ?? 2,
      });
      for (const call of api.hooks) {
        expect(Object.keys(call.data).sort(), call.hook).toEqual(
          [...(DOCUMENTED_KEYS[call.hook] ?? [])].sort(),
        );
      }
      const told = (hook: string) => api.hooks.find((call) => call.hook === hook);
      expect(told(FRAY_HOOKS.preAttack)).toMatchObject({
        client: PLAYER.id,
        data: { attackerId: "<attacker>", weaponId: "<weapon>", targetId: "<target>" },
      });
      expect(told(FRAY_HOOKS.damageApplied)).toMatchObject({
        client: GM.id,
        data: { actorId: "<target>", attackerId: "<attacker>", hit: true },
      });
      expect(told(FRAY_HOOKS.moved)).toMatchObject({
        client: GM.id,
        data: {
          actorId: "<mover:attacker>",
          tokenId: "<mover:token>",
          cost: { amount: expect.any(Number) as unknown },
          userId: PLAYER.id,
        },
      });
      expect(told(FRAY_HOOKS.statusChanged)).toMatchObject({
        data: { actorId: "<attacker>", statusId: spec.status, active: true },
      });
      expect(told(FRAY_HOOKS.turnStarted)).toMatchObject({
        client: GM.id,
        data: { combatId: "<combat>", combatantId: "<combatant>", actorId: "<attacker>" },
      });
      fake.setUser(GM.id);
    });

    it("a module's fray.preAttack returning false stops the attack: nothing posted, nothing paid", async () => {
      const world = await boot();
      const { fake } = world;
      for (const by of ["ui", "api"] as const) {
        const { attacker, target } = await world.fighters(spec);
        fake.setUser(PLAYER.id);
        world.w.table.target(target);
        const calls = fake.db.calls.length;
        const weapon = world.weaponOf(attacker);
        const stopped = await stoppedAttack(fake, PLAYER.id, () =>
          by === "ui"
            ? spec.sheetAttack(attacker, weapon, target)
            : world
                .api()
                .attack({ attacker, weaponId: weapon.id, target, choices: spec.choices ?? {} }),
        );
        await world.w.idle();
        expect(stopped.heard).toHaveLength(1);
        expect(stopped.sent, by).toBe(false);
        expect(fake.db.calls.slice(calls), by).toEqual([]);
        if (by === "api") {
          expect(stopped.outcome).toEqual({ ok: false, reason: "cancelledByModule" });
        }
      }
      fake.setUser(GM.id);
    });

    it("a free move (no fight) is told with no cost, the same by drag and by the API", async () => {
      const world = await boot();
      const ui = await freeMove(world, spec, "ui");
      const api = await freeMove(world, spec, "api");
      expect(ui.answer).toBe(true);
      expect(api.answer).toEqual({ ok: true });
      expect(api.writes).toEqual(ui.writes);
      expect(api.hooks).toEqual(ui.hooks);
      expect(api.at).toEqual(ui.at);
      expect(api.hooks).toMatchObject([
        {
          hook: FRAY_HOOKS.moved,
          client: GM.id,
          data: { actorId: "<walker>", tokenId: "<token>", cost: null, userId: PLAYER.id },
        },
      ]);
    });

    it("fray.ready is told once, with the ruleset", async () => {
      const world = await boot();
      const { fake } = world;
      const heard = hookLog(fake, FRAY_HOOKS.ready);
      try {
        await fake.as(GM.id, () => fake.hooks.callAsync("ready"));
        await vi.waitFor(() => {
          expect(heard.calls).toEqual([
            {
              hook: FRAY_HOOKS.ready,
              client: GM.id,
              data: { ruleset: spec.ruleset, version: expect.any(String) as unknown },
            },
          ]);
        });
      } finally {
        heard.off();
      }
    });
  });
}

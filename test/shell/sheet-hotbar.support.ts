/**
 * Every row and button of a rendered actor sheet on the hotbar (issue 26): what a user can drag
 * from the sheet as core and Fray make it draggable (sheet-dom.support.ts renders it), dropped on
 * the hotbar through core's `hotbarDrop` (test/fake-foundry/hotbar.ts), and what the click and the
 * macro each change, recorded alike so the two compare equal when the macro did what the click did.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { Macro } from "../fake-foundry/hotbar.ts";
import type { FakeTokenDocument } from "../fake-foundry/movement.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import { named } from "./parity.support.ts";
import { buttonKey, dragData, renderSheet } from "./sheet-dom.support.ts";
import type { RenderedSheet, StandInElement } from "./sheet-dom.support.ts";

/** How a button of the sheet reaches the hotbar. */
export type Reach =
  /** The button itself drags its action. */
  | { readonly by: "button"; readonly data: Record<string, unknown> }
  /** It is its row's own use (Attack, Cast): the row drags its item, core's drag data. */
  | { readonly by: "row"; readonly data: Record<string, unknown> }
  /** Neither. */
  | { readonly by: "none" };

/** The row (a `data-item-id` element) of the button, if any. */
export const rowOf = (button: StandInElement) => button.closest("[data-item-id]");

/**
 * The button's name for the tests: its data-action and the data telling it from its siblings,
 * and the name of its row's item (`@ Crossbow`).
 */
export function keyOf(actor: Actor.Implementation, button: StandInElement): string {
  const row = rowOf(button);
  const item = row === null ? null : actor.items.get(row.dataset["itemId"] ?? "");
  return `${buttonKey(button)}${item ? ` @ ${item.name}` : ""}`;
}

/**
 * How the button reaches the hotbar: dragged itself, or (for `rowUses`, its row's own use) by
 * dragging its row, which core's ActorSheetV2 drags when the row is `.draggable[data-item-id]`
 * (`Item#toDragData`).
 */
export function reachOf(
  actor: Actor.Implementation,
  button: StandInElement,
  rowUses: readonly string[],
): Reach {
  if (button.draggable) return { by: "button", data: dragData(button) };
  const row = rowOf(button);
  const item = row === null ? undefined : actor.items.get(row.dataset["itemId"] ?? "");
  const draggableRow = row?.matches(".draggable[data-item-id]") === true;
  if (draggableRow && item && rowUses.includes(button.attrs["data-action"] ?? "")) {
    return { by: "row", data: item.toDragData() as unknown as Record<string, unknown> };
  }
  return { by: "none" };
}

/** The user drops `data` on slot 1 of their hotbar (emptied first); the macro once it is there. */
export async function dropOnHotbar(
  fake: FakeFoundry,
  hotbar: ReturnType<typeof installHotbarFakes>,
  userId: string,
  data: Record<string, unknown>,
): Promise<Macro> {
  fake.setUser(userId);
  const user = fake.game.users.get(userId) as unknown as {
    assignHotbarMacro(macro: null, slot: number): Promise<unknown>;
  };
  await user.assignHotbarMacro(null, 1);
  await hotbar.drop(data, 1);
  return vi.waitFor(() => {
    const macro = hotbar.hotbarOf(userId)[1];
    if (macro === undefined) throw new Error("no macro yet");
    return macro;
  });
}

/** A document the record reads: its data as stored. */
interface Stored {
  readonly id: string | null;
  toObject(): unknown;
}

/**
 * What happened since `mark` (the messages, warnings and dialogs then), with the ids of the
 * run's documents named by role: every message posted (content and flags), every warning, every
 * dialog opened (its title and content), the documents as stored now, and `more` (where the
 * tokens stand).
 */
export function recordSince(
  fake: FakeFoundry,
  mark: ReturnType<typeof markNow>,
  documents: Readonly<Record<string, Stored>>,
  roles: ReadonlyMap<string, string>,
  more: Readonly<Record<string, unknown>> = {},
): unknown {
  const messages = fake.game.messages.contents.slice(mark.messages).map((m) => {
    const { content, flags, whisper } = m as unknown as Record<string, unknown>;
    return { content, flags, whisper };
  });
  const stored = Object.fromEntries(
    Object.entries(documents).map(([role, doc]) => {
      const { _stats: _s, ...data } = doc.toObject() as Record<string, unknown>;
      return [role, data];
    }),
  );
  return named(
    {
      messages,
      warnings: fake.notifications.slice(mark.warnings).map((n) => n.message),
      dialogs: fake.dialogs.asked.slice(mark.dialogs),
      stored,
      ...more,
    },
    roles,
  );
}

/** Where the record starts: the messages, warnings and dialogs so far. */
export const markNow = (fake: FakeFoundry) => ({
  messages: fake.game.messages.size,
  warnings: fake.notifications.length,
  dialogs: fake.dialogs.asked.length,
});

/** The buttons of these renders, one of each key (the first rendered). */
export function distinctButtons(
  renders: readonly { readonly actor: Actor.Implementation; readonly sheet: RenderedSheet }[],
): Map<string, { actor: Actor.Implementation; button: StandInElement }> {
  const found = new Map<string, { actor: Actor.Implementation; button: StandInElement }>();
  for (const { actor, sheet } of renders) {
    for (const button of sheet.buttons) {
      const key = keyOf(actor, button);
      if (!found.has(key)) found.set(key, { actor, button });
    }
  }
  return found;
}

/** Who presses, on whose sheet, from where (the ruleset's starts), targeting whom. */
export interface HotbarCase<S extends string> {
  /** The player's fighter's sheet (the player presses), or the foe's (the GM presses). */
  readonly sheet: "mine" | "foe";
  readonly start: S;
  readonly target?: "mine" | "foe";
  /** Where the foe stands (default: beside the player's fighter). */
  readonly foeAt?: { readonly col: number; readonly row: number };
}

/** A fight of a case: the player's fighter, the foe, their combat and tokens, ids by role. */
export interface CaseFight {
  readonly mine: Actor.Implementation;
  readonly foe: Actor.Implementation;
  readonly combat: Combat.Implementation;
  readonly tokens: readonly FakeTokenDocument[];
  readonly roles: ReadonlyMap<string, string>;
  /** The combatant id of the actor in this combat. */
  idOf(actor: Actor.Implementation): string;
}

/** One ruleset's sheet on the hotbar: its world, fighters, starts, and each button's case. */
export interface SheetHotbarSpec<S extends string> {
  readonly ruleset: string;
  readonly grid: { readonly distance: number; readonly units: string };
  readonly sheetClass: () => Promise<unknown>;
  /** The player's fighter (a player owns it) and its foe (the GM's). */
  readonly mine: Record<string, unknown>;
  readonly foe: Record<string, unknown>;
  /** Sets the started fight (the player's fighter taking its turn) where the case starts. */
  readonly start: (world: MoveWorld, fight: CaseFight, start: S) => Promise<void>;
  /** The starts whose sheets are read for their buttons (a button shows in some only). */
  readonly renders: readonly S[];
  /** The row's own use, dragged as the row's item (a weapon's Attack). */
  readonly rowUses: readonly string[];
  /** The sheet's housekeeping, no action of the table (data-action names). */
  readonly housekeeping: readonly string[];
  /** Each draggable button's case, by its key (keyOf). */
  readonly cases: Readonly<Record<string, HotbarCase<S>>>;
  /** Buttons tried again where the rules refuse them (out of turn, no target): refused alike. */
  readonly refused: readonly { readonly key: string; readonly case: HotbarCase<S> }[];
}

/**
 * The tests of one ruleset's sheet on the hotbar: every button with an action found on the
 * rendered sheets reaches the hotbar (or is the sheet's housekeeping), and has its case; each
 * drop makes a Fray macro; each macro, run for the selected token, records what the click records
 * in a fresh copy of the same fight on the same dice; with no token and no character, each says so
 * and changes nothing.
 */
export function describeSheetHotbar<S extends string>(spec: SheetHotbarSpec<S>): void {
  let w: MoveWorld;
  let hotbar: ReturnType<typeof installHotbarFakes>;
  let Sheet: unknown;

  beforeAll(async () => {
    w = await moveWorld(spec.ruleset, spec.grid);
    hotbar = installHotbarFakes(w.fake);
    Sheet = await spec.sheetClass();
  });

  beforeEach(() => {
    w.fake.notifications.length = 0;
  });

  async function fight(start: S, foeAt = { col: 1, row: 0 }): Promise<CaseFight> {
    const [mine, foe] = await w.actors([spec.mine, spec.foe]);
    if (mine === undefined || foe === undefined) throw new Error("no actors");
    const { combat, tokens } = await w.fight([mine, foe], [{ col: 0, row: 0 }, foeAt]);
    const roles = new Map<string, string>([
      [mine.id ?? "", "mine"],
      [foe.id ?? "", "foe"],
      [combat.id ?? "", "combat"],
      ...combat.combatants.contents.map((c): [string, string] => [c.id ?? "", `c:${c.name}`]),
      ...tokens.map((t, k): [string, string] => [t.id, `token${String(k)}`]),
      ...[...mine.items.contents, ...foe.items.contents].map((i): [string, string] => [
        i.id ?? "",
        `item:${i.name}`,
      ]),
    ]);
    const idOf = (actor: Actor.Implementation) =>
      combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
    const made: CaseFight = { mine, foe, combat, tokens, roles, idOf };
    await spec.start(w, made, start);
    // Nobody targets anything yet (each user has their own targets).
    for (const user of [PLAYER.id, GM.id]) {
      w.fake.setUser(user);
      w.table.target();
    }
    w.fake.notifications.length = 0;
    return made;
  }

  /**
   * The current user selects these tokens only (core Token#control, releasing the others); none:
   * releases every one.
   */
  function select(...tokens: readonly FakeTokenDocument[]): void {
    const placed = w.moves.canvas.tokens.placeables as unknown as {
      document: unknown;
      control(): boolean;
      release(): boolean;
    }[];
    for (const p of placed) p.release();
    for (const p of placed.filter((p) => tokens.includes(p.document as FakeTokenDocument))) {
      p.control();
    }
  }

  /** What changed in the fight since `mark`, where its tokens stand included. */
  function record(f: CaseFight, mark: ReturnType<typeof markNow>) {
    const documents = { mine: f.mine, foe: f.foe, combat: f.combat };
    const tokens = f.tokens.map((t) => ({ x: t.x, y: t.y }));
    return recordSince(w.fake, mark, documents, f.roles, { tokens });
  }

  /** The sheets its users meet: the player's of their fighter, the GM's of the foe. */
  async function everySheet() {
    const renders = [];
    for (const start of spec.renders) {
      const f = await fight(start);
      w.fake.setUser(PLAYER.id);
      renders.push({ actor: f.mine, sheet: await renderSheet(w.fake, Sheet, f.mine) });
      w.fake.setUser(GM.id);
      renders.push({ actor: f.foe, sheet: await renderSheet(w.fake, Sheet, f.foe) });
    }
    return distinctButtons(renders);
  }

  function reachData(actor: Actor.Implementation, button: StandInElement, key: string) {
    const reach = reachOf(actor, button, spec.rowUses);
    if (reach.by === "none") throw new Error(`${key} does not reach the hotbar`);
    return reach.data;
  }

  /** One run of a case: the button's click, or its macro for the selected token; what changed. */
  async function run(key: string, c: HotbarCase<S>, how: "click" | "macro") {
    const f = await fight(c.start, c.foeAt);
    const actor = c.sheet === "mine" ? f.mine : f.foe;
    const token = f.tokens[c.sheet === "mine" ? 0 : 1];
    const user = c.sheet === "mine" ? PLAYER.id : GM.id;
    w.fake.setUser(user);
    const sheet = await renderSheet(w.fake, Sheet, actor);
    const button = sheet.buttons.find((b) => keyOf(actor, b) === key);
    if (button === undefined) throw new Error(`no button ${key}`);
    const macro =
      how === "macro"
        ? await dropOnHotbar(w.fake, hotbar, user, reachData(actor, button, key))
        : null;
    w.fake.setUser(user);
    if (c.target !== undefined) w.table.target(c.target === "mine" ? f.mine : f.foe);
    const mark = markNow(w.fake);
    if (macro === null) await sheet.click(button);
    else {
      if (token !== undefined) select(token);
      await macro.execute();
      select();
    }
    await w.idle();
    w.table.target();
    return record(f, mark);
  }

  /** What a case's world records when nobody presses anything. */
  async function untouched(c: HotbarCase<S>) {
    const f = await fight(c.start, c.foeAt);
    return record(f, markNow(w.fake));
  }

  describe(`every button of the ${spec.ruleset} sheet reaches the hotbar`, () => {
    it("each is draggable, or its row's own use, or the sheet's housekeeping", async () => {
      const buttons = await everySheet();
      const stranded = [...buttons]
        .filter(([, { actor, button }]) => reachOf(actor, button, spec.rowUses).by === "none")
        .map(([key]) => key)
        .filter((key) => !spec.housekeeping.includes(key.split(" ")[0] ?? ""));
      expect(stranded).toEqual([]);
      // Every draggable button has its case (a new one must be given one too).
      const draggable = [...buttons]
        .filter(([, { actor, button }]) => reachOf(actor, button, spec.rowUses).by === "button")
        .map(([key]) => key);
      expect(draggable.sort()).toEqual(Object.keys(spec.cases).sort());
    });

    it("each drop makes a Fray macro: the action (and its row's item) for the selected token", async () => {
      const buttons = await everySheet();
      for (const [key, { actor, button }] of buttons) {
        const reach = reachOf(actor, button, spec.rowUses);
        if (reach.by === "none") continue;
        const macro = await dropOnHotbar(w.fake, hotbar, GM.id, reach.data);
        const item = actor.items.get(rowOf(button)?.dataset["itemId"] ?? "");
        if (reach.by === "row") {
          expect(macro.command, key).toBe(
            `return game.system.api.useItem(${JSON.stringify(item?.name)});`,
          );
        } else if (item !== undefined) {
          expect(macro.command, key).toMatch(/^return game\.system\.api\.act\("\w+", \{ item: "/);
          expect(macro.command, key).toContain(JSON.stringify(item.name));
          expect(macro.name, key).toContain(item.name);
        } else {
          expect(macro.command, key).toMatch(/^return game\.system\.api\.act\("[\w.]+"\);$/);
        }
      }
    });
  });

  describe(`a ${spec.ruleset} macro does what its button does`, () => {
    for (const [key, c] of Object.entries(spec.cases)) {
      it(`${key}: the same cards, warnings, dialogs and writes as the click`, async () => {
        const clicked = await run(key, c, "click");
        const ran = await run(key, c, "macro");
        expect(ran).toEqual(clicked);
        // Something happened: a card, a warning, a dialog or a write (else this proves nothing).
        expect(clicked).not.toEqual(await untouched(c));
      });
    }

    for (const { key, case: c } of spec.refused) {
      const aim = c.target === undefined ? "no target" : `at ${c.target}`;
      it(`${key} from ${c.start}, ${aim}: refused as the click is`, async () => {
        const clicked = await run(key, c, "click");
        const ran = await run(key, c, "macro");
        expect(ran).toEqual(clicked);
        expect((clicked as { warnings: string[] }).warnings).not.toEqual([]);
      });
    }
  });

  describe(`a ${spec.ruleset} macro for the wrong actor`, () => {
    it("an item row's macro for an actor without that item says so and changes nothing", async () => {
      const buttons = await everySheet();
      for (const [key, { actor, button }] of buttons) {
        const reach = reachOf(actor, button, spec.rowUses);
        if (reach.by !== "button" || rowOf(button) === null) continue;
        const macro = await dropOnHotbar(w.fake, hotbar, GM.id, reach.data);
        const f = await fight(spec.renders[0] ?? (Object.values(spec.cases)[0]?.start as S));
        // The other fighter, who has no item of that name.
        const other = actor.type === f.mine.type ? f.foe : f.mine;
        const item = actor.items.get(rowOf(button)?.dataset["itemId"] ?? "")?.name ?? "";
        w.fake.setUser(GM.id);
        select(...f.tokens.filter((t) => t.actorId === other.id));
        const mark = markNow(w.fake);
        const outcome = await macro.execute();
        await w.idle();
        select();
        expect(outcome, key).toMatchObject({ ok: false, reason: "noSuchItem" });
        const after = record(f, mark) as { warnings: string[] };
        expect(after.warnings, key).toEqual([`${other.name} has no item named ${item}.`]);
        expect(after, key).toEqual({
          ...(record(f, markNow(w.fake)) as object),
          warnings: after.warnings,
        });
      }
    });

    it("a player's console asking an action for the GM's fighter is refused: nothing of it changes", async () => {
      const api = (
        game.system as unknown as { api: { act(id: string, o: object): Promise<unknown> } }
      ).api;
      const buttons = await everySheet();
      for (const [key, { actor, button }] of buttons) {
        if (actor.type !== (spec.mine["type"] as string) || !button.draggable) continue;
        const { action, uuid } = dragData(button) as { action: string; uuid?: string };
        const c = spec.cases[key];
        if (c === undefined) continue;
        const f = await fight(c.start, c.foeAt);
        const item =
          uuid === undefined ? undefined : actor.items.find((i) => i.uuid === uuid)?.name;
        w.fake.setUser(PLAYER.id);
        if (c.target !== undefined) w.table.target(c.target === "mine" ? f.foe : f.mine);
        const before = record(f, markNow(w.fake)) as { stored: unknown };
        const mark = markNow(w.fake);
        await api.act(action, { actor: f.foe, ...(item === undefined ? {} : { item }) });
        await w.idle();
        w.table.target();
        const after = record(f, mark) as { stored: unknown; messages: unknown[] };
        // Nothing stored changed: the fighter, the foe, the fight's record.
        expect(after.stored, key).toEqual(before.stored);
        expect(after.messages, key).toEqual([]);
      }
    });
  });

  describe(`a ${spec.ruleset} macro with no actor`, () => {
    it("says to select a token or be given a character, and changes nothing", async () => {
      const buttons = await everySheet();
      for (const [key, { actor, button }] of buttons) {
        const reach = reachOf(actor, button, spec.rowUses);
        if (reach.by === "none") continue;
        const macro = await dropOnHotbar(w.fake, hotbar, PLAYER.id, reach.data);
        const writes = w.fake.db.calls.length;
        const mark = markNow(w.fake);
        select();
        const outcome = await macro.execute();
        await w.idle();
        expect(outcome, key).toEqual({ ok: false, reason: "noActor" });
        expect(
          w.fake.notifications.slice(mark.warnings).map((n) => n.message),
          key,
        ).toEqual(["Select your token, or have your GM assign you a character."]);
        expect(w.fake.db.calls.length, key).toBe(writes);
        expect(w.fake.game.messages.size, key).toBe(mark.messages);
      }
    });
  });
}

/**
 * A scene for Worldlines shell tests: the referee lets an actor attack, treat or throw at only an
 * actor in its running combat or with a token on its scene, and measures range and flanking from
 * the scene. `worldlinesBoard(fake)` puts each actor it is given on one scene of a 5 ft grid, on a
 * 3 × 3 grid of spots three spaces apart: any two are at most 30 ft apart (short range) and never
 * next to each other (nobody is flanked).
 */
import { GM } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { boardOf } from "../fake-foundry/tokens.ts";

export function worldlinesBoard(fake: FakeFoundry) {
  const board = boardOf(fake);
  let next = 0;
  return {
    board,
    /** Puts the actor's token on the next spot (the tenth goes back to the first). */
    place<T extends { id: string | null }>(actor: T): T {
      const spot = next++ % 9;
      board.place(actor, { col: (spot % 3) * 3, row: Math.floor(spot / 3) * 3 });
      return actor;
    },
  };
}

interface ButtonStandIn {
  readonly dataset: Record<string, string>;
  disabled: boolean;
  removed: boolean;
  remove(): void;
  addEventListener(): void;
  getAttribute(name: string): string | null;
}

/**
 * The buttons `userId` sees on a card as it renders on their client (`renderChatMessageHTML`: the
 * card protocol's wiring, then the strategy's): a stand-in for the card's HTMLElement holding the
 * buttons of its content, and the names of those left: a step's name, or `recover:<status>`.
 */
export function shownButtons(
  fake: { as<T>(id: string, fn: () => T): T; hooks: { callAll(...args: unknown[]): unknown } },
  message: { content?: string },
  userId: string,
): string[] {
  const content = message.content ?? "";
  const buttons = [...content.matchAll(/<button\b([^>]*)>/g)].map((match): ButtonStandIn => {
    const attrs = Object.fromEntries(
      [...(match[1] ?? "").matchAll(/data-fray-([a-z-]+)="([^"]*)"/g)].map((a) => [
        `data-fray-${a[1] ?? ""}`,
        a[2] ?? "",
      ]),
    );
    const camel = (name: string) =>
      name.replace(/^data-/, "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    return {
      dataset: Object.fromEntries(Object.entries(attrs).map(([k, v]) => [camel(k), v])),
      disabled: false,
      removed: false,
      remove() {
        this.removed = true;
      },
      addEventListener() {},
      getAttribute: (name: string) => attrs[name] ?? null,
    };
  });
  const live = () => buttons.filter((b) => !b.removed);
  const html = {
    dataset: {},
    hidden: false,
    classList: { add() {} },
    querySelectorAll(selector: string) {
      if (selector === "button[data-fray-step]") return live().filter((b) => b.dataset["frayStep"]);
      if (selector === "button[data-fray-action=recover]") {
        return live().filter((b) => b.dataset["frayAction"] === "recover");
      }
      if (selector === "button[data-fray-action]")
        return live().filter((b) => b.dataset["frayAction"]);
      return [];
    },
  };
  fake.as(userId, () => fake.hooks.callAll("renderChatMessageHTML", message, html, {}));
  return live().map((b) => b.dataset["frayStep"] ?? `recover:${b.dataset["frayStatus"] ?? ""}`);
}

/**
 * A started combat of these actors in which `active` takes its turn (the GM plays the phases
 * until its team acts, then starts its turn). `momentum` queues each member's momentum die, in
 * the order given (no ties).
 */
export async function combatOnTurn(
  fake: { CONFIG: Record<string, { documentClass?: unknown } | undefined> },
  actors: readonly Actor.Implementation[],
  active: Actor.Implementation,
  momentum: (faces: [number, number][]) => void,
): Promise<Combat.Implementation> {
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  const Combat = fake.CONFIG["Combat"]?.documentClass as typeof foundry.documents.Combat;
  const combat = (await Combat.create({})) as unknown as Combat.Implementation & {
    startCombat(): Promise<unknown>;
    endPhase(): Promise<unknown>;
    activateCombatant(id: string): Promise<unknown>;
  };
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((a) => ({ actorId: a.id })),
  );
  await whenIdle();
  momentum(actors.map((a, i): [number, number] => [toDie(a), actors.length - i]));
  await combat.startCombat();
  await whenIdle();
  const combatant = combat.combatants.contents.find((c) => c.actorId === active.id);
  if (combatant === undefined) throw new Error(`${active.name} is not in the combat`);
  const phaseTeam = () => {
    const turn = state.turnStateOf(combat);
    const phase = turn.plan[turn.phaseIndex];
    return phase?.kind === "team" ? phase.teamId : null;
  };
  for (let i = 0; i < 6 && phaseTeam() !== state.teamIdOf(combatant); i++) {
    await combat.endPhase();
    await whenIdle();
  }
  await combat.activateCombatant(combatant.id ?? "");
  await whenIdle();
  return combat;
}

/** The actor's Combat die (its momentum die). */
function toDie(actor: Actor.Implementation): number {
  return (actor.system as unknown as { traits: { combat: number } }).traits.combat;
}

/**
 * The Worldlines actions a user starts from the sheet (or a macro), by name: the attack, the table
 * actions and the turn runners, from the modules that hold them. Import after Fray's init.
 */
export async function worldlinesActions() {
  const [declare, combat, care, gear, posture, self, techniques, draw] = await Promise.all([
    import("../../src/foundry/rulesets/worldlines/attack/declare.ts"),
    import("../../src/foundry/rulesets/worldlines/combat.ts"),
    import("../../src/foundry/rulesets/worldlines/table/care.ts"),
    import("../../src/foundry/rulesets/worldlines/table/gear.ts"),
    import("../../src/foundry/rulesets/worldlines/table/posture.ts"),
    import("../../src/foundry/rulesets/worldlines/table/self.ts"),
    import("../../src/foundry/rulesets/worldlines/table/techniques.ts"),
    import("../../src/foundry/rulesets/worldlines/table/draw.ts"),
  ]);
  return {
    attack: declare.attack,
    techniqueShaper: declare.techniqueShaper,
    runTurnStart: combat.runTurnStart,
    runTurnEnd: combat.runTurnEnd,
    firstAid: care.firstAid,
    antidote: care.antidote,
    build: gear.build,
    throwGrenade: gear.throwGrenade,
    defensivePosture: posture.defensivePosture,
    reload: self.reload,
    changeStance: self.changeStance,
    drawWeapon: draw.drawWeapon,
    recoveryCheck: self.recoveryCheck,
    useTechnique: techniques.useTechnique,
  };
}

export type WorldlinesActions = Awaited<ReturnType<typeof worldlinesActions>>;

/** An actor the GM creates from `data`, as the Actors sidebar would. */
export async function gmCreatesActor(
  fake: FakeFoundry,
  data: Record<string, unknown>,
): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () => Actor?.create(data));
  if (!created) throw new Error("actor not created");
  return created as unknown as Actor.Implementation;
}

/** The actor's item of that name. */
export function itemOf(actor: Actor.Implementation, name: string): Item.Implementation {
  const items = (actor as unknown as { items: { contents: ClientDocument[] } }).items.contents;
  return items.find((i) => i.name === name) as unknown as Item.Implementation;
}

type SheetHandler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/**
 * `userId` clicks a button of the actor's Worldlines sheet: the handler its `data-action` names,
 * run as ApplicationV2 runs it, on a button with `dataset` in the row of item `itemId` (if any).
 */
export async function clickSheet(
  fake: FakeFoundry,
  userId: string,
  actor: Actor.Implementation,
  action: string,
  { dataset = {}, itemId }: { dataset?: Record<string, string>; itemId?: string } = {},
): Promise<void> {
  const sheets = await import("../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts");
  const Sheet = sheets.WorldlinesActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, SheetHandler> };
  };
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no action ${action}`);
  const target = {
    dataset,
    closest: () => (itemId === undefined ? null : { dataset: { itemId } }),
  };
  await fake.as(userId, () => handler.call(new Sheet({ document: actor }), {}, target));
}

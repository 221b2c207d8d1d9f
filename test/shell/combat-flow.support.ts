/**
 * For the fight's-flow tests: a world of one ruleset with a GM and a player (`flowWorld`, reset
 * before each test to the GM, a public roll mode and no warnings), the tracker as a user presses
 * it (a sidebar tracker of the world's class, its rendered context, what the template shows, and
 * its buttons, each running the handler its `data-action` names, as ApplicationV2 does), and a
 * chat card as a client renders it.
 */
import { beforeAll, beforeEach } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { CombatTracker as FakeTracker } from "../fake-foundry/applications.ts";
import type { MemberRow, TeamBlock, TrackerContext } from "../../src/foundry/combat/tracker.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";
import { phaseTeamOf } from "./team-combat.support.ts";

export interface FlowWorld {
  readonly fake: FakeFoundry;
  readonly whenIdle: () => Promise<void>;
  readonly state: (combat: Combat.Implementation) => TurnState;
  /** The team whose phase is being played, or null. */
  readonly phaseTeam: (combat: Combat.Implementation) => string | null;
  readonly teamId: (combat: Combat.Implementation, name: string) => string;
  /** The members of the team of that name. */
  readonly membersOf: (combat: Combat.Implementation, name: string) => Combatant.Implementation[];
  /** The chat messages of this combat flagged `flags.fray.<flag>` (sideDown, orderRolls). */
  readonly cardsOf: (combat: Combat.Implementation, flag: string) => CardView[];
}

/** What the tests read of a chat message. */
export interface CardView {
  readonly id: string;
  readonly content: string;
  readonly whisper: string[];
  readonly blind: boolean;
  readonly rolls: { total: number }[];
  readonly author: { isGM: boolean } | null;
}

/** Sets up the world for the test file (call at its top level). */
export function flowWorld(ruleset: string): FlowWorld {
  const world: { fake?: FakeFoundry; whenIdle?: () => Promise<void> } = {};
  let turnStateOf: (combat: Combat.Implementation) => TurnState = () => {
    throw new Error("no world yet");
  };
  beforeAll(async () => {
    world.fake = installFakeFoundry({ users: [GM, PLAYER], settings: { "fray.ruleset": ruleset } });
    await import("../../src/fray.ts");
    await world.fake.hooks.callAsync("init");
    world.whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
    turnStateOf = (await import("../../src/foundry/combat/state.ts")).turnStateOf;
  });
  beforeEach(async () => {
    const fake = flow.fake;
    fake.setUser(GM.id);
    await fake.game.settings.set("core", "rollMode", "publicroll");
    fake.notifications.length = 0;
    fake.dialogs.answer = true;
  });
  const teamId = (combat: Combat.Implementation, name: string) =>
    combat.groups.getName(name)?.id ?? "";
  const flow: FlowWorld = {
    get fake() {
      if (world.fake === undefined) throw new Error("no world yet");
      return world.fake;
    },
    whenIdle: () => world.whenIdle?.() ?? Promise.resolve(),
    state: (combat) => turnStateOf(combat),
    phaseTeam: (combat) => phaseTeamOf(turnStateOf(combat)),
    teamId,
    membersOf: (combat, name) =>
      combat.combatants.contents.filter(
        (c) => (c as unknown as { group: string }).group === teamId(combat, name),
      ),
    cardsOf: (combat, flag) =>
      flow.fake.game.messages.contents.filter(
        (m) =>
          (m.flags as { fray?: Record<string, { combatId?: string } | undefined> }).fray?.[flag]
            ?.combatId === combat.id,
      ) as unknown as CardView[],
  };
  return flow;
}

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

export interface TrackerDriver {
  /** Renders the tracker for the logged-in user and returns what its template shows. */
  render(): Promise<TrackerContext>;
  /** Presses a button of a rendered team block or member row (its dataset as rendered). */
  press(
    action: string,
    where: { block?: TeamBlock; member?: MemberRow; dataset?: Record<string, string> },
  ): Promise<void>;
}

export function trackerDriver(fake: FakeFoundry): TrackerDriver {
  const Tracker = (fake.CONFIG as unknown as { ui: { combat: new () => FakeTracker } }).ui.combat;
  const tracker = new Tracker();
  (globalThis as unknown as { ui: { combat: unknown } }).ui.combat = tracker;
  const actions = (Tracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
    .DEFAULT_OPTIONS.actions;
  return {
    async render() {
      await tracker.render();
      return tracker.partContexts["tracker"]?.["fray"] as TrackerContext;
    },
    async press(action, { block, member, dataset = {} }) {
      const handler = actions[action];
      if (handler === undefined) throw new Error(`no tracker action ${action}`);
      const target = {
        dataset,
        closest: (selector: string) => {
          if (selector.includes("combatant")) {
            return member === undefined ? null : { dataset: { combatantId: member.id } };
          }
          if (selector.includes("team")) {
            return block === undefined ? null : { dataset: { teamId: block.id } };
          }
          return null;
        },
      };
      await handler.call(tracker, {}, target);
    },
  };
}

/** A chat message as a client renders it: its buttons, each clicked as a user would. */
export interface RenderedCard {
  readonly html: HTMLElement;
  /** The buttons matching `selector` still in the card. */
  buttons(selector: string): { click(): void }[];
}

/**
 * Renders `message` on the logged-in user's client: runs core's `renderChatMessageHTML` hook on an
 * element holding the message's buttons (the fake has no DOM: the element offers what the wiring
 * reads, `querySelectorAll` for a button selector, and buttons that can be removed and clicked).
 */
export function renderCard(
  fake: FakeFoundry,
  message: unknown,
  selectors: readonly string[],
): RenderedCard {
  const made = new Map<string, FakeButton[]>();
  for (const selector of selectors) made.set(selector, [new FakeButton()]);
  const html = {
    dataset: {},
    classList: { add: () => undefined },
    hidden: false,
    querySelectorAll: (selector: string) => (made.get(selector) ?? []).filter((b) => !b.removed),
    querySelector: () => null,
  } as unknown as HTMLElement;
  fake.hooks.callAll("renderChatMessageHTML", message, html, {});
  return {
    html,
    buttons: (selector) => (made.get(selector) ?? []).filter((b) => !b.removed),
  };
}

class FakeButton {
  removed = false;
  disabled = false;
  dataset: Record<string, string> = {};
  readonly #listeners: ((event: { preventDefault(): void }) => void)[] = [];
  remove(): void {
    this.removed = true;
  }
  addEventListener(_type: string, listener: (event: { preventDefault(): void }) => void): void {
    this.#listeners.push(listener);
  }
  click(): void {
    for (const listener of this.#listeners) listener({ preventDefault: () => undefined });
  }
}

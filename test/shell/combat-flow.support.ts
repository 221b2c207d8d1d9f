/**
 * The tracker as a user presses it, for the fight's-flow tests: a sidebar tracker of the world's
 * class, its rendered context (what the template shows) and its buttons, each running the handler
 * its `data-action` names, as ApplicationV2 does.
 */
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { CombatTracker as FakeTracker } from "../fake-foundry/applications.ts";
import type { MemberRow, TeamBlock, TrackerContext } from "../../src/foundry/combat/tracker.ts";

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

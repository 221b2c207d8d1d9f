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

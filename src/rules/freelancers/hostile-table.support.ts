/**
 * Freelancers against hostile input, the table's entry points added in issue 28 (Hide and Search,
 * the world's counter rules): cases of the same property, run by hostile.property.test.ts with its
 * own and counted among every function index.ts exports.
 */
import { hostile, valueOf } from "../core/hostile.support.ts";
import type { HostileCase } from "../core/hostile.support.ts";
import { seededRandom } from "../core/random.ts";
import * as fl from "./index.ts";

const ace = fl.makeFreelancer({
  id: "ace",
  attributes: { agility: 8, intellect: 5 },
  skills: { stealth: 3, investigation: 2 },
});
const FL = fl.DEFAULT_FREELANCERS_OPTIONS;

function kase<T>(c: HostileCase<T>): () => void {
  return () => {
    hostile(c);
  };
}

export const TABLE_CASES: Record<string, () => void> = {
  stealthAction: kase({
    valid: { actor: ace, options: FL },
    call: (i) => fl.stealthAction(i.actor, "hide", seededRandom("hostile"), i.options),
    states: (a) => {
      const v = valueOf(a) as fl.StealthOutcome | undefined;
      return v === undefined ? [] : [fl.checkActions(v.actions)];
    },
  }),
  aidAlly: kase({
    valid: { helper: ace, options: FL },
    call: (i) => fl.aidAlly(i.helper, { id: "ally" }, i.options),
    states: (a) => {
      const v = valueOf(a) as { actions: fl.ActionState } | undefined;
      return v === undefined ? [] : [fl.checkActions(v.actions)];
    },
  }),
  parseCounterRules: kase({
    valid: { text: "stress=0, burning=all" },
    call: (i) => fl.parseCounterRules(i.text),
    states: (a) => {
      const v = valueOf(a) as Record<string, fl.CounterRule> | undefined;
      return v === undefined ? [] : [fl.checkOptions(fl.withFreelancersOptions({ counters: v }))];
    },
  }),
};

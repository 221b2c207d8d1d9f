/**
 * Health set by hand (the sheet's field, a token bar) and the life state that goes with it: the
 * actor's model calls this from its `_preUpdate` (core runs a system model's `_preUpdate` on the
 * client that makes the change, before the `preUpdateActor` hook), so healing a Dying or Stable
 * actor above 0 makes it active with its failed death checks cleared, and setting an active
 * actor's health to 0 makes it Dying (rules: lifeAtHealth). A change that sets the life state
 * itself (the GM's select) is left as it was.
 */
import { lifeAtHealth } from "../../../rules/freelancers/health.ts";
import type { FreelancersLife } from "../../../rules/freelancers/model.ts";

type Changes = Record<string, unknown>;

const isRecord = (value: unknown): value is Changes =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a dotted path of a change, which may be nested, flat, or a mix of both. */
function readPath(changes: Changes, path: readonly string[]): unknown {
  let node: unknown = changes;
  for (let i = 0; i < path.length; i++) {
    if (!isRecord(node)) return undefined;
    const rest = path.slice(i).join(".");
    if (rest in node) return node[rest];
    node = node[path[i] ?? ""];
  }
  return node;
}

/**
 * Adds the life state a hand-set health brings to `changes` (in place, as core's `_preUpdate`
 * hooks do), in the change's own shape: nested under `system`, or as flat keys.
 */
export function reviveOnHealthChange(
  current: { readonly life: FreelancersLife; readonly deathFailures: number },
  changes: Changes,
): void {
  const value = readPath(changes, ["system", "health", "value"]);
  if (typeof value !== "number") return;
  if (readPath(changes, ["system", "life"]) !== undefined) return;
  const next = lifeAtHealth(current, value);
  if (next === null) return;
  const system = changes["system"];
  if (isRecord(system)) {
    system["life"] = next.life;
    system["deathFailures"] = next.deathFailures;
  } else {
    changes["system.life"] = next.life;
    changes["system.deathFailures"] = next.deathFailures;
  }
}

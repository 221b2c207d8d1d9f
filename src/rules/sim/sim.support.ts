/**
 * What the simulator's rules tests share: a request's report (a refusal fails the test), and the
 * determinism every adapter must keep — the same seed gives the same report, in one run or in
 * chunks (as the worker plays it), and states N and the seed; another seed gives another one.
 */
import { expect } from "vitest";
import { createSimulation, simulate } from "./simulate.ts";
import type { SimReport, SimRequest } from "./simulate.ts";

export function report(request: SimRequest): SimReport {
  const result = simulate(request);
  if (!result.ok) throw new Error(`refused: ${result.reason} ${JSON.stringify(result.detail)}`);
  return result.value;
}

export function expectSeedReproduces(
  make: (fights: number, seed: string) => SimRequest,
  fights: number,
): void {
  const request = make(fights, "again");
  const once = report(request);
  expect(report(request)).toEqual(once);
  expect(once).toMatchObject({ ruleset: request.ruleset, fights, seed: "again" });
  const chunked = createSimulation(request);
  if (!chunked.ok) throw new Error(chunked.reason);
  while (chunked.value.done < chunked.value.total) chunked.value.run(7);
  expect(chunked.value.report()).toEqual(once);
  expect(report(make(fights, "other"))).not.toEqual(once);
}

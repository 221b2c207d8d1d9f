import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activate,
  reconcile,
  currentPhase,
  endPhase,
  endTurn,
  isAble,
  nextRound,
  phaseIsPending,
  startCombat,
  undo,
} from "./machine.ts";
import type { TurnContext } from "./machine.ts";
import type { Phase, RosterMember, TurnResult, TurnState } from "./types.ts";

const TEAMS = ["a", "b", "c"] as const;

/** True about once in `n` draws. */
const oneIn = (n: number) => fc.integer({ min: 1, max: n }).map((k) => k === 1);

const rosterArb = fc
  .array(
    fc.record({
      teamId: fc.constantFrom(...TEAMS),
      defeated: oneIn(4),
      hidden: oneIn(5),
      // Out by its ruleset's rules (dying, dead …), beside core's defeat.
      outOfFight: oneIn(5).map((out) => (out ? "dying" : null)),
    }),
    { minLength: 1, maxLength: 7 },
  )
  .map((members): RosterMember[] => members.map((m, i) => ({ id: `c${i}`, ...m })));

const planArb = fc
  .shuffledSubarray([...TEAMS], { minLength: 1 })
  .map((teams): Phase[] => [
    ...teams.map((teamId): Phase => ({ kind: "team", teamId })),
    { kind: "event", event: "energyRefresh" },
    { kind: "event", event: "statusResolution" },
  ]);

const contextArb = fc
  .record({ roster: rosterArb, plan: planArb, individual: fc.boolean(), keepOut: oneIn(3) })
  .map(({ roster, plan, individual, keepOut }): TurnContext => {
    const phases: Phase[] = individual
      ? roster.map((m): Phase => ({ kind: "combatant", combatantId: m.id }))
      : plan;
    return { roster, planFor: () => phases, options: { keepOut } };
  });

/** Whether the world of this context keeps out members in the order. */
const keepOutOf = (ctx: TurnContext) => ctx.options?.keepOut ?? false;

type Step = {
  kind: "activate" | "endTurn" | "endPhase" | "nextRound" | "undo";
  pick: number;
  gm: boolean;
};
const stepsArb = fc.array(
  fc.record({
    kind: fc.constantFrom("activate", "endTurn", "endPhase", "nextRound", "undo"),
    pick: fc.nat(),
    gm: fc.boolean(),
  }),
  { maxLength: 40 },
);

function apply(state: TurnState, ctx: TurnContext, step: Step): TurnState {
  const target = ctx.roster[step.pick % ctx.roster.length]?.id ?? "";
  const by = step.gm ? "gm" : "owner";
  let result: TurnResult;
  switch (step.kind) {
    case "activate":
      result = activate(state, ctx, target, by);
      break;
    case "endTurn":
      result = endTurn(state, ctx, target, by);
      break;
    case "endPhase":
      result = endPhase(state, ctx, by);
      break;
    case "nextRound":
      result = nextRound(state, ctx, by);
      break;
    case "undo":
      result = undo(state, ctx, by);
      break;
  }
  return result.ok ? result.state : state;
}

function started(ctx: TurnContext): TurnState {
  const result = startCombat(ctx);
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

describe("turn machine properties", () => {
  it("never stops on a phase nobody can play, nor on a team without an able member", () => {
    fc.assert(
      fc.property(contextArb, stepsArb, (ctx, steps) => {
        let state = started(ctx);
        for (const step of steps) {
          state = apply(state, ctx, step);
          const phase = currentPhase(state);
          if (phase === null) {
            const anyone = state.plan.some((p) =>
              phaseIsPending(p, ctx.roster, state.acted, null, keepOutOf(ctx)),
            );
            expect(anyone).toBe(false);
            continue;
          }
          expect(phase.kind).not.toBe("event");
          expect(phaseIsPending(phase, ctx.roster, state.acted, state.active, keepOutOf(ctx))).toBe(
            true,
          );
          if (phase.kind === "team") {
            expect(
              ctx.roster.some((m) => m.teamId === phase.teamId && isAble(m, keepOutOf(ctx))),
            ).toBe(true);
          }
        }
      }),
    );
  });

  it("ending a phase then undoing it gives back exactly the same state", () => {
    fc.assert(
      fc.property(contextArb, stepsArb, (ctx, steps) => {
        const state = steps.reduce((s, step) => apply(s, ctx, step), started(ctx));
        const next = endPhase(state, ctx, "gm");
        if (!next.ok) return;
        const back = undo(next.state, ctx, "gm");
        expect(back.ok && back.state).toEqual(state);
      }),
    );
  });

  it("gives every able combatant exactly one turn a round, whatever order the team picks", () => {
    fc.assert(
      fc.property(
        contextArb,
        fc.array(fc.nat(), { minLength: 20, maxLength: 20 }),
        (ctx, picks) => {
          let state = started(ctx);
          const turns = new Map<string, number>();
          for (let i = 0; state.round === 1 && currentPhase(state) !== null; i += 1) {
            expect(i).toBeLessThan(50);
            const phase = currentPhase(state);
            const waiting = ctx.roster.filter(
              (m) =>
                isAble(m, keepOutOf(ctx)) &&
                !state.acted.includes(m.id) &&
                (phase?.kind === "team" ? m.teamId === phase.teamId : m.id === state.active),
            );
            const chosen = waiting[(picks[i % picks.length] ?? 0) % waiting.length];
            if (chosen === undefined) throw new Error("a pending phase with nobody waiting");
            if (state.active !== chosen.id) {
              const on = activate(state, ctx, chosen.id, "owner");
              if (!on.ok) throw new Error(on.reason);
              state = on.state;
            }
            const off = endTurn(state, ctx, chosen.id, "owner");
            if (!off.ok) throw new Error(off.reason);
            state = off.state;
            turns.set(chosen.id, (turns.get(chosen.id) ?? 0) + 1);
          }
          const inPlan = (m: RosterMember) =>
            ctx
              .planFor(1)
              .some((p) =>
                p.kind === "team"
                  ? p.teamId === m.teamId
                  : p.kind === "combatant" && p.combatantId === m.id,
              );
          for (const m of ctx.roster) {
            expect(turns.get(m.id) ?? 0).toBe(isAble(m, keepOutOf(ctx)) && inPlan(m) ? 1 : 0);
          }
        },
      ),
    );
  });
});

describe("turn machine properties under roster changes", () => {
  const changesArb = fc.array(
    fc.record({
      kind: fc.constantFrom(
        "defeat",
        "fallOut",
        "recover",
        "hide",
        "reveal",
        "remove",
        "join",
        "endTurn",
      ),
      pick: fc.nat(),
    }),
    { maxLength: 30 },
  );

  it("stays on a phase somebody can play, and keeps acted marks only for those still here", () => {
    fc.assert(
      fc.property(
        rosterArb,
        planArb,
        fc.boolean(),
        changesArb,
        (first, teamPlan, individual, changes) => {
          let roster = first;
          let joined = 0;
          const ctxOf = (members: RosterMember[]): TurnContext => ({
            roster: members,
            planFor: () =>
              individual
                ? members.map((m): Phase => ({ kind: "combatant", combatantId: m.id }))
                : teamPlan,
          });
          let state = started(ctxOf(roster));
          for (const change of changes) {
            const target = roster[change.pick % Math.max(1, roster.length)];
            if (change.kind === "endTurn") {
              if (target === undefined) continue;
              const r = endTurn(state, ctxOf(roster), target.id, "gm");
              if (r.ok) state = r.state;
              continue;
            }
            if (change.kind === "join") {
              joined += 1;
              const teamId = TEAMS[change.pick % TEAMS.length] ?? "a";
              roster = [...roster, { id: `j${joined}`, teamId, defeated: false, hidden: false }];
            } else if (target !== undefined) {
              roster =
                change.kind === "remove"
                  ? roster.filter((m) => m.id !== target.id)
                  : roster.map((m) =>
                      m.id !== target.id
                        ? m
                        : change.kind === "defeat"
                          ? { ...m, defeated: true }
                          : change.kind === "fallOut" || change.kind === "recover"
                            ? { ...m, outOfFight: change.kind === "fallOut" ? "dead" : null }
                            : { ...m, hidden: change.kind === "hide" },
                    );
            }
            const ctx = ctxOf(roster);
            const result = reconcile(state, ctx);
            if (!result.ok) throw new Error(result.reason);
            state = result.state;
            const ids = roster.map((m) => m.id);
            expect(state.acted.every((id) => ids.includes(id))).toBe(true);
            if (state.active !== null) expect(ids).toContain(state.active);
            const phase = currentPhase(state);
            if (phase === null) continue;
            expect(phaseIsPending(phase, roster, state.acted, state.active)).toBe(true);
          }
        },
      ),
    );
  });
});

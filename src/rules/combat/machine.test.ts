import { describe, expect, it } from "vitest";
import {
  NOT_STARTED,
  activate,
  addCombatant,
  currentPhase,
  endPhase,
  endTurn,
  nextRound,
  phaseRef,
  reconcile,
  removeCombatant,
  startCombat,
  undo,
  undoPhase,
} from "./machine.ts";
import type { TurnContext } from "./machine.ts";
import type { Phase, RosterMember, RoundPlan, TurnResult, TurnState } from "./types.ts";

const member = (id: string, teamId: string, extra: Partial<RosterMember> = {}): RosterMember => ({
  id,
  teamId,
  defeated: false,
  hidden: false,
  ...extra,
});

const team = (teamId: string): Phase => ({ kind: "team", teamId });
const one = (combatantId: string): Phase => ({ kind: "combatant", combatantId });
const WORLDLINES_LIKE: RoundPlan = [
  team("pcs"),
  team("npcs"),
  { kind: "event", event: "energyRefresh" },
  { kind: "event", event: "statusResolution" },
];

const ANN = member("ann", "pcs");
const ROSTER: RosterMember[] = [
  ANN,
  member("bo", "pcs"),
  member("xul", "npcs"),
  member("yan", "npcs"),
];

function context(roster: RosterMember[] = ROSTER, plan: RoundPlan = WORLDLINES_LIKE): TurnContext {
  return { roster, planFor: () => plan };
}

function ok(result: TurnResult): Extract<TurnResult, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

function run(ctx: TurnContext, state: TurnState, ...steps: ((s: TurnState) => TurnResult)[]) {
  return steps.reduce((s, step) => ok(step(s)).state, state);
}

const start = (ctx: TurnContext) => ok(startCombat(ctx)).state;

describe("starting a team combat", () => {
  it("opens round 1 on the first team's phase, with nobody acting yet", () => {
    const state = start(context());
    expect(state.round).toBe(1);
    expect(currentPhase(state)).toEqual(team("pcs"));
    expect(state.active).toBeNull();
    expect(state.acted).toEqual([]);
  });

  it("refuses every turn action before the combat starts", () => {
    const ctx = context();
    expect(activate(NOT_STARTED, ctx, "ann", "gm")).toEqual({ ok: false, reason: "notStarted" });
    expect(endPhase(NOT_STARTED, ctx, "gm")).toEqual({ ok: false, reason: "notStarted" });
  });
});

describe("activating a combatant within its team's phase", () => {
  const ctx = context();

  it("lets a player take the turn of their own combatant, in any order", () => {
    const state = ok(activate(start(ctx), ctx, "bo", "owner")).state;
    expect(state.active).toBe("bo");
  });

  it("refuses a player who does not own the combatant", () => {
    expect(activate(start(ctx), ctx, "bo", "other")).toEqual({ ok: false, reason: "notOwner" });
  });

  it("refuses a member of a team whose phase it is not, even for the GM", () => {
    expect(activate(start(ctx), ctx, "xul", "gm")).toEqual({ ok: false, reason: "notYourPhase" });
  });

  it("refuses a combatant who already acted this round", () => {
    const state = run(ctx, start(ctx), (s) => endTurn(s, ctx, "ann", "owner"));
    expect(activate(state, ctx, "ann", "owner")).toEqual({ ok: false, reason: "alreadyActed" });
  });

  it("refuses a defeated combatant", () => {
    const fallen = context([member("ann", "pcs", { defeated: true }), ...ROSTER.slice(1)]);
    expect(activate(start(fallen), fallen, "ann", "gm")).toEqual({ ok: false, reason: "defeated" });
  });

  it("makes a player wait while a teammate is mid-turn, but the GM's pick ends that turn", () => {
    const state = run(ctx, start(ctx), (s) => activate(s, ctx, "ann", "owner"));
    expect(activate(state, ctx, "bo", "owner")).toEqual({ ok: false, reason: "anotherIsActive" });
    const byGM = ok(activate(state, ctx, "bo", "gm")).state;
    expect(byGM.active).toBe("bo");
    expect(byGM.acted).toEqual(["ann"]);
  });
});

describe("ending turns and phases", () => {
  const ctx = context();

  it("ends the team's phase by itself once every member has acted", () => {
    const state = run(
      ctx,
      start(ctx),
      (s) => activate(s, ctx, "ann", "owner"),
      (s) => endTurn(s, ctx, "ann", "owner"),
    );
    expect(currentPhase(state)).toEqual(team("pcs"));
    const after = run(ctx, state, (s) => endTurn(s, ctx, "bo", "owner"));
    expect(currentPhase(after)).toEqual(team("npcs"));
    expect(after.active).toBeNull();
  });

  it("waits for the GM's word when automatic phase ends are off", () => {
    const manual: TurnContext = { ...ctx, options: { autoEndPhase: false } };
    const state = run(
      manual,
      start(manual),
      (s) => endTurn(s, manual, "ann", "owner"),
      (s) => endTurn(s, manual, "bo", "owner"),
    );
    expect(currentPhase(state)).toEqual(team("pcs"));
    expect(currentPhase(ok(endPhase(state, manual, "gm")).state)).toEqual(team("npcs"));
  });

  it("lets only the GM end a phase early; those who had not acted simply did not", () => {
    const state = run(ctx, start(ctx), (s) => activate(s, ctx, "ann", "owner"));
    expect(endPhase(state, ctx, "owner")).toEqual({ ok: false, reason: "notGM" });
    const after = ok(endPhase(state, ctx, "gm")).state;
    expect(currentPhase(after)).toEqual(team("npcs"));
    expect(after.acted).toEqual(["ann"]);
  });

  it("runs the round events once, in order, and clears every acted mark for the new round", () => {
    const state = run(ctx, start(ctx), (s) => endPhase(s, ctx, "gm"));
    const late = run(ctx, state, (s) => endTurn(s, ctx, "xul", "gm"));
    const result = ok(endTurn(late, ctx, "yan", "gm"));
    expect(result.events).toEqual([
      { round: 1, event: "energyRefresh" },
      { round: 1, event: "statusResolution" },
    ]);
    expect(result.roundStarted).toBe(2);
    expect(result.state.round).toBe(2);
    expect(currentPhase(result.state)).toEqual(team("pcs"));
    expect(result.state.acted).toEqual([]);
  });

  it("lets the GM end the round early, still running its events", () => {
    const result = ok(nextRound(start(ctx), ctx, "gm"));
    expect(result.state.round).toBe(2);
    expect(result.events.map((e) => e.event)).toEqual(["energyRefresh", "statusResolution"]);
    expect(nextRound(start(ctx), ctx, "owner")).toEqual({ ok: false, reason: "notGM" });
  });

  it("refuses to end the turn of someone whose team is not in phase", () => {
    expect(endTurn(start(ctx), ctx, "xul", "owner")).toEqual({ ok: false, reason: "notYourPhase" });
  });
});

describe("defeated and hidden combatants", () => {
  it("passes over a team whose members are all defeated or hidden", () => {
    const ctx = context([
      member("ann", "pcs", { defeated: true }),
      member("bo", "pcs", { hidden: true }),
      member("xul", "npcs"),
    ]);
    const state = start(ctx);
    expect(currentPhase(state)).toEqual(team("npcs"));
    const next = ok(endTurn(state, ctx, "xul", "gm"));
    expect(next.state.round).toBe(2);
    expect(currentPhase(next.state)).toEqual(team("npcs"));
    expect(next.events).toHaveLength(2);
  });

  it("pauses when nobody at all can act, without running round events, and resumes on reveal", () => {
    const hiddenAll = ROSTER.map((m) => ({ ...m, hidden: true }));
    const ctx = context(hiddenAll);
    const begun = ok(startCombat(ctx));
    expect(currentPhase(begun.state)).toBeNull();
    expect(begun.events).toEqual([]);
    const revealed = context([ANN, ...hiddenAll.slice(1)]);
    const result = ok(reconcile(begun.state, revealed));
    expect(result.state.round).toBe(1);
    expect(currentPhase(result.state)).toEqual(team("pcs"));
  });
});

describe("out of the fight by the ruleset's rules", () => {
  const DYING = "dying";
  const OUT: [string, Partial<RosterMember>][] = [
    ["defeated", { defeated: true }],
    ["out by its ruleset", { outOfFight: DYING }],
  ];

  it.each(OUT)("does not wait for a member %s", (_, out) => {
    const ctx = context([ANN, member("bo", "pcs", out), ...ROSTER.slice(2)]);
    const state = run(ctx, start(ctx), (s) => endTurn(s, ctx, "ann", "owner"));
    expect(currentPhase(state)).toEqual(team("npcs"));
  });

  it.each(OUT)("ends the turn of one who falls %s mid-turn, and moves on", (_, out) => {
    const ctx = context();
    const state = run(
      ctx,
      start(ctx),
      (s) => endTurn(s, ctx, "ann", "owner"),
      (s) => activate(s, ctx, "bo", "owner"),
    );
    const result = ok(
      reconcile(state, context([ANN, member("bo", "pcs", out), ...ROSTER.slice(2)])),
    );
    expect(result.state.active).toBeNull();
    expect(currentPhase(result.state)).toEqual(team("npcs"));
  });

  it("passes over a whole team that is out, defeated or dying", () => {
    const ctx = context([
      member("ann", "pcs", { defeated: true }),
      member("bo", "pcs", { outOfFight: DYING }),
      ...ROSTER.slice(2),
    ]);
    expect(currentPhase(start(ctx))).toEqual(team("npcs"));
  });

  it("refuses the out a turn, saying why", () => {
    const ctx = context([ANN, member("bo", "pcs", { outOfFight: DYING }), ...ROSTER.slice(2)]);
    expect(activate(start(ctx), ctx, "bo", "gm")).toEqual({ ok: false, reason: "outOfFight" });
    expect(endTurn(start(ctx), ctx, "bo", "gm")).toEqual({ ok: false, reason: "outOfFight" });
  });

  it("keeps the defeated and the out in the order when the world says so", () => {
    const roster = [
      member("ann", "pcs", { defeated: true }),
      member("bo", "pcs", { outOfFight: DYING }),
      ...ROSTER.slice(2),
    ];
    const kept: TurnContext = { ...context(roster), options: { keepOut: true } };
    const state = start(kept);
    expect(currentPhase(state)).toEqual(team("pcs"));
    const after = run(
      kept,
      state,
      (s) => activate(s, kept, "bo", "owner"),
      (s) => endTurn(s, kept, "bo", "owner"),
    );
    // Ann, defeated, is still waited for.
    expect(currentPhase(after)).toEqual(team("pcs"));
    expect(currentPhase(run(kept, after, (s) => endTurn(s, kept, "ann", "gm")))).toEqual(
      team("npcs"),
    );
  });

  it("counts an empty reason as none", () => {
    const ctx = context([ANN, member("bo", "pcs", { outOfFight: "" }), ...ROSTER.slice(2)]);
    expect(activate(start(ctx), ctx, "bo", "owner").ok).toBe(true);
  });
});

describe("ending the phase the GM was looking at", () => {
  const ctx = context();

  it("ends the named phase while it is being played", () => {
    const state = start(ctx);
    const after = ok(endPhase(state, ctx, "gm", phaseRef(state))).state;
    expect(currentPhase(after)).toEqual(team("npcs"));
  });

  it("refuses once that phase is over: its last member ended their turn first", () => {
    const seen = start(ctx);
    const state = run(
      ctx,
      seen,
      (s) => endTurn(s, ctx, "ann", "owner"),
      (s) => endTurn(s, ctx, "bo", "owner"),
    );
    expect(currentPhase(state)).toEqual(team("npcs"));
    expect(endPhase(state, ctx, "gm", phaseRef(seen))).toEqual({ ok: false, reason: "phaseOver" });
  });

  it("refuses the same team's phase of an earlier round", () => {
    const seen = start(ctx);
    const state = run(ctx, seen, (s) => nextRound(s, ctx, "gm"));
    expect(currentPhase(state)).toEqual(team("pcs"));
    expect(endPhase(state, ctx, "gm", phaseRef(seen))).toEqual({ ok: false, reason: "phaseOver" });
    expect(phaseRef(state)).toBe("2:team:pcs");
  });

  it("names an idle round, so ending it starts the next round", () => {
    const hiddenAll = context(ROSTER.map((m) => ({ ...m, hidden: true })));
    const idle = start(hiddenAll);
    expect(phaseRef(idle)).toBe("1:idle");
    expect(ok(endPhase(idle, hiddenAll, "gm", phaseRef(idle))).state.round).toBe(2);
  });
});

describe("undo", () => {
  const ctx = context();
  const played = () =>
    run(
      ctx,
      start(ctx),
      (s) => activate(s, ctx, "ann", "owner"),
      (s) => endTurn(s, ctx, "ann", "owner"),
      (s) => activate(s, ctx, "bo", "owner"),
      (s) => endTurn(s, ctx, "bo", "owner"),
    );

  it("takes back the last step exactly, acted marks included", () => {
    const state = played();
    expect(currentPhase(state)).toEqual(team("npcs"));
    const back = ok(undo(state, ctx, "gm")).state;
    expect(currentPhase(back)).toEqual(team("pcs"));
    expect(back.active).toBe("bo");
    expect(back.acted).toEqual(["ann"]);
    const further = ok(undo(back, ctx, "gm")).state;
    expect(further.active).toBeNull();
    expect(further.acted).toEqual(["ann"]);
  });

  it("goes back to the previous phase as it stood when it ended", () => {
    const state = run(ctx, played(), (s) => activate(s, ctx, "xul", "gm"));
    const back = ok(undoPhase(state, ctx, "gm")).state;
    expect(currentPhase(back)).toEqual(team("pcs"));
    expect(back.active).toBe("bo");
    expect(back.acted).toEqual(["ann"]);
  });

  it("crosses back into the previous round and says which events it does not revert", () => {
    const state = run(ctx, start(ctx), (s) => nextRound(s, ctx, "gm"));
    const result = ok(undo(state, ctx, "gm"));
    expect(result.state.round).toBe(1);
    expect(currentPhase(result.state)).toEqual(team("pcs"));
    expect(result.eventsUndone.map((e) => e.event)).toEqual(["energyRefresh", "statusResolution"]);
  });

  it("is the GM's, and refuses when there is nothing left to undo", () => {
    expect(undo(played(), ctx, "owner")).toEqual({ ok: false, reason: "notGM" });
    expect(undo(start(ctx), ctx, "gm")).toEqual({ ok: false, reason: "nothingToUndo" });
  });

  it("passes over a step whose phase nobody can play any more", () => {
    const state = run(ctx, start(ctx), (s) => endPhase(s, ctx, "gm"));
    const pcsDown = context(ROSTER.map((m) => (m.teamId === "pcs" ? { ...m, defeated: true } : m)));
    expect(undo(state, pcsDown, "gm")).toEqual({ ok: false, reason: "nothingToUndo" });
  });
});

describe("combatants joining and leaving mid-combat", () => {
  it("puts a newcomer in its team; it acts in this phase if its team is playing", () => {
    const ctx = context();
    const state = run(
      ctx,
      start(ctx),
      (s) => endTurn(s, ctx, "ann", "owner"),
      (s) => activate(s, ctx, "bo", "owner"),
    );
    const joined = context([...ROSTER, member("cy", "pcs")]);
    const result = ok(addCombatant(state, joined));
    expect(result.state.active).toBe("bo");
    const after = run(joined, result.state, (s) => endTurn(s, joined, "bo", "owner"));
    expect(currentPhase(after)).toEqual(team("pcs"));
    expect(activate(after, joined, "cy", "owner").ok).toBe(true);
  });

  it("keeps everybody's place and acted mark when a newcomer joins a team already past", () => {
    const ctx = context();
    const state = run(
      ctx,
      start(ctx),
      (s) => endPhase(s, ctx, "gm"),
      (s) => endTurn(s, ctx, "xul", "gm"),
    );
    const joined = context([...ROSTER, member("cy", "pcs")]);
    const result = ok(addCombatant(state, joined)).state;
    expect(currentPhase(result)).toEqual(team("npcs"));
    expect(result.acted).toEqual(["xul"]);
    expect(result.plan).toEqual(WORLDLINES_LIKE);
  });

  it("gives a team that appears mid-round a phase this round, after the others", () => {
    const ctx = context();
    const state = start(ctx);
    const withBeasts: RoundPlan = [
      team("pcs"),
      team("npcs"),
      team("beasts"),
      ...WORLDLINES_LIKE.slice(2),
    ];
    const joined = context([...ROSTER, member("wolf", "beasts")], withBeasts);
    const result = ok(addCombatant(state, joined)).state;
    expect(result.plan).toEqual(withBeasts);
    const after = run(
      joined,
      result,
      (s) => endPhase(s, joined, "gm"),
      (s) => endPhase(s, joined, "gm"),
    );
    expect(currentPhase(after)).toEqual(team("beasts"));
  });

  it("carries on when the combatant mid-turn is deleted", () => {
    const ctx = context();
    const state = run(
      ctx,
      start(ctx),
      (s) => endTurn(s, ctx, "ann", "owner"),
      (s) => activate(s, ctx, "bo", "owner"),
    );
    const left = context(ROSTER.filter((m) => m.id !== "bo"));
    const result = ok(removeCombatant(state, left)).state;
    expect(currentPhase(result)).toEqual(team("npcs"));
    expect(result.active).toBeNull();
    expect(result.acted).toEqual(["ann"]);
  });

  it("keeps the current team's phase when someone else is deleted", () => {
    const ctx = context();
    const state = run(ctx, start(ctx), (s) => activate(s, ctx, "ann", "owner"));
    const left = context(ROSTER.filter((m) => m.id !== "yan"));
    const result = ok(removeCombatant(state, left)).state;
    expect(currentPhase(result)).toEqual(team("pcs"));
    expect(result.active).toBe("ann");
  });
});

describe("individual initiative", () => {
  const [bob, dia, sam] = [member("bob", "pcs"), member("dia", "npcs"), member("sam", "pcs")];
  const roster = [bob, dia, sam];
  const plan: RoundPlan = [one("bob"), one("dia"), one("sam")];
  const ctx = context(roster, plan);

  it("gives the turn to each combatant in order, marking who has gone", () => {
    const state = start(ctx);
    expect(state.active).toBe("bob");
    const next = run(ctx, state, (s) => endTurn(s, ctx, "bob", "owner"));
    expect(next.active).toBe("dia");
    expect(next.acted).toEqual(["bob"]);
    expect(activate(next, ctx, "sam", "gm")).toEqual({ ok: false, reason: "notYourPhase" });
  });

  it("skips a defeated combatant's turn", () => {
    const fallen = context([bob, member("dia", "npcs", { defeated: true }), sam], plan);
    const state = run(fallen, start(fallen), (s) => endTurn(s, fallen, "bob", "owner"));
    expect(state.active).toBe("sam");
  });

  it("hands the turn to the next in order when the current combatant is deleted", () => {
    const state = run(ctx, start(ctx), (s) => endTurn(s, ctx, "bob", "owner"));
    const left = context([bob, sam], [one("bob"), one("sam")]);
    const result = ok(removeCombatant(state, left)).state;
    expect(result.active).toBe("sam");
    expect(result.round).toBe(1);
  });

  it("starts the next round when the last combatant of the round is deleted", () => {
    const state = run(
      ctx,
      start(ctx),
      (s) => endTurn(s, ctx, "bob", "owner"),
      (s) => endTurn(s, ctx, "dia", "gm"),
    );
    const left = context([bob, dia], [one("bob"), one("dia")]);
    const result = ok(removeCombatant(state, left));
    expect(result.roundStarted).toBe(2);
    expect(result.state.active).toBe("bob");
  });

  it("slots a newcomer into the order without moving anybody else", () => {
    const state = start(ctx);
    const joined = context(
      [...roster, member("eve", "npcs")],
      [one("bob"), one("eve"), one("dia"), one("sam")],
    );
    const result = ok(addCombatant(state, joined)).state;
    expect(result.active).toBe("bob");
    const after = run(joined, result, (s) => endTurn(s, joined, "bob", "owner"));
    expect(after.active).toBe("eve");
  });

  it("lets a newcomer whose place is already past wait for the next round", () => {
    const state = run(ctx, start(ctx), (s) => endTurn(s, ctx, "bob", "owner"));
    const joined = context([...roster, member("eve", "npcs")], [one("eve"), ...plan]);
    const result = ok(addCombatant(state, joined)).state;
    expect(result.active).toBe("dia");
    const round2 = run(
      joined,
      result,
      (s) => endTurn(s, joined, "dia", "gm"),
      (s) => endTurn(s, joined, "sam", "owner"),
    );
    expect(round2.round).toBe(2);
    expect(round2.active).toBe("eve");
  });
});

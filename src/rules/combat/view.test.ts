import { describe, expect, it } from "vitest";
import { activate, endTurn, startCombat } from "./machine.ts";
import type { TurnContext } from "./machine.ts";
import type { RosterMember, TurnState } from "./types.ts";
import { trackerView } from "./view.ts";

const roster: RosterMember[] = [
  { id: "ann", teamId: "pcs", defeated: false, hidden: false },
  { id: "bo", teamId: "pcs", defeated: true, hidden: false },
  { id: "xul", teamId: "npcs", defeated: false, hidden: false },
  { id: "spy", teamId: "npcs", defeated: false, hidden: true },
  { id: "lurk", teamId: "ambush", defeated: false, hidden: true },
  { id: "late", teamId: "reserve", defeated: false, hidden: false },
];
const ctx: TurnContext = {
  roster,
  planFor: () => [
    { kind: "team", teamId: "pcs" },
    { kind: "team", teamId: "npcs" },
    { kind: "team", teamId: "ambush" },
    { kind: "event", event: "upkeep" },
  ],
};

function state(): TurnState {
  const begun = startCombat(ctx);
  if (!begun.ok) throw new Error(begun.reason);
  const acted = endTurn(begun.state, ctx, "ann", "owner");
  if (!acted.ok) throw new Error(acted.reason);
  const active = activate(acted.state, ctx, "spy", "gm");
  if (!active.ok) throw new Error(active.reason);
  return active.state;
}

describe("the tracker's view", () => {
  it("shows the GM every team, who has acted, who is acting, and the skipped teams", () => {
    const view = trackerView(state(), roster, "gm");
    expect(view.round).toBe(1);
    expect(view.phases.map((p) => [p.phase.kind, p.current, p.past, p.skipped])).toEqual([
      ["team", false, true, false],
      ["team", true, false, false],
      ["team", false, false, true],
      ["event", false, false, false],
    ]);
    const [pcs, npcs] = view.phases;
    expect(pcs?.members.map((m) => [m.id, m.acted, m.defeated])).toEqual([
      ["ann", true, false],
      ["bo", false, true],
    ]);
    expect(npcs?.members.map((m) => [m.id, m.active, m.hidden])).toEqual([
      ["xul", false, false],
      ["spy", true, true],
    ]);
    expect(view.waiting.map((m) => m.id)).toEqual(["late"]);
  });

  it("hides hidden combatants from players, and a team made only of them", () => {
    const view = trackerView(state(), roster, "player");
    const ids = view.phases.flatMap((p) => p.members.map((m) => m.id));
    expect(ids).toEqual(["ann", "bo", "xul"]);
    expect(
      view.phases.map((p) => (p.phase.kind === "team" ? p.phase.teamId : p.phase.kind)),
    ).toEqual(["pcs", "npcs", "event"]);
    expect(view.phases.some((p) => p.members.some((m) => m.active))).toBe(false);
  });

  it("says who is out of the fight and whether the order passes over them", () => {
    const out: RosterMember[] = [
      { id: "ann", teamId: "pcs", defeated: false, hidden: false },
      { id: "bo", teamId: "pcs", defeated: true, hidden: false },
      { id: "cy", teamId: "pcs", defeated: false, hidden: false, outOfFight: "dying" },
      { id: "xul", teamId: "npcs", defeated: false, hidden: false, outOfFight: "dead" },
    ];
    const plan: TurnContext["planFor"] = () => [
      { kind: "team", teamId: "pcs" },
      { kind: "team", teamId: "npcs" },
    ];
    const begun = startCombat({ roster: out, planFor: plan });
    if (!begun.ok) throw new Error(begun.reason);
    const rows = (keepOut: boolean) =>
      trackerView(begun.state, out, "gm", keepOut).phases.map((p) => [
        p.skipped,
        p.members.map((m) => [m.id, m.outOfFight, m.skipped]),
      ]);
    expect(rows(false)).toEqual([
      [
        false,
        [
          ["ann", null, false],
          ["bo", null, true],
          ["cy", "dying", true],
        ],
      ],
      [true, [["xul", "dead", true]]],
    ]);
    // Kept in: the same reasons, nobody passed over.
    expect(rows(true)).toEqual([
      [
        false,
        [
          ["ann", null, false],
          ["bo", null, false],
          ["cy", "dying", false],
        ],
      ],
      [false, [["xul", "dead", false]]],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  DEFAULT_TEAMS,
  checkTeamColor,
  checkTeamName,
  dispositionFromNumber,
  moveToTeam,
  teamForDisposition,
} from "./teams.ts";
import type { TeamData } from "./teams.ts";

const heroes: TeamData = { id: "t1", ...DEFAULT_TEAMS.friendly, name: "Heroes" };
const custom: TeamData = {
  id: "t2",
  name: "Mercenaries",
  color: "#00ff00",
  isPlayerSide: false,
  disposition: null,
};

describe("joining a team by token disposition", () => {
  it("reads Foundry's numeric dispositions", () => {
    expect([1, -1, 0, -2, 7].map(dispositionFromNumber)).toEqual([
      "friendly",
      "hostile",
      "neutral",
      "secret",
      "neutral",
    ]);
  });

  it("joins the team that collects the disposition, even after the GM renamed it", () => {
    expect(teamForDisposition([custom, heroes], "friendly")).toEqual({
      kind: "existing",
      teamId: "t1",
    });
  });

  it("asks for the default team when none collects the disposition yet", () => {
    const choice = teamForDisposition([heroes, custom], "hostile");
    expect(choice).toEqual({ kind: "create", team: DEFAULT_TEAMS.hostile });
    expect(DEFAULT_TEAMS.hostile.isPlayerSide).toBe(false);
    expect(DEFAULT_TEAMS.friendly.isPlayerSide).toBe(true);
  });

  it("keeps secret tokens apart from the hostile team", () => {
    expect(DEFAULT_TEAMS.secret.disposition).toBe("secret");
    expect(teamForDisposition([{ id: "h", ...DEFAULT_TEAMS.hostile }], "secret").kind).toBe(
      "create",
    );
  });
});

describe("moving a combatant to another team", () => {
  const roster = [{ id: "ann", teamId: "t1", defeated: false, hidden: false }];

  it("moves it and leaves everybody else alone", () => {
    const result = moveToTeam(roster, [heroes, custom], "ann", "t2");
    expect(result).toEqual({ ok: true, roster: [{ ...roster[0], teamId: "t2" }] });
  });

  it("refuses an unknown combatant, an unknown team, or its own team", () => {
    expect(moveToTeam(roster, [heroes, custom], "zed", "t2")).toEqual({
      ok: false,
      reason: "unknownCombatant",
    });
    expect(moveToTeam(roster, [heroes, custom], "ann", "t9")).toEqual({
      ok: false,
      reason: "unknownTeam",
    });
    expect(moveToTeam(roster, [heroes, custom], "ann", "t1")).toEqual({
      ok: false,
      reason: "sameTeam",
    });
  });
});

describe("renaming and recolouring a team", () => {
  it("trims a name and refuses an empty or overlong one", () => {
    expect(checkTeamName("  Night Watch ")).toEqual({ ok: true, name: "Night Watch" });
    expect(checkTeamName("   ")).toEqual({ ok: false, reason: "emptyName" });
    expect(checkTeamName("x".repeat(61))).toEqual({ ok: false, reason: "nameTooLong" });
  });

  it("accepts #rrggbb and #rgb colours and refuses anything else", () => {
    expect(checkTeamColor("#A1B2C3")).toEqual({ ok: true, color: "#a1b2c3" });
    expect(checkTeamColor("#f0a")).toEqual({ ok: true, color: "#ff00aa" });
    expect(checkTeamColor("red")).toEqual({ ok: false, reason: "invalidColor" });
  });
});

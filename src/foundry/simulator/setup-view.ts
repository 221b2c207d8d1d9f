/**
 * What the simulator window's set-up pane shows, as data for its template: a row per fighter,
 * grouped by team in the team's colour, with its target rule, whether it defends (worded as the
 * ruleset means it) and what it keeps in reserve (hidden when the ruleset has no reserve), a
 * "whole team" row above each team's members, the number of fights and the seed. Pure, like
 * view.ts: the words come through `localize` / `format`.
 */
import { MAX_FIGHTS } from "../../rules/sim/simulate.ts";
import type { SimAdapterInfo } from "../../rules/sim/simulate.ts";
import { TARGET_RULES } from "../../rules/sim/types.ts";
import { fieldName } from "./tactics.ts";
import type { RawTactic, SetupDraft, SetupError, SetupFighter } from "./tactics.ts";

export interface SetupWords {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

/** What the window knows to build the pane. */
export interface SetupInput {
  readonly ruleset: string;
  readonly info: SimAdapterInfo;
  readonly fighters: readonly SetupFighter[];
  readonly teams: readonly { readonly id: string; readonly name: string }[];
  readonly draft: SetupDraft;
  readonly error: SetupError | null;
  /** A run is under way: the controls are shown but disabled. */
  readonly busy: boolean;
  /** The pane is unfolded. */
  readonly open: boolean;
}

export interface TargetOption {
  readonly id: string;
  readonly label: string;
  readonly selected: boolean;
}

export interface TacticControls {
  readonly targetName: string;
  readonly defendName: string;
  readonly reserveName: string;
  readonly targets: readonly TargetOption[];
  readonly defend: boolean;
  /** Members differ on defending (the whole-team box is then shown half-set). */
  readonly defendMixed: boolean;
  readonly reserve: string;
}

export interface MemberRow extends TacticControls {
  readonly combatantId: string;
  readonly name: string;
}

export interface TeamBlock {
  readonly teamId: string;
  readonly name: string;
  readonly color: string;
  readonly all: TacticControls;
  readonly members: readonly MemberRow[];
}

export interface SetupView {
  readonly teams: readonly TeamBlock[];
  readonly defendLabel: string;
  readonly defendHint: string;
  readonly reserveLabel: string;
  readonly reserveHint: string;
  readonly showReserve: boolean;
  readonly reserveMax: number;
  readonly fights: string;
  readonly seed: string;
  readonly maxFights: number;
  readonly error: string;
  readonly busy: boolean;
  readonly open: boolean;
}

/** The ruleset's own text for `part`, else the generic one. */
function rulesetText(words: SetupWords, ruleset: string, part: string): string {
  const key = `FRAY.Simulator.Tactic.${ruleset}.${part}`;
  const text = words.localize(key);
  return text === key ? words.localize(`FRAY.Simulator.Setup.${part}`) : text;
}

function targetOptions(words: SetupWords, selected: string, withMixed: boolean): TargetOption[] {
  const rules = TARGET_RULES.map((id) => ({
    id,
    label: words.localize(`FRAY.Simulator.Target.${id}`),
    selected: id === selected,
  }));
  return withMixed
    ? [
        { id: "", label: words.localize("FRAY.Simulator.Setup.Mixed"), selected: selected === "" },
        ...rules,
      ]
    : rules;
}

/** The one value every member shares, or "" when they differ. */
function shared<T>(values: readonly T[], empty: T): T {
  const [first] = values;
  return first !== undefined && values.every((v) => v === first) ? first : empty;
}

export function setupView(
  input: SetupInput,
  words: SetupWords,
  colors: Readonly<Record<string, string>>,
  neutral: string,
): SetupView {
  const { draft, info } = input;
  const teams = input.teams.flatMap((team): TeamBlock[] => {
    const members = input.fighters.filter((f) => f.teamId === team.id);
    if (members.length === 0) return [];
    const raws = members.map(
      (f): RawTactic =>
        draft.tactics[f.combatantId] ?? {
          target: info.defaultTactic.target,
          defend: info.defaultTactic.defend,
          reserve: String(info.defaultTactic.reserve),
        },
    );
    const defends = raws.map((r) => r.defend);
    const teamField = (field: string) => `team.${team.id}.${field}`;
    return [
      {
        teamId: team.id,
        name: team.name,
        color: colors[team.id] ?? neutral,
        all: {
          targetName: teamField("target"),
          defendName: teamField("defend"),
          reserveName: teamField("reserve"),
          targets: targetOptions(
            words,
            shared(
              raws.map((r) => r.target),
              "",
            ),
            true,
          ),
          defend: defends.every(Boolean),
          defendMixed: !defends.every((d) => d === defends[0]),
          reserve: shared(
            raws.map((r) => r.reserve),
            "",
          ),
        },
        members: members.map((f, i) => {
          const raw = raws[i] ?? { target: "", defend: false, reserve: "" };
          return {
            combatantId: f.combatantId,
            name: f.name,
            targetName: fieldName(f.combatantId, "target"),
            defendName: fieldName(f.combatantId, "defend"),
            reserveName: fieldName(f.combatantId, "reserve"),
            targets: targetOptions(words, raw.target, false),
            defend: raw.defend,
            defendMixed: false,
            reserve: raw.reserve,
          };
        }),
      },
    ];
  });
  return {
    teams,
    defendLabel: rulesetText(words, input.ruleset, "Defend"),
    defendHint: rulesetText(words, input.ruleset, "DefendHint"),
    reserveLabel: rulesetText(words, input.ruleset, "Reserve"),
    reserveHint: words.format("FRAY.Simulator.Setup.ReserveRange", {
      hint: rulesetText(words, input.ruleset, "ReserveHint"),
      max: info.reserveMax,
    }),
    showReserve: info.reserveMax > 0,
    reserveMax: info.reserveMax,
    fights: draft.fights,
    seed: draft.seed,
    maxFights: MAX_FIGHTS,
    error:
      input.error === null
        ? ""
        : words.format(`FRAY.Simulator.Form.${input.error.key}`, { ...input.error.data }),
    busy: input.busy,
    open: input.open,
  };
}

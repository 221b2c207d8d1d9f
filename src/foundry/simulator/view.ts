/**
 * What the simulator window shows, as data for its template (templates/simulator/simulator.hbs):
 * the progress of a run, then the report with its two charts as plain SVG geometry computed here
 * (win bars with their 95% intervals, a histogram of the rounds fights took) and a table of the
 * fighters. Pure: the words come through `localize` / `format`, so a test and the browser
 * screenshot build the same view the GM sees.
 */
import type { SimReport } from "../../rules/sim/simulate.ts";
import type { Proportion } from "../../rules/sim/stats.ts";
import type { RunOutcome } from "./runner.ts";
import { setupView } from "./setup-view.ts";
import type { SetupInput, SetupView } from "./setup-view.ts";

/** Running, or how the run ended (the runner's outcome). */
export type SimulatorState =
  { readonly kind: "running"; readonly done: number; readonly total: number } | RunOutcome;

export interface Words {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

export interface WinRow {
  readonly label: string;
  readonly color: string;
  readonly y: number;
  readonly textY: number;
  readonly midY: number;
  readonly capTop: number;
  readonly capBottom: number;
  readonly barWidth: number;
  readonly low: number;
  readonly high: number;
  readonly percent: string;
  readonly textX: number;
  readonly tooltip: string;
}

export interface RoundBar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly label: string;
  readonly labelX: number;
  readonly tooltip: string;
}

export interface FighterRow {
  readonly name: string;
  readonly team: string;
  readonly color: string;
  readonly standing: string;
  readonly down: string;
  readonly dead: string;
  /** Mean left / at the start, one per resource (the columns of resourceHeads). */
  readonly resources: readonly string[];
}

export interface SimulatorView {
  readonly running: boolean;
  readonly done: boolean;
  readonly percent: number;
  readonly progressText: string;
  readonly message: string;
  readonly summary: string;
  readonly headline: string;
  readonly wins: {
    readonly width: number;
    readonly height: number;
    readonly labelWidth: number;
    readonly rows: readonly WinRow[];
  } | null;
  readonly rounds: {
    readonly width: number;
    readonly height: number;
    readonly baseY: number;
    readonly bars: readonly RoundBar[];
    readonly mean: string;
  } | null;
  readonly fighters: readonly FighterRow[];
  readonly resourceHeads: readonly string[];
  /** The tactics, fights and seed the GM can change before running again (none without a ruleset adapter). */
  readonly setup: SetupView | null;
}

/** Besides the run's state: the set-up pane's input and the fighters' names by rules id. */
export interface ViewExtras {
  readonly setup?: SetupInput;
  /** Names by the id a refusal names a fighter by. */
  readonly names?: Readonly<Record<string, string>>;
}

const CHART_WIDTH = 420;
const LABEL_WIDTH = 90;
const ROW_HEIGHT = 26;
const BAR_AREA = CHART_WIDTH - LABEL_WIDTH - 56;
const HIST_HEIGHT = 120;
const NEUTRAL = "#7a7971";

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const round1 = (x: number) => Math.round(x * 10) / 10;

function winRows(
  report: SimReport,
  words: Words,
  colors: Readonly<Record<string, string>>,
  focus: string | undefined,
): WinRow[] {
  const entries: { label: string; color: string; p: Proportion; hint?: string }[] = [
    ...[...report.teams]
      .sort((a, b) => (a.id === focus ? -1 : b.id === focus ? 1 : 0))
      .map((t) => ({ label: t.name, color: colors[t.id] ?? NEUTRAL, p: t.win })),
  ];
  if (report.draw.count > 0) {
    entries.push({ label: words.localize("FRAY.Simulator.Draw"), color: NEUTRAL, p: report.draw });
  }
  if (report.unresolved.count > 0) {
    entries.push({
      label: words.localize("FRAY.Simulator.Unresolved"),
      color: NEUTRAL,
      p: report.unresolved,
      hint: words.format("FRAY.Simulator.UnresolvedHint", { rounds: report.maxRounds }),
    });
  }
  return entries.map((entry, i) => {
    const barWidth = round1(entry.p.chance * BAR_AREA);
    const y = i * ROW_HEIGHT + 4;
    return {
      label: entry.label,
      color: entry.color,
      y,
      textY: y + 13,
      midY: y + 9,
      capTop: y + 4,
      capBottom: y + 14,
      barWidth,
      low: round1(LABEL_WIDTH + entry.p.low * BAR_AREA),
      high: round1(LABEL_WIDTH + entry.p.high * BAR_AREA),
      percent: percent(entry.p.chance),
      textX: round1(LABEL_WIDTH + Math.max(barWidth, entry.p.high * BAR_AREA) + 6),
      tooltip: [
        entry.hint,
        words.format("FRAY.Simulator.Interval", {
          low: percent(entry.p.low),
          high: percent(entry.p.high),
        }),
      ]
        .filter((part) => part !== undefined)
        .join("; "),
    };
  });
}

function roundBars(report: SimReport, words: Words): RoundBar[] {
  const h = report.rounds.histogram;
  let first = h.findIndex((count) => count > 0);
  let last = h.length - 1;
  while (last > 0 && (h[last] ?? 0) === 0) last--;
  if (first < 0) first = 0;
  const shown = last - first + 1;
  const most = Math.max(1, ...h);
  const slot = CHART_WIDTH / shown;
  const bars: RoundBar[] = [];
  for (let r = first; r <= last; r++) {
    const count = h[r] ?? 0;
    const height = round1((count / most) * HIST_HEIGHT);
    const x = round1((r - first) * slot + 1);
    bars.push({
      x,
      y: round1(HIST_HEIGHT - height),
      width: round1(Math.max(1, slot - 2)),
      height,
      label: String(r),
      labelX: round1(x + slot / 2 - 1),
      tooltip: words.format("FRAY.Simulator.RoundsBar", {
        rounds: r,
        share: percent(count / Math.max(1, report.fights)),
      }),
    });
  }
  return bars;
}

function fighterRows(report: SimReport, colors: Readonly<Record<string, string>>): FighterRow[] {
  const teamName = (id: string) => report.teams.find((t) => t.id === id)?.name ?? id;
  return report.fighters.map((f) => ({
    name: f.name,
    team: teamName(f.teamId),
    color: colors[f.teamId] ?? NEUTRAL,
    standing: percent(f.standing.chance),
    down: percent(f.down.chance),
    dead: percent(f.dead.chance),
    resources: f.resources.map((r) => `${r.mean.toFixed(1)}/${r.start}`),
  }));
}

const EMPTY: SimulatorView = {
  running: false,
  done: false,
  percent: 0,
  progressText: "",
  message: "",
  summary: "",
  headline: "",
  wins: null,
  rounds: null,
  fighters: [],
  resourceHeads: [],
  setup: null,
};

/**
 * A refusal's detail for the message: a fighter named by its rules id shows its name, and a field
 * such as `<id>.reserve` shows as `<name> (reserve)`.
 */
function namedDetail(
  detail: Readonly<Record<string, string | number | boolean>>,
  names: Readonly<Record<string, string>>,
): Record<string, string> {
  const nameOf = (id: string) => (Object.hasOwn(names, id) ? names[id] : undefined);
  return Object.fromEntries(
    Object.entries(detail).map(([k, v]) => {
      const text = String(v);
      const whole = nameOf(text);
      if (whole !== undefined) return [k, whole];
      const dot = text.lastIndexOf(".");
      const owner = dot > 0 ? nameOf(text.slice(0, dot)) : undefined;
      return [k, owner === undefined ? text : `${owner} (${text.slice(dot + 1)})`];
    }),
  );
}

/** The window's view of a state. `focus` is the team whose side the GM asked about, if any. */
export function simulatorView(
  state: SimulatorState,
  words: Words,
  colors: Readonly<Record<string, string>> = {},
  focus?: string,
  extras: ViewExtras = {},
): SimulatorView {
  const setup = extras.setup === undefined ? null : setupView(extras.setup, words, colors, NEUTRAL);
  return { ...runView(state, words, colors, focus, extras.names ?? {}), setup };
}

function runView(
  state: SimulatorState,
  words: Words,
  colors: Readonly<Record<string, string>>,
  focus: string | undefined,
  names: Readonly<Record<string, string>>,
): SimulatorView {
  switch (state.kind) {
    case "running":
      return {
        ...EMPTY,
        running: true,
        percent: state.total > 0 ? Math.floor((state.done / state.total) * 100) : 0,
        progressText: words.format("FRAY.Simulator.Running", {
          done: state.done.toLocaleString("en"),
          total: state.total.toLocaleString("en"),
        }),
      };
    case "refused": {
      const key = `FRAY.Simulator.Refusal.${state.reason}`;
      const text = words.format(key, namedDetail(state.detail ?? {}, names));
      return { ...EMPTY, message: text === key ? state.reason : text };
    }
    case "cancelled":
      return { ...EMPTY, message: words.localize("FRAY.Simulator.Cancelled") };
    case "failed":
      return {
        ...EMPTY,
        message: words.format("FRAY.Simulator.Failed", { message: state.message }),
      };
    case "done": {
      const report = state.report;
      const rows = winRows(report, words, colors, focus);
      const bars = roundBars(report, words);
      const lead = report.teams.find((t) => t.id === focus) ?? report.teams[0];
      return {
        ...EMPTY,
        done: true,
        percent: 100,
        summary: words.format("FRAY.Simulator.Summary", {
          fights: report.fights.toLocaleString("en"),
          seed: String(report.seed),
          rounds: report.maxRounds,
        }),
        headline:
          lead === undefined
            ? ""
            : words.format("FRAY.Simulator.Headline", {
                team: lead.name,
                chance: percent(lead.win.chance),
                low: percent(lead.win.low),
                high: percent(lead.win.high),
              }),
        wins: {
          width: CHART_WIDTH,
          height: rows.length * ROW_HEIGHT + 4,
          labelWidth: LABEL_WIDTH,
          rows,
        },
        rounds: {
          width: CHART_WIDTH,
          height: HIST_HEIGHT + 18,
          baseY: HIST_HEIGHT + 14,
          bars,
          mean: words.format("FRAY.Simulator.RoundsMean", { mean: report.rounds.mean.toFixed(1) }),
        },
        fighters: fighterRows(report, colors),
        resourceHeads: (report.fighters[0]?.resources ?? []).map((r) =>
          words.localize(`FRAY.Simulator.Resource.${r.key}`),
        ),
      };
    }
  }
}

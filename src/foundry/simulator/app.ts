/**
 * The simulator's window (ApplicationV2 with a Handlebars part): the set-up pane (each fighter's
 * tactic, the fights and the seed, "Run again"), a progress bar with Cancel while the worker
 * plays, then the report's charts. The view is simulatorView's; this class holds the state (the
 * run, the GM's draft of the set-up) and renders it.
 */
import { SYSTEM_PATH } from "../constants.ts";
import type { TemplatePart } from "../sheets/base.ts";
import { formValues } from "../shared/attack-dialog.ts";
import { i18n } from "../shared/env.ts";
import type { SimulationRun } from "./runner.ts";
import type { SetupInput } from "./setup-view.ts";
import { draftFromForm, readSetup, withTeamTactic } from "./tactics.ts";
import type { RawTactic, SetupChoice, SetupDraft, SetupError } from "./tactics.ts";
import { simulatorView } from "./view.ts";
import type { SimulatorState, SimulatorView } from "./view.ts";

export const SIMULATOR_TEMPLATE = `${SYSTEM_PATH}/templates/simulator/simulator.hbs`;

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/*
 * As in sheets/base.ts: the checker is shown the plain class, the mixin is applied at run time
 * (fvtt-types' mixin type is too deep for tsc); PARTS is declared with the mixin's part type.
 */
const HandlebarsApplication = HandlebarsApplicationMixin(
  ApplicationV2,
) as unknown as typeof ApplicationV2;

/** What the set-up pane offers: the ruleset's tactic facts, who fights, and the first draft. */
export type TacticsSetup = Pick<SetupInput, "ruleset" | "info" | "fighters" | "teams" | "draft">;

export interface SimulatorSetup {
  /** Team colours by id, for the bars and the set-up's team blocks. */
  readonly colors: Readonly<Record<string, string>>;
  /** The team the GM asked about (its bar first, its chance in the headline). */
  readonly focus?: string;
  /** The set-up pane; absent when the ruleset has no simulator (only its refusal is shown). */
  readonly tactics?: TacticsSetup;
  /** Fighters' names by the id the rules know them by, for refusals. */
  readonly names?: Readonly<Record<string, string>>;
  /** Starts a run of `choice` (storing its tactics first) and hands back the run. */
  readonly start: (
    choice: SetupChoice,
    onProgress: (done: number, total: number) => void,
  ) => Promise<SimulationRun>;
}

const TACTIC_FIELDS: readonly (keyof RawTactic)[] = ["target", "defend", "reserve"];

export class SimulatorApp extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    classes: ["fray", "fray-simulator"],
    window: { title: "FRAY.Simulator.Title", resizable: true },
    position: { width: 520, height: "auto" as const },
    actions: {
      cancel: SimulatorApp.#onCancel,
    },
  };

  static PARTS: Record<string, TemplatePart> = {
    body: { template: SIMULATOR_TEMPLATE },
  };

  simState: SimulatorState = { kind: "running", done: 0, total: 0 };
  readonly setup: SimulatorSetup;
  /** The set-up as the GM has it now (the form's values, checked only when a run starts). */
  draft: SetupDraft | null;
  /** Why the last "Run again" ran nothing, if it did not. */
  setupError: SetupError | null = null;
  #setupOpen = true;
  #run: SimulationRun | null = null;
  /** Cancel was pressed before the worker was handed the run (the tactics were being stored). */
  #cancelled = false;

  constructor(setup: SimulatorSetup) {
    super({});
    this.setup = setup;
    this.draft = setup.tactics?.draft ?? null;
  }

  get busy(): boolean {
    return this.simState.kind === "running";
  }

  /** The view the template renders now. */
  view(): SimulatorView {
    const tactics = this.setup.tactics;
    return simulatorView(this.simState, i18n(), this.setup.colors, this.setup.focus, {
      ...(tactics === undefined || this.draft === null
        ? {}
        : {
            setup: {
              ...tactics,
              draft: this.draft,
              error: this.setupError,
              busy: this.busy,
              open: this.#setupOpen,
            },
          }),
      ...(this.setup.names === undefined ? {} : { names: this.setup.names }),
    });
  }

  override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    const context = await super._prepareContext(options);
    return Object.assign(context, this.view());
  }

  /**
   * The set-up form lives in the part, rebuilt on every render: its listeners go with it. A change
   * keeps the draft (a whole-team control sets its members and re-renders); submitting it ("Run
   * again", or Enter in a field) runs again instead of leaving the page.
   */
  override async _onRender(
    ...args: Parameters<foundry.applications.api.ApplicationV2["_onRender"]>
  ): Promise<void> {
    await super._onRender(...args);
    const form = this.element.querySelector<HTMLFormElement>("form.fray-sim-setup");
    if (form === null) return;
    for (const box of form.querySelectorAll<HTMLInputElement>("input[data-mixed]")) {
      box.indeterminate = true;
    }
    form.addEventListener("change", (event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement | null;
      const teamId = target?.dataset["teamId"];
      const field = target?.dataset["field"];
      if (target === null || teamId === undefined || field === undefined) {
        this.keepForm(formValues(form));
        return;
      }
      const value =
        target instanceof HTMLInputElement && target.type === "checkbox"
          ? target.checked
          : target.value;
      this.keepForm(formValues(form));
      void this.setTeamTactic(teamId, field, value);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.runAgain(formValues(form));
    });
    form.closest("details")?.addEventListener("toggle", (event) => {
      this.#setupOpen = (event.currentTarget as HTMLDetailsElement).open;
    });
  }

  /** Keeps the form's values as the draft (nothing is checked or stored yet). */
  keepForm(values: Readonly<Record<string, unknown>>): void {
    const tactics = this.setup.tactics;
    if (tactics === undefined || this.draft === null) return;
    this.draft = draftFromForm(values, tactics.fighters, this.draft);
  }

  /** The "whole team" control: gives every member of `teamId` the value, and shows it. */
  async setTeamTactic(teamId: string, field: string, value: string | boolean): Promise<void> {
    const tactics = this.setup.tactics;
    if (tactics === undefined || this.draft === null) return;
    if (!(TACTIC_FIELDS as readonly string[]).includes(field)) return;
    if (field !== "defend" && value === "") return;
    const patch: Partial<RawTactic> =
      field === "defend" ? { defend: value === true } : { [field]: String(value) };
    this.draft = withTeamTactic(this.draft, tactics.fighters, teamId, patch);
    await this.render();
  }

  /**
   * "Run again": the form's values (or the draft as it stands) checked; a bad one is shown in the
   * pane and nothing runs. Resolves to whether a run started (and has ended).
   */
  async runAgain(values?: Readonly<Record<string, unknown>>): Promise<boolean> {
    const tactics = this.setup.tactics;
    if (this.busy || tactics === undefined || this.draft === null) return false;
    if (values !== undefined) this.keepForm(values);
    const read = readSetup(this.draft, tactics.fighters, tactics.info);
    if (!read.ok) {
      this.setupError = read.error;
      await this.render();
      return false;
    }
    await this.play(read.value);
    return true;
  }

  /** Plays `choice`: the progress bar and Cancel while the worker runs, then its outcome. */
  async play(choice: SetupChoice): Promise<void> {
    this.setupError = null;
    this.simState = { kind: "running", done: 0, total: choice.fights };
    this.#cancelled = false;
    await this.render({ force: true });
    const run = await this.setup.start(choice, (done, total) => {
      this.showProgress(done, total);
    });
    this.#run = run;
    // Read through a method: the flag may have been set by Cancel while `start` was awaited.
    if (this.#cancelAsked()) run.cancel();
    const outcome = await run.outcome;
    this.#run = null;
    await this.finish(outcome);
  }

  /** Progress: moves the bar in place when the window is open, without a full render. */
  showProgress(done: number, total: number): void {
    this.simState = { kind: "running", done, total };
    const root = (this as { element?: HTMLElement | null }).element ?? null;
    const bar = root?.querySelector("progress") ?? null;
    const text = root?.querySelector(".fray-sim-progress-text") ?? null;
    if (bar === null || text === null) return;
    const view = this.view();
    bar.value = view.percent;
    text.textContent = view.progressText;
  }

  /** Shows how the run ended, if the window is still open (a closed window stays closed). */
  async finish(state: SimulatorState): Promise<void> {
    this.simState = state;
    await this.render();
  }

  /** Closing the window while the fights run stops them: nobody would see the report. */
  override _onClose(...args: Parameters<foundry.applications.api.ApplicationV2["_onClose"]>): void {
    super._onClose(...args);
    if (this.busy) this.cancel();
  }

  /** Cancel: the worker stops after its current chunk; the window then says so. */
  cancel(): void {
    this.#cancelled = true;
    this.#run?.cancel();
  }

  #cancelAsked(): boolean {
    return this.#cancelled;
  }

  static #onCancel(this: SimulatorApp): void {
    this.cancel();
  }
}

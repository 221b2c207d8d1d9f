/**
 * The simulator's window (ApplicationV2 with a Handlebars part): a progress bar with Cancel while
 * the worker plays, then the report's charts. The view is simulatorView's; this class only holds
 * the state and renders it.
 */
import { SYSTEM_PATH } from "../constants.ts";
import type { TemplatePart } from "../sheets/base.ts";
import { i18n } from "../shared/env.ts";
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

export interface SimulatorSetup {
  /** Team colours by id, for the bars. */
  readonly colors: Readonly<Record<string, string>>;
  /** The team the GM asked about (its bar first, its chance in the headline). */
  readonly focus?: string;
  /** Called when the GM presses Cancel. */
  readonly onCancel: () => void;
}

export class SimulatorApp extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    classes: ["fray", "fray-simulator"],
    window: { title: "FRAY.Simulator.Title", resizable: true },
    position: { width: 480, height: "auto" as const },
    actions: {
      cancel: SimulatorApp.#onCancel,
    },
  };

  static PARTS: Record<string, TemplatePart> = {
    body: { template: SIMULATOR_TEMPLATE },
  };

  simState: SimulatorState = { kind: "running", done: 0, total: 0 };
  readonly setup: SimulatorSetup;

  constructor(setup: SimulatorSetup) {
    super({});
    this.setup = setup;
  }

  /** The view the template renders now. */
  view(): SimulatorView {
    return simulatorView(this.simState, i18n(), this.setup.colors, this.setup.focus);
  }

  override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    const context = await super._prepareContext(options);
    return Object.assign(context, this.view());
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

  async finish(state: SimulatorState): Promise<void> {
    this.simState = state;
    await this.render({ force: true });
  }

  static #onCancel(this: SimulatorApp): void {
    this.setup.onCancel();
  }
}

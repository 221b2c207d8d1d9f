/**
 * The attack dialog every ruleset opens: its own template and situation, the same window. It
 * offers Roll and Cancel, re-reads the form on every change to show only the fields that apply
 * (dialog-fields.ts) and to refresh the odds box, and resolves to the situation the player chose,
 * or null when closed without attacking. The templates lay their fields out with the shared row
 * and odds partials (templates/dialog/parts/).
 */
import { FIELD_ATTRIBUTE, showFieldsThatApply } from "./dialog-fields.ts";
import type { FieldRule } from "./dialog-fields.ts";

/** A dialog select's options: each id with its label key, the chosen one selected. */
export function dialogOptions<T extends string>(
  ids: readonly T[],
  selected: T,
  label: (id: T) => string,
) {
  return ids.map((id) => ({ id, label: label(id), selected: id === selected }));
}

/**
 * The odds box's texts by `data-odds` name (null: the line does not apply to these options and is
 * hidden), and the refusal when the attack is refused.
 */
export interface OddsPanel {
  readonly texts: Readonly<Record<string, string | null>>;
  /** Already localized (see shared/refusal.ts refusalText). */
  readonly refusedText: string | null;
}

/** A line of the odds box: its `data-odds` name and its label's localization key. */
export interface OddsLine {
  readonly key: string;
  readonly label: string;
}

/** The odds box partial's context (templates/dialog/parts/odds.hbs) for a panel and its lines. */
export function oddsBox(panel: OddsPanel, lines: readonly OddsLine[], note: string | null = null) {
  return {
    rows: lines.map(({ key, label }) => {
      const text = panel.texts[key];
      return { key, label, value: text ?? "—", shown: text !== null };
    }),
    refused: panel.refusedText,
    note,
  };
}

/** A dialog's choice among fixed ids: the value when it is one of `list`, else `fallback`. */
export function pick<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback;
}

/**
 * The form's values by field name: checkboxes as booleans, everything else as text. A field in a
 * hidden row (one that does not apply to the attack chosen) is left out, whatever it holds.
 */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    if (element.closest(`[${FIELD_ATTRIBUTE}][hidden]`) !== null) continue;
    if (element instanceof HTMLInputElement && element.type === "checkbox") {
      values[element.name] = element.checked;
    } else if (element instanceof HTMLSelectElement || element instanceof HTMLInputElement) {
      values[element.name] = element.value;
    }
  }
  return values;
}

/** Writes fresh odds into the dialog's odds box: each line's text, shown when it applies. */
export function showOdds(root: HTMLElement, panel: OddsPanel): void {
  for (const target of Array.from(root.querySelectorAll<HTMLElement>("[data-odds]"))) {
    const name = target.getAttribute("data-odds") ?? "";
    if (name === "refused") continue;
    const text = panel.texts[name];
    target.textContent = text ?? "—";
    const row = target.closest<HTMLElement>("[data-odds-row]");
    if (row !== null) row.hidden = text === null;
  }
  const refused = root.querySelector<HTMLElement>("[data-odds='refused']");
  if (refused !== null) {
    refused.hidden = panel.refusedText === null;
    refused.textContent = panel.refusedText ?? "";
  }
}

export interface AttackDialogSpec<S> {
  readonly template: string;
  readonly context: Record<string, unknown>;
  /** Already localized. */
  readonly title: string;
  readonly classes: readonly string[];
  /** Localization keys of the two buttons. */
  readonly rollLabel: string;
  readonly cancelLabel: string;
  /** The situation the form describes. */
  readonly read: (values: Record<string, unknown>) => S;
  /** The odds panel for a situation. */
  readonly odds: (situation: S) => OddsPanel;
  /** Which fields apply to which attack (none: every field always applies). */
  readonly fields?: FieldRule;
  /** What the rule reads besides the form, fixed while the dialog is open (the weapon's kind). */
  readonly facts?: Readonly<Record<string, string>>;
}

export async function promptAttackDialog<S extends object>(
  spec: AttackDialogSpec<S>,
): Promise<S | null> {
  const content = await foundry.applications.handlebars.renderTemplate(spec.template, spec.context);
  // DialogV2.wait resolves to what the pressed button's callback returns.
  const dialogs = foundry.applications.api.DialogV2 as unknown as {
    wait(config: object): Promise<unknown>;
  };
  const result = await dialogs.wait({
    window: { title: spec.title },
    classes: [...spec.classes, "fray-dialog"],
    content,
    buttons: [
      {
        action: "attack",
        label: spec.rollLabel,
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) =>
          button.form === null ? null : spec.read(formValues(button.form)),
      },
      { action: "cancel", label: spec.cancelLabel },
    ],
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      if (form === null) return;
      const refresh = () => {
        if (spec.fields !== undefined) {
          showFieldsThatApply(form, spec.fields, { ...spec.facts, ...formValues(form) });
        }
        showOdds(dialog.element, spec.odds(spec.read(formValues(form))));
      };
      form.addEventListener("change", refresh);
      refresh();
    },
    rejectClose: false,
  });
  return typeof result === "object" && result !== null ? (result as S) : null;
}

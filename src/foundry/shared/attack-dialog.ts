/**
 * The attack dialog every ruleset opens: its own template and situation, the same window. It
 * offers Roll and Cancel, re-reads the form on every change to refresh the odds panel, and
 * resolves to the situation the player chose, or null when closed without attacking.
 */

/** The odds panel's texts by `data-odds` name, and the refusal key when the attack is refused. */
/** A dialog select's options: each id with its label key, the chosen one selected. */
export function dialogOptions<T extends string>(
  ids: readonly T[],
  selected: T,
  label: (id: T) => string,
) {
  return ids.map((id) => ({ id, label: label(id), selected: id === selected }));
}

export interface OddsPanel {
  readonly texts: Readonly<Record<string, string>>;
  /** Already localized (see shared/refusal.ts refusalText). */
  readonly refusedText: string | null;
}

/** A dialog's choice among fixed ids: the value when it is one of `list`, else `fallback`. */
export function pick<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback;
}

/** The form's values by field name: checkboxes as booleans, everything else as text. */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.type === "checkbox") {
      values[element.name] = element.checked;
    } else if (element instanceof HTMLSelectElement || element instanceof HTMLInputElement) {
      values[element.name] = element.value;
    }
  }
  return values;
}

/** Writes fresh odds into the dialog's odds panel. */
export function showOdds(root: HTMLElement, panel: OddsPanel): void {
  for (const [name, text] of Object.entries(panel.texts)) {
    const target = root.querySelector(`[data-odds="${name}"]`);
    if (target !== null) target.textContent = text;
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
    classes: [...spec.classes],
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
      form.addEventListener("change", () => {
        showOdds(dialog.element, spec.odds(spec.read(formValues(form))));
      });
    },
    rejectClose: false,
  });
  return typeof result === "object" && result !== null ? (result as S) : null;
}

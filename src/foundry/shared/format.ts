/** How numbers and roll modifiers read on sheets, cards and dialogs, the same in every ruleset. */

/** A bonus or penalty with its sign: "+2", "−1" (a true minus sign), "+0". */
export function signed(value: number): string {
  return value >= 0 ? `+${String(value)}` : `\u2212${String(Math.abs(value))}`;
}

/** A probability as the dialogs show it: one decimal, e.g. "56.3%". */
export function percent(p: number): string {
  return `${(Math.round(p * 1000) / 10).toFixed(1)}%`;
}

export interface ModifierLine {
  readonly label: string;
  readonly value: string;
  readonly negative: boolean;
}

/**
 * A roll's modifiers as card lines. Sources in `known` are translated with `keyOf`; any other
 * (a GM's own modifier) shows as it was named.
 */
export function modifierLines(
  modifiers: readonly { readonly source: string; readonly value: number }[],
  known: ReadonlySet<string>,
  keyOf: (source: string) => string,
  localize: (key: string) => string,
): ModifierLine[] {
  return modifiers.map((m) => ({
    label: known.has(m.source) ? localize(keyOf(m.source)) : m.source,
    value: signed(m.value),
    negative: m.value < 0,
  }));
}

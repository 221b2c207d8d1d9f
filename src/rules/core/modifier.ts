/**
 * A named number added to a roll ("skill +2", "cover −2"), listed to players in the order the
 * rules add them. Shared by every ruleset that totals a roll from modifiers.
 */
export interface Modifier {
  readonly source: string;
  readonly value: number;
}

/** Appends a modifier unless it is zero (a zero says nothing worth showing). */
export function addModifier(list: Modifier[], source: string, value: number): void {
  if (value !== 0) list.push({ source, value });
}

export function sumModifiers(modifiers: readonly Modifier[]): number {
  return modifiers.reduce((total, m) => total + m.value, 0);
}

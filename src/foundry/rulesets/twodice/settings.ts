/**
 * The two-dice options every action, card and sheet reads (src/rules/twodice/options.ts): the
 * book's numbers and, where it is silent, the README's decisions. The game registers no world
 * setting of its own yet; every rule reads its options here, so one added later changes them all.
 */
import { DEFAULT_TWODICE_OPTIONS } from "../../../rules/twodice/options.ts";
import type { TwodiceOptions } from "../../../rules/twodice/options.ts";

/** The rules' options as this world sets them. */
export function twodiceOptions(): TwodiceOptions {
  return DEFAULT_TWODICE_OPTIONS;
}

/**
 * The world settings WWN reads of its own, registered through the seam's `registerSettings`:
 * where the chapter is silent, the GM sets the number. Today: the Heal check total that
 * stabilizes a dying PC (the rules' default, 8). `wwnOptions()` builds the rules' options from
 * them, checked; a stored value the rules refuse falls back to the defaults.
 */
import { DEFAULT_WWN_OPTIONS, checkWwnOptions } from "../../../rules/wwn/index.ts";
import type { WwnOptions } from "../../../rules/wwn/index.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { registerWorldSetting } from "../../shared/settings.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fray.wwnStabilizeDifficulty": number;
  }
}

/** The highest difficulty the setting offers (a 2d6 check with a large skill still reaches it). */
const MAX_DIFFICULTY = 30;

/** Registers WWN's own world settings (the seam's registerSettings). */
export function registerWwnSettings(): void {
  registerWorldSetting(
    "wwnStabilizeDifficulty",
    (part) => `FRAY.Wwn.Settings.StabilizeDifficulty.${part}`,
    {
      type: Number,
      range: { min: 2, max: MAX_DIFFICULTY, step: 1 },
      default: DEFAULT_WWN_OPTIONS.stabilizeDifficulty,
    },
  );
}

/** The rules' options as this world sets them; the defaults when a stored value is refused. */
export function wwnOptions(): WwnOptions {
  const options: WwnOptions = {
    ...DEFAULT_WWN_OPTIONS,
    stabilizeDifficulty: game.settings.get(SYSTEM_ID, "wwnStabilizeDifficulty"),
  };
  return checkWwnOptions(options) === undefined ? options : DEFAULT_WWN_OPTIONS;
}

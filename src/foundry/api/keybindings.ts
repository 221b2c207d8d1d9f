/**
 * Fray's keybindings (Configure Controls, rebindable): each runs what the matching button or API
 * call runs, for this user's own actor (the first controlled token's, else their character).
 * - End my turn (Shift+E): the `combat.turn` intent, as the tracker's button (api.endTurn).
 * - Attack my target (Shift+A): the first weapon, the dialog's defaults (api.attackTarget).
 * - Toggle stance (Shift+P): the ruleset's next stance as its sheet's button takes it
 *   (api.toggleStance): Worldlines cycles standing, crouched, prone; WWN goes prone or stands.
 * - Open the simulator (Shift+M, GMs only): on the combat the GM's selected token fights in, else
 *   the viewed one (api.simulate).
 * Registered at init (core refuses a keybinding registered later).
 */
import { SYSTEM_ID } from "../constants.ts";
import { frayApi } from "./index.ts";

/** Core's KEYBINDING_PRECEDENCE.NORMAL. */
const NORMAL = 1;

export const KEYBINDINGS = {
  endTurn: {
    name: "FRAY.Keybindings.EndTurn.Name",
    hint: "FRAY.Keybindings.EndTurn.Hint",
    editable: [{ key: "KeyE", modifiers: ["Shift"] }],
    run: () => frayApi.endTurn(),
    restricted: false,
  },
  attackTarget: {
    name: "FRAY.Keybindings.AttackTarget.Name",
    hint: "FRAY.Keybindings.AttackTarget.Hint",
    editable: [{ key: "KeyA", modifiers: ["Shift"] }],
    run: () => frayApi.attackTarget(),
    restricted: false,
  },
  toggleStance: {
    name: "FRAY.Keybindings.ToggleStance.Name",
    hint: "FRAY.Keybindings.ToggleStance.Hint",
    editable: [{ key: "KeyP", modifiers: ["Shift"] }],
    run: () => frayApi.toggleStance(),
    restricted: false,
  },
  openSimulator: {
    name: "FRAY.Keybindings.Simulate.Name",
    hint: "FRAY.Keybindings.Simulate.Hint",
    editable: [{ key: "KeyM", modifiers: ["Shift"] }],
    run: () => frayApi.simulate(),
    restricted: true,
  },
} as const;

/** Registers Fray's keybindings with core. Call once, at init. */
export function registerKeybindings(): void {
  const keybindings = game.keybindings as unknown as {
    register(namespace: string, action: string, config: object): void;
  };
  for (const [action, binding] of Object.entries(KEYBINDINGS)) {
    keybindings.register(SYSTEM_ID, action, {
      name: binding.name,
      hint: binding.hint,
      editable: binding.editable.map((b) => ({ key: b.key, modifiers: [...b.modifiers] })),
      restricted: binding.restricted,
      precedence: NORMAL,
      onDown: () => {
        void binding.run();
        return true;
      },
    });
  }
}

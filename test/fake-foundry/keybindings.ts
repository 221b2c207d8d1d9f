/**
 * `game.keybindings` (core v13 ClientKeybindings) and the key presses core's KeyboardManager
 * turns into actions, as far as a system uses them:
 * - `register(namespace, action, config)` during init: core throws once the bindings have been
 *   built after init ("You cannot register a Keybinding after the init hook"), and without a
 *   namespace or an action; `editable` bindings are the defaults a user may change;
 * - `get(namespace, action)`: the action's current bindings (`uneditable` then `editable`, or
 *   what the user set); `set(namespace, action, bindings)`: the user rebinds it (core refuses a
 *   GM-only action to a player);
 * - a key press (`press(key, modifiers)`, the fake's stand-in for the keyboard): every action
 *   bound to exactly that key and those modifiers runs its `onDown` with core's context, by
 *   precedence then registration order, until one returns true (it consumed the event); an
 *   action `restricted` to GMs does not run for a player.
 */
import { world } from "./world.ts";

export interface KeyBinding {
  key: string;
  modifiers?: string[];
}

export interface KeybindingConfig {
  name: string;
  hint?: string;
  editable?: KeyBinding[];
  uneditable?: KeyBinding[];
  onDown?: (context: KeyContext) => boolean | undefined;
  onUp?: (context: KeyContext) => boolean | undefined;
  restricted?: boolean;
  precedence?: number;
  repeat?: boolean;
}

/** Core's KeyboardEventContext, as much as a handler reads. */
export interface KeyContext {
  key: string;
  isShift: boolean;
  isControl: boolean;
  isAlt: boolean;
  up: boolean;
  repeat: boolean;
  event: null;
}

/** Core's KEYBINDING_PRECEDENCE.NORMAL. */
const NORMAL = 1;

export class ClientKeybindings {
  readonly actions = new Map<string, KeybindingConfig & { namespace: string; order: number }>();
  #bindings: Map<string, KeyBinding[]> | null = null;
  #registered = 0;

  register(namespace: string, action: string, config: KeybindingConfig): void {
    if (this.#bindings !== null)
      throw new Error("You cannot register a Keybinding after the init hook");
    if (!namespace || !action) {
      throw new Error(
        "You must specify both the namespace and action portion of the Keybinding action",
      );
    }
    if (typeof config.name !== "string") throw new Error("A keybinding needs a name");
    this.actions.set(`${namespace}.${action}`, {
      ...config,
      namespace,
      precedence: config.precedence ?? NORMAL,
      order: this.#registered++,
    });
  }

  /** Core builds every action's bindings once init is over (at setup). */
  initialize(): Map<string, KeyBinding[]> {
    if (this.#bindings === null) {
      this.#bindings = new Map(
        [...this.actions].map(([id, config]) => [
          id,
          [...(config.uneditable ?? []), ...(config.editable ?? [])],
        ]),
      );
    }
    return this.#bindings;
  }

  get(namespace: string, action: string): KeyBinding[] {
    const id = `${namespace}.${action}`;
    if (!this.actions.has(id)) throw new Error(`${id} is not a registered keybinding action`);
    return [...(this.initialize().get(id) ?? [])];
  }

  async set(namespace: string, action: string, bindings: KeyBinding[]): Promise<void> {
    const id = `${namespace}.${action}`;
    const config = this.actions.get(id);
    if (config === undefined) throw new Error(`${id} is not a registered keybinding action`);
    if (config.restricted === true && !world.user().isGM) {
      throw new Error("Only a GM can edit this keybinding");
    }
    this.initialize().set(id, [...(config.uneditable ?? []), ...bindings]);
    await Promise.resolve(); // core stores them in a client setting
  }

  /** A key pressed on the current user's client, with these modifiers ("Shift", "Control", "Alt"). */
  press(key: string, modifiers: string[] = []): string[] {
    const held = [...modifiers].sort().join("+");
    const ran: string[] = [];
    const bound = [...this.actions]
      .filter(([id]) =>
        (this.initialize().get(id) ?? []).some(
          (b) => b.key === key && [...(b.modifiers ?? [])].sort().join("+") === held,
        ),
      )
      .sort(
        ([, a], [, b]) => (a.precedence ?? NORMAL) - (b.precedence ?? NORMAL) || a.order - b.order,
      );
    const context: KeyContext = {
      key,
      isShift: modifiers.includes("Shift"),
      isControl: modifiers.includes("Control"),
      isAlt: modifiers.includes("Alt"),
      up: false,
      repeat: false,
      event: null,
    };
    for (const [id, config] of bound) {
      if (config.restricted === true && !world.user().isGM) continue;
      ran.push(id);
      if (config.onDown?.(context) === true) break;
    }
    return ran;
  }
}

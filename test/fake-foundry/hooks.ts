type HookFn = (...args: unknown[]) => unknown;

/** `Hooks`: on/once/off, call (stops at the first `false`) and callAll, with a record of calls. */
export class HookRegistry {
  readonly #handlers = new Map<string, { fn: HookFn; once: boolean }[]>();
  readonly fired: { hook: string; args: unknown[] }[] = [];

  on(hook: string, fn: HookFn): number {
    const list = this.#handlers.get(hook) ?? [];
    list.push({ fn, once: false });
    this.#handlers.set(hook, list);
    return list.length;
  }

  once(hook: string, fn: HookFn): number {
    const list = this.#handlers.get(hook) ?? [];
    list.push({ fn, once: true });
    this.#handlers.set(hook, list);
    return list.length;
  }

  off(hook: string, fn: HookFn): void {
    const list = this.#handlers.get(hook) ?? [];
    this.#handlers.set(
      hook,
      list.filter((entry) => entry.fn !== fn),
    );
  }

  callAll(hook: string, ...args: unknown[]): true {
    this.fired.push({ hook, args });
    for (const entry of this.#take(hook)) entry.fn(...args);
    return true;
  }

  call(hook: string, ...args: unknown[]): boolean {
    this.fired.push({ hook, args });
    for (const entry of this.#take(hook)) if (entry.fn(...args) === false) return false;
    return true;
  }

  /** Runs every handler of a hook and waits for the async ones (the fake's stand-in for Foundry awaiting init). */
  async callAsync(hook: string, ...args: unknown[]): Promise<void> {
    this.fired.push({ hook, args });
    for (const entry of this.#take(hook)) await entry.fn(...args);
  }

  #take(hook: string): { fn: HookFn; once: boolean }[] {
    const list = this.#handlers.get(hook) ?? [];
    this.#handlers.set(
      hook,
      list.filter((entry) => !entry.once),
    );
    return list;
  }
}

/** `foundry.utils.Collection`: a Map with the array-like helpers documents use. */
export class Collection<V> extends Map<string, V> {
  get contents(): V[] {
    return [...this.values()];
  }

  filter(predicate: (value: V) => boolean): V[] {
    return this.contents.filter(predicate);
  }

  find(predicate: (value: V) => boolean): V | undefined {
    return this.contents.find(predicate);
  }

  /** Core's `Collection#some`: whether any value passes the test. */
  some(predicate: (value: V) => boolean): boolean {
    return this.contents.some(predicate);
  }

  map<T>(transform: (value: V) => T): T[] {
    return this.contents.map(transform);
  }

  getName(name: string): V | undefined {
    return this.find((value) => (value as { name?: string }).name === name);
  }
}

/**
 * Core v13's `foundry.utils.Collection` iterates its values, not Map's [key, value] pairs:
 * `for (const actor of game.actors)` and `[...scene.tokens]` yield documents; `entries()` still
 * gives the pairs. (Set on the prototype: TypeScript will not let a Map subclass retype its
 * iterator, and the shell reads collections through fvtt-types, which types them as core does.)
 */
Object.defineProperty(Collection.prototype, Symbol.iterator, {
  value: function values(this: Map<string, unknown>) {
    return this.values();
  },
  writable: true,
  configurable: true,
});

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

// A map that keeps the entries used last: past its capacity, the one used
// longest ago goes. Pure.

export class LruCache {
  /** @param {number} capacity the most entries kept */
  constructor(capacity) {
    this.capacity = capacity;
    /** @type {Map<any, any>} in the order of use, the oldest first */
    this.map = new Map();
  }

  get size() { return this.map.size; }

  has(key) { return this.map.has(key); }

  /** The value under `key` (undefined when none), now the last used. */
  get(key) {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key);
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Keeps `value` under `key` as the last used; drops the oldest past the capacity. */
  set(key, value) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value);
    return this;
  }

  delete(key) { return this.map.delete(key); }
}

// A log kept newest last and capped twice, oldest first: by entries and by the bytes of their JSON text, so a
// session whose entries carry whole records (a cart's events) cannot grow past its byte cap however many it keeps.
// The newest entry is always kept, even one alone over the byte cap.

export class CappedLog<T> {
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #entries: T[] = [];
  #sizes: number[] = [];
  /** Where the kept entries start: dropped ones are cut off in batches, not one shift at a time. */
  #start = 0;
  #bytes = 0;

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  /** Adds the newest entry (`bytes`: its JSON text's length) and drops the oldest while over either cap. */
  push(entry: T, bytes: number): void {
    this.#entries.push(entry);
    this.#sizes.push(bytes);
    this.#bytes += bytes;
    while (this.size > 1 && (this.size > this.#maxEntries || this.#bytes > this.#maxBytes)) {
      this.#bytes -= this.#sizes[this.#start] ?? 0;
      this.#start += 1;
    }
    if (this.#start >= 64 && this.#start * 2 >= this.#entries.length) {
      this.#entries = this.#entries.slice(this.#start);
      this.#sizes = this.#sizes.slice(this.#start);
      this.#start = 0;
    }
  }

  get size(): number {
    return this.#entries.length - this.#start;
  }

  /** The bytes of the entries kept. */
  get bytes(): number {
    return this.#bytes;
  }

  /** At most `limit` entries, newest first. */
  newestFirst(limit = this.size): T[] {
    const from = Math.max(this.#start, this.#entries.length - limit);
    return this.#entries.slice(from).reverse();
  }
}

// What a seeding function writes, collected to be sent to Redis in one script (the session store's seeding).
import type { SessionStore } from '../engine/store';

export class SeedBuffer implements SessionStore {
  readonly records = new Map<string, Map<string, string>>();
  async get<T>(collection: string, id: string): Promise<T | undefined> {
    const text = this.records.get(collection)?.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }
  async list<T>(collection: string): Promise<T[]> {
    return [...(this.records.get(collection)?.values() ?? [])].map((text) => JSON.parse(text) as T);
  }
  async put<T>(collection: string, id: string, value: T): Promise<void> {
    let records = this.records.get(collection);
    if (!records) {
      records = new Map();
      this.records.set(collection, records);
    }
    records.set(id, JSON.stringify(value));
  }
  async remove(collection: string, id: string): Promise<boolean> {
    return this.records.get(collection)?.delete(id) ?? false;
  }
  async dump(): Promise<Record<string, unknown[]>> {
    return Object.fromEntries([...this.records.keys()].map((name) => [name, [...(this.records.get(name)?.values() ?? [])]]));
  }
  /** The seeding script's tail: collection, id, JSON per record. */
  args(): string[] {
    return [...this.records].flatMap(([collection, records]) => [...records].flatMap(([id, json]) => [collection, id, json]));
  }
}

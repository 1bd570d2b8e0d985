// Request history, kept in this browser's localStorage (the newest 50), replayable: each entry keeps the form
// as it was sent.
import { useSyncExternalStore } from 'react';
import type { RequestForm } from './request-form';

export interface HistoryEntry {
  readonly id: string;
  /** ISO time the call was sent. */
  readonly at: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly form: RequestForm;
  readonly role: string;
  readonly status: number;
  readonly durationMs: number;
  readonly requestId: string | undefined;
  /** Whether the answer matched the contract. */
  readonly contractOk: boolean;
}

const KEY = 'storefront-explorer.history';
const LIMIT = 50;
const listeners = new Set<() => void>();
let cache: { raw: string | null; entries: readonly HistoryEntry[] } = { raw: null, entries: [] };

const read = (): readonly HistoryEntry[] => {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return cache.entries;
  }
  if (raw === cache.raw) return cache.entries;
  let entries: readonly HistoryEntry[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    entries = Array.isArray(parsed)
      ? (parsed as HistoryEntry[]).filter((entry) => typeof entry?.operationId === 'string' && typeof entry.form === 'object')
      : [];
  } catch {
    // Unreadable history starts over.
  }
  cache = { raw, entries };
  return entries;
};

const write = (entries: readonly HistoryEntry[]): void => {
  try {
    localStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    cache = { raw: cache.raw, entries };
  }
  for (const listener of listeners) listener();
};

export const addToHistory = (entry: HistoryEntry): void => write([entry, ...read()].slice(0, LIMIT));
export const clearHistory = (): void => write([]);
export const historyEntry = (id: string): HistoryEntry | undefined => read().find((entry) => entry.id === id);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const useHistory = (): readonly HistoryEntry[] => useSyncExternalStore(subscribe, read);

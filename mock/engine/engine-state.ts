// Everything the stateful engine keeps between requests, behind async interfaces: session records, minted
// tokens, scenarios, the request log and the recorded events. In memory by default; a shared implementation
// (the Redis one) replaces all of it at once, so a second replica sees the same world.
import { type EventLog, MemoryEventLog } from './events';
import { MemoryTokenStore, type TokenStore } from './identity';
import { MemoryStoreProvider } from './memory-store';
import { RequestLog, type RequestLogStore } from './request-log';
import { type ScenarioStore, Scenarios } from './scenarios';
import type { StoreProvider } from './store';

export interface EngineState {
  readonly store: StoreProvider;
  readonly tokens: TokenStore;
  readonly scenarios: ScenarioStore;
  readonly requestLog: RequestLogStore;
  readonly events: EventLog;
}

export const memoryState = (store: StoreProvider = new MemoryStoreProvider()): EngineState => ({
  store,
  tokens: new MemoryTokenStore(),
  scenarios: new Scenarios(),
  requestLog: new RequestLog(),
  events: new MemoryEventLog(),
});

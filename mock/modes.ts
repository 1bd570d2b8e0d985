// The mock's modes, declared once: each is one record (its handler or forwarding, its controls, its policy) in a
// file of mock/modes/, registered here by name. `stateful` (the engine), `static` and `dynamic` (Prism's: the
// spec's examples, bodies generated from the schemas) and `proxy` (a real API behind it, each exchange checked
// against the contract). The Node server (start-mock.ts) starts the one named; the MSW adapter builds the stateful
// record alone (mock/modes/stateful.ts). Adding a mode: its file, its test, and its line here.
import { prismMode } from './modes/prism';
import { PROXY_NODE } from './modes/proxy';
import { STATEFUL_NODE } from './modes/stateful-node';
import type { NodeMode } from './node/node-mode';

export type { PrismMode } from './modes/prism';

export const MODES = {
  stateful: STATEFUL_NODE,
  static: prismMode('static'),
  dynamic: prismMode('dynamic'),
  proxy: PROXY_NODE,
} as const satisfies Readonly<Record<string, NodeMode>>;

export type MockMode = keyof typeof MODES;
/** The modes' names, the default first. */
export const MOCK_MODES: readonly MockMode[] = Object.keys(MODES).filter((name): name is MockMode => name in MODES);

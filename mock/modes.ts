// The mock's modes: `stateful` (the engine), one of Prism's (`static`: the spec's examples, `dynamic`: bodies
// generated from the schemas), or `proxy` (a real API behind it, each exchange checked against the contract).
// Isomorphic: the MSW entry names them without reaching Prism.
export type PrismMode = 'static' | 'dynamic';
export type MockMode = 'stateful' | PrismMode | 'proxy';
export const MOCK_MODES: readonly MockMode[] = ['stateful', 'static', 'dynamic', 'proxy'];

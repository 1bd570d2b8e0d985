// The mock's modes: `stateful` (the engine) or one of Prism's (`static`: the spec's examples, `dynamic`: bodies
// generated from the schemas). Isomorphic: the MSW entry names them without reaching Prism.
export type PrismMode = 'static' | 'dynamic';
export type MockMode = 'stateful' | PrismMode;
export const MOCK_MODES: readonly MockMode[] = ['stateful', 'static', 'dynamic'];

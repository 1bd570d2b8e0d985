// The composition root: builds a mode, once, for either adapter (the Node HTTP server of start-mock.ts, the MSW
// handlers of msw/), from the mode's record (mode-record.ts) and its parts. It names no mode: the registry of the
// modes is mock/modes.ts, and each mode is a file of mock/modes/. Every mode runs the stages in their declared
// order (pipeline/stage-order.ts) under its policy. The limits both adapters apply come from here too.
// Isomorphic: the documents come parsed, and nothing here reaches Prism or a Node module.
import { DEFAULT_LIMITS, type TransportLimits } from './limits';
import type { Composed, ModeContext, ModeRecord } from './mode-record';
import type { Policy } from './pipeline/pipeline';

export interface ComposeOptions<P, C extends Composed> extends ModeContext {
  /** The mode to build: its record (mock/modes/). */
  readonly mode: ModeRecord<P, C>;
  /** What the mode is built from. */
  readonly parts: P;
  readonly limits?: Partial<TransportLimits> | undefined;
}

/** A mode built, with its name, its policy and the limits the adapters apply before a request reaches `handle`. */
export type ComposedMock<C extends Composed = Composed> = C & {
  readonly mode: string;
  /** What a request that breaks its contract gets: `refuse`d, or `record`ed and forwarded (the proxy). */
  readonly policy: Policy['kind'];
  /** The limits the adapters apply before a request reaches `handle` (the body size above all). */
  readonly limits: TransportLimits;
};

export const composeMock = <P, C extends Composed>(options: ComposeOptions<P, C>): ComposedMock<C> => ({
  ...options.mode.compose(options, options.parts),
  mode: options.mode.name,
  policy: options.mode.policy,
  limits: { ...DEFAULT_LIMITS, ...options.limits },
});

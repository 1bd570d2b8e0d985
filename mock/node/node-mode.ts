// A mode as the Node server starts it: its record (mode-record.ts) with what only the Node side can give it (Prism,
// the upstream's connections, fixtures read from disk, a Redis state), built into its parts, composed by the
// composition root, and closed in turn. start-mock.ts starts whichever mode the registry (mock/modes.ts) names.
import { type ComposedMock, composeMock } from '../compose-mock';
import type { Composed, ModeContext, ModeRecord } from '../mode-record';
import type { MockOptions } from '../start-mock';

export interface NodeContext extends ModeContext {
  /** The options the mock was started with. */
  readonly options: MockOptions;
}

/** A mode's parts as the Node side built them, with what it does once composed and when closed. */
export interface NodeParts<P, C extends Composed> {
  readonly parts: P;
  /** The recording's file (proxy mode with `recordDir` only). */
  readonly recordFile?: string | undefined;
  /** Runs once the mode is composed, before the server listens. */
  started?(mock: ComposedMock<C>): Promise<void>;
  /** Runs after the composed mode closed. */
  close?(): Promise<void>;
}

export interface StartedMode {
  readonly mock: ComposedMock;
  readonly recordFile: string | undefined;
  close(): Promise<void>;
}

/** A mode the Node server can start. */
export interface NodeMode {
  readonly name: string;
  start(context: NodeContext): Promise<StartedMode>;
}

export const nodeMode = <P, C extends Composed>(
  record: ModeRecord<P, C>,
  build: (context: NodeContext) => NodeParts<P, C> | Promise<NodeParts<P, C>>,
): NodeMode => ({
  name: record.name,
  async start(context) {
    const built = await build(context);
    const mock = composeMock({ ...context, mode: record, parts: built.parts, limits: context.options.limits });
    await built.started?.(mock);
    return {
      mock,
      recordFile: built.recordFile,
      async close() {
        await mock.close();
        await built.close?.();
      },
    };
  },
});

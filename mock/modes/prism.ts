// Static and dynamic modes: the pipeline over Prism's handler (the spec's examples, or bodies generated from the
// schemas), built by the Node side, the only one that can run Prism; the health control is their only control.
import { apiVersion } from '../../spec-model/api-version';
import { FAMILIES, JSON_MEDIA_TYPE } from '../../src/protocol';
import type { ModeRecord } from '../mode-record';
import { nodeMode } from '../node/node-mode';
import { assemblePipeline } from '../pipeline/assemble';
import type { OperationHandler } from '../pipeline/stages/handler';
import { createPagesStage } from '../pipeline/stages/pages';
import type { MockPages } from '../pipeline/types';
import { createPrismModeHandler } from '../prism/prism-mode';
import { ResponseValidator } from '../validation/response-validator';
import { SchemaCompilers } from '../validation/schema-compilers';

export type PrismMode = 'static' | 'dynamic';

export interface PrismParts {
  /** Prism's handler over its own copy of the documents (its bundler rewrites references in place). */
  readonly handler: OperationHandler;
}

export const prismRecord = (mode: PrismMode): ModeRecord<PrismParts> => ({
  name: mode,
  policy: 'refuse',
  compose(context, parts) {
    const compilers = new SchemaCompilers();
    const health: MockPages = async (_request, method, path) =>
      method === 'GET' && path === '/__mock/health'
        ? {
            status: 200,
            headers: { 'content-type': JSON_MEDIA_TYPE },
            body: JSON.stringify({ mode, version: apiVersion(context.documents), families: FAMILIES, sessions: [] }),
          }
        : undefined;
    const handle = assemblePipeline({
      documents: context.documents,
      compilers,
      responses: new ResponseValidator(compilers, context.documents),
      pages: createPagesStage({ mode, controls: health }),
      handler: parts.handler,
      log: context.log,
      strict: context.strict,
    });
    return { handle, engine: undefined, webhooks: undefined, violations: undefined, close: async () => undefined };
  },
});

export const prismMode = (mode: PrismMode) =>
  nodeMode(prismRecord(mode), ({ documents, publicUrl }) => ({ parts: { handler: createPrismModeHandler(mode, documents, publicUrl) } }));

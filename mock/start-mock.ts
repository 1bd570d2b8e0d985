// Starts the mock in this process: both families' documents read once, Prism's mocker as the handler of the
// static and dynamic modes, the request pipeline, and the Node HTTP adapter on 127.0.0.1.
import { MOCK_FAMILIES, type FamilyName } from './families';
import type { CorsPolicy } from './http/cors';
import { DEFAULT_LIMITS, type TransportLimits } from './http/limits';
import { listen } from './http/node-adapter';
import { createPipeline } from './pipeline/handle-request';
import type { OperationHandler } from './pipeline/types';
import { boundDynamicMode } from './prism/dynamic-bounds';
import { loadPrism } from './prism/load-prism';
import { createPrismHandler, type PrismMode } from './prism/prism-handler';
import { prismOperations } from './prism/prism-operations';
import { MockRouter } from './routing';
import { documentPath, parseDocumentFile } from '../spec-model/load';
import { readOperationContracts } from '../spec-model/operation-contract';
import { RequestValidator, SchemaCompilers } from './validation/request-validator';

export type MockMode = PrismMode;

export interface MockOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** `static` (examples, the default) or `dynamic` (bodies generated from the schemas). */
  readonly mode?: MockMode;
  readonly limits?: Partial<TransportLimits>;
  /** Default: localhost origins only. */
  readonly cors?: CorsPolicy;
  /** The URL clients reach the mock at, for links it hands out; default `http://127.0.0.1:<port>`. */
  readonly publicUrl?: string;
  /** Where failures inside the mock are reported; default stderr. */
  readonly log?: (line: string) => void;
}

export interface RunningMock {
  readonly url: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export const startMock = async (options: MockOptions): Promise<RunningMock> => {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const prism = loadPrism();
  boundDynamicMode(prism);
  const compilers = new SchemaCompilers();
  const validators = new Map<FamilyName, RequestValidator>();
  const resources = new Map<string, unknown>();
  for (const family of MOCK_FAMILIES) {
    const document = parseDocumentFile(documentPath(family.name));
    // The validator copies what it needs first: Prism's bundler then rewrites references in the document.
    validators.set(family.name, new RequestValidator(compilers, family.name, document, readOperationContracts(document)));
    for (const [operationId, resource] of prismOperations(prism, document)) resources.set(operationId, resource);
  }
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const handler: OperationHandler = createPrismHandler({ prism, resources, mode: options.mode ?? 'static', publicUrl: () => publicUrl });
  const pipeline = createPipeline({ router: new MockRouter(MOCK_FAMILIES), validators, handler, log });
  const adapter = await listen(
    { pipeline, limits: { ...DEFAULT_LIMITS, ...options.limits }, cors: options.cors ?? { origins: [] }, log },
    HOST,
    options.port,
  );
  const url = `http://${HOST}:${adapter.port}`;
  publicUrl ||= url;
  return { url, close: () => adapter.close() };
};

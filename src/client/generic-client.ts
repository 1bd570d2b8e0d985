import type { Family, HttpMethod, OperationMeta } from '../operations/operation-meta';
import type { CallInit } from './build-request';
import type { Runtime } from './runtime';

type RouteMap = ReadonlyMap<string, OperationMeta>;

// The route tables load on the first path-based call only: apps that call operation functions never carry them.
const loadRoutes = async (family: Family): Promise<RouteMap> => {
  const { operations } =
    family === 'commerce' ? await import('../../generated/commerce/operations') : await import('../../generated/platform/operations');
  return new Map(operations.map((meta) => [`${meta.method} ${meta.path}`, meta as OperationMeta]));
};

/** `GET/POST/PUT/PATCH/DELETE(pathTemplate, init)` of one family, resolved to its operation by method and template. */
export const genericClient = (family: Family, runtime: Runtime) => {
  let routes: Promise<RouteMap> | undefined;
  const method =
    (verb: HttpMethod) =>
    async (path: string, init: CallInit = {}) => {
      const meta = (await (routes ??= loadRoutes(family))).get(`${verb} ${path}`) ?? { family, operationId: '', method: verb, path };
      return runtime.call(meta, init);
    };
  return { GET: method('GET'), POST: method('POST'), PUT: method('PUT'), PATCH: method('PATCH'), DELETE: method('DELETE') };
};

import { describe, expect, it } from 'vitest';
import type { Operation } from './document';
import type { Json } from './json';
import { pathAliases } from './path-aliases';

// An alias is the platform client's spelling of the documented path: letter case only, the same parameters,
// and a reason.
const operation = (path: string, aliases: Json | undefined): Operation => ({
  family: 'platform',
  method: 'POST',
  path,
  operationId: 'startThing',
  tags: [],
  parameters: [],
  responses: {},
  security: [],
  ...(aliases !== undefined && { 'x-path-aliases': aliases }),
});
const why = 'the platform SDK sends this spelling';

describe('path aliases', () => {
  it('are none when the operation declares none', () => {
    expect(pathAliases(operation('/v1/Start', undefined))).toEqual([]);
  });

  it('are the declared paths that differ only in letter case', () => {
    expect(pathAliases(operation('/v1/Things/{id}/Start', [{ path: '/v1/things/{id}/start', 'x-deviation': why }]))).toEqual([
      '/v1/things/{id}/start',
    ]);
  });

  it.each([
    ['not a list', { path: '/v1/start' }, 'must be a list'],
    ['no path', [{ 'x-deviation': why }], 'need a path'],
    ['no reason', [{ path: '/v1/start' }], '/v1/start needs an x-deviation'],
    ['an empty reason', [{ path: '/v1/start', 'x-deviation': ' ' }], 'needs an x-deviation'],
    ['the documented path itself', [{ path: '/v1/Start', 'x-deviation': why }], 'only in letter case'],
    ['another path', [{ path: '/v1/begin', 'x-deviation': why }], 'only in letter case'],
  ])('refuse %s', (_name, aliases, message) => {
    expect(() => pathAliases(operation('/v1/Start', aliases as Json))).toThrow(message);
  });

  it('refuse renamed parameters', () => {
    expect(() => pathAliases(operation('/v1/things/{Id}', [{ path: '/v1/things/{id}', 'x-deviation': why }]))).toThrow(
      'must name the parameters',
    );
  });
});

import type { TestProject } from 'vitest/node';
import { startMock } from '../../mock/start-mock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stateful mock (the default mode): most tests run against it. */
    mockUrl: string;
    /** A static-mode mock (Prism's examples), for the tests of static and dynamic answers. */
    staticMockUrl: string;
  }
}

/** Two mocks (both families, one port each) for the whole run, stopped when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [stateful, staticMock] = await Promise.all([startMock({ port: 0, mode: 'stateful' }), startMock({ port: 0, mode: 'static' })]);
  project.provide('mockUrl', stateful.url);
  project.provide('staticMockUrl', staticMock.url);
  return async () => {
    await Promise.all([stateful.close(), staticMock.close()]);
  };
}

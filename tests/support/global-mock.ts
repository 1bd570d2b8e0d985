import type { TestProject } from 'vitest/node';
import { startMock } from '../../mock/start-mock';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

/** One mock (both families, one port) for the whole run, stopped when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await startMock({ port: 0 });
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}

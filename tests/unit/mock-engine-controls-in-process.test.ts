import { describe, expect, it } from 'vitest';
import { ControlInputError } from '../../mock/engine/control-input';
import { createStatefulEngine } from '../../mock/engine/engine';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { SERVICES } from '../../mock/services/index';

// The in-process controls (the MSW adapter's users call them) judge their input as the HTTP controls do: the same
// refusal, field for field and rule for rule, for what POST /__mock/seed and /__mock/reset refuse.
const engine = createStatefulEngine({
  documents: readDocuments(),
  fixtures: readFixtures(),
  services: SERVICES,
  publicUrl: () => 'http://mock.test',
});

const overHttp = async (path: string, body: unknown) => {
  const response = await engine.handle({
    method: 'POST',
    target: path,
    headers: { 'content-type': 'application/json' },
    body: new TextEncoder().encode(JSON.stringify(body)),
    requestId: 'in-process-test',
  });
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
  return { status: response.status, violations: JSON.parse(text).details?.validationError?.fieldViolations };
};

const inProcess = async (call: () => Promise<unknown>) => {
  const error = await call().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ControlInputError);
  return (error as ControlInputError).violations;
};

describe('in-process controls judge as the HTTP controls', () => {
  it('seed refuses an unknown fixture as POST /__mock/seed does', async () => {
    const http = await overHttp('/__mock/seed', { session: 'judged', fixture: 'defualt' });
    expect(http.status).toBe(400);
    expect(await inProcess(() => engine.seed('judged', 'defualt'))).toEqual(http.violations);
  });

  it('seed refuses a bad session name as POST /__mock/seed does', async () => {
    const http = await overHttp('/__mock/seed', { session: 'no spaces', fixture: 'default' });
    expect(http.status).toBe(400);
    expect(await inProcess(() => engine.seed('no spaces', 'default'))).toEqual(http.violations);
  });

  it('reset refuses a bad session name as POST /__mock/reset does (rather than resetting nothing)', async () => {
    const http = await overHttp('/__mock/reset', { session: 'no spaces' });
    expect(http.status).toBe(400);
    expect(await inProcess(() => engine.reset('no spaces'))).toEqual(http.violations);
  });

  it('a session store is opened only under a valid session name, as GET /__mock/state judges it', async () => {
    expect((await inProcess(() => engine.session('no spaces')))[0]).toMatchObject({ field: 'session' });
  });

  it('valid input still works in process', async () => {
    expect(await engine.seed('judged', 'empty')).toBeTypeOf('object');
    expect(await engine.reset('judged')).toBeInstanceOf(Array);
    expect(await engine.session('judged')).toBeTruthy();
  });
});

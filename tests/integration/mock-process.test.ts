import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startArguments } from '../../scripts/harness/mock-process';
import { API_KEY } from '../support/mock-credentials';

// `npm run mock` as a process: ready on the PORT it is given, bad PORT refused, SIGTERM stops it cleanly.
const root = new URL('../..', import.meta.url).pathname;

const startMock = (port: string, env: Record<string, string> = {}) => {
  const child = spawn(process.execPath, startArguments(), {
    cwd: root,
    env: { ...process.env, PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
};

describe('mock process', () => {
  it('refuses a PORT that is not a port, naming it', async () => {
    const mock = startMock('eighty');
    expect(await mock.exited).toBe(2);
    expect(mock.output()).toMatch(/PORT must be an integer from 0 to 65535, got "eighty"/);
  });

  it('serves on the given port and stops cleanly on SIGTERM', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const mock = startMock(port);
    for (let i = 0; i < 300 && !mock.output().includes('mock ready'); i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(mock.output()).toContain(`mock ready on http://127.0.0.1:${port}`);
    const answer = await fetch(`http://127.0.0.1:${port}/v1/carts/current`, { headers: { Authorization: API_KEY } });
    expect(answer.status).toBe(200);
    mock.child.kill('SIGTERM');
    expect(await mock.exited).toBe(0);
    expect(mock.output()).toContain('mock stopped (SIGTERM)');
    await expect(fetch(`http://127.0.0.1:${port}/v1/carts/current`)).rejects.toThrow();
  }, 60_000);

  it('refuses a MOCK_STRICT that is not 1 or 0, naming it', async () => {
    const mock = startMock('0', { MOCK_STRICT: 'maybe' });
    expect(await mock.exited).toBe(2);
    expect(mock.output()).toMatch(/MOCK_STRICT must be 1 or 0 \(true or false\), got "maybe"/);
  });

  it('with MOCK_STRICT=1 refuses each undeclared field by its path, unless a request asks Prefer: handling=lenient', async () => {
    const mock = startMock('0', { MOCK_STRICT: '1' });
    for (let i = 0; i < 300 && !mock.output().includes('mock ready'); i += 1) await new Promise((r) => setTimeout(r, 100));
    const url = /mock ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(mock.output())?.[1];
    expect(url).toBeDefined();
    try {
      const add = (prefer?: string) =>
        fetch(`${url}/v1/carts/current/add-to-cart`, {
          method: 'POST',
          headers: { Authorization: API_KEY, 'content-type': 'application/json', 'x-mock-session': 'strict', ...(prefer && { prefer }) },
          body: JSON.stringify({
            lineItems: [
              {
                quantity: 1,
                catalogReference: { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
                quantty: 2,
              },
            ],
          }),
        });
      const refused = await add();
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { details: { validationError: { fieldViolations: unknown[] } } };
      expect(body.details.validationError.fieldViolations).toEqual([
        {
          field: 'lineItems[0].quantty',
          description: 'is not allowed',
          violatedRule: 'FIELD_NOT_ALLOWED',
          ruleName: 'FIELD_NOT_ALLOWED',
          data: {},
        },
      ]);
      expect((await add('handling=lenient')).status).toBe(200);
    } finally {
      mock.child.kill('SIGTERM');
      expect(await mock.exited).toBe(0);
    }
  }, 60_000);
});

import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { installPlatformSdk } from '../support/platform-sdk';

// The platform's own SDK against the mock: OAuthStrategy.register reads `data.type` of every field violation
// (an e-mail's is `EMAIL`), and verification.start calls `/v1/start`, the SDK's spelling of the seed's `/v1/Start`.
const CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
const MAYA = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182';

interface Outcome {
  readonly value?: Record<string, unknown>;
  readonly error?: string;
}
interface SdkCalls {
  readonly sent: string[];
  readonly register: Outcome;
  readonly start: Outcome;
}

const runSdk = (email: string): SdkCalls => {
  const dir = installPlatformSdk();
  copyFileSync(join(import.meta.dirname, 'fixtures', 'sdk-caller.mjs'), join(dir, 'sdk-caller.mjs'));
  return JSON.parse(
    execFileSync(process.execPath, [join(dir, 'sdk-caller.mjs')], {
      cwd: dir,
      input: JSON.stringify({ mockUrl: inject('mockUrl'), clientId: CLIENT_ID, identityId: MAYA, email }),
      encoding: 'utf8',
      timeout: 60_000,
    }),
  ) as SdkCalls;
};

describe("the platform SDK's own calls against the mock", { timeout: 300_000 }, () => {
  it('register with a malformed e-mail resolves to invalidEmail, and verification.start reaches /v1/start', () => {
    const { sent, register, start } = runSdk('not-an-email');
    expect(sent).toEqual(['POST /oauth2/token', 'POST /v2/register', 'POST /v1/start']);
    expect(register).toEqual({ value: { loginState: 'FAILURE', error: 'must be a valid email', errorCode: 'invalidEmail' } });
    expect(start.error).toBeUndefined();
    expect(start.value?.verificationId).toEqual(expect.any(String));
  });
});

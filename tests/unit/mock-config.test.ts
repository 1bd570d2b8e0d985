import { describe, expect, it } from 'vitest';
import { ConfigError, helpText, parseFlags, readMockConfig, SETTINGS } from '../../mock/config';

// The command's settings: each as a flag and an environment variable (the flag wins), one line naming the flag
// or variable for a bad value, and --help listing them all.
describe('mock settings', () => {
  it('reads every setting from its flag, in both spellings, over its environment variable', () => {
    const config = readMockConfig({ PORT: '5000', MOCK_API_KEY: 'from-env-key', MOCK_MAX_BODY: '2mb' }, [
      '--port=4999',
      '--api-key',
      'from-flag-key',
      '--fixtures-dir',
      '/tmp/fixtures',
      '--allowed-origins',
      'https://a.test,https://b.test',
    ]);
    expect(config).toMatchObject({
      port: 4999,
      apiKey: 'from-flag-key',
      fixturesDir: '/tmp/fixtures',
      cors: { origins: ['https://a.test', 'https://b.test'] },
      limits: { maxBodyBytes: 2 * 1024 * 1024 },
      mode: 'stateful',
      proxy: undefined,
    });
  });

  it('reads the proxy settings, and refuses them outside proxy mode', () => {
    const config = readMockConfig({ MOCK_UPSTREAM_TIMEOUT_MS: '750' }, [
      '--mode',
      'proxy',
      '--upstream',
      'https://api.test/base/',
      '--record',
      'rec',
    ]);
    expect(config.proxy).toEqual({ upstream: 'https://api.test/base', upstreamTimeoutMs: 750, recordDir: 'rec' });
    expect(() => readMockConfig({}, ['--record', 'rec'])).toThrow('--record works only with --mode proxy');
    expect(() => readMockConfig({ MOCK_MODE: 'proxy' })).toThrow('--mode proxy needs --upstream URL (or MOCK_UPSTREAM)');
    expect(() => readMockConfig({}, ['--mode=proxy', '--upstream=ftp://x'])).toThrow('--upstream must be an http(s) URL');
    expect(() => readMockConfig({ MOCK_UPSTREAM: 'http://u.test', MOCK_UPSTREAM_TIMEOUT_MS: '5' }, ['--mode', 'proxy'])).toThrow(
      'MOCK_UPSTREAM_TIMEOUT_MS must be an integer from 50 to 600000, got "5"',
    );
  });

  it('names the flag or the variable at fault, and refuses unknown flags and missing values', () => {
    expect(() => readMockConfig({ PORT: 'eighty' })).toThrow('PORT must be an integer from 0 to 65535, got "eighty"');
    expect(() => readMockConfig({}, ['--port', '-1'])).toThrow('--port must be an integer from 0 to 65535, got "-1"');
    expect(() => readMockConfig({}, ['--mode', 'mirror'])).toThrow('--mode must be stateful, static, dynamic, proxy, got "mirror"');
    expect(() => readMockConfig({}, ['--colour', 'red'])).toThrow(new ConfigError('unknown flag "--colour"; see --help'));
    expect(() => readMockConfig({}, ['serve'])).toThrow('unknown argument "serve"; see --help');
    expect(() => readMockConfig({}, ['--port'])).toThrow('--port needs a value (N); see --help');
    expect(() => readMockConfig({}, ['--upstream', '--port', '1'])).toThrow('--upstream needs a value (URL)');
  });

  it('--help lists every flag with its variable', () => {
    expect(parseFlags(['--help']).help).toBe(true);
    expect(parseFlags(['--version'])).toEqual({ values: {}, help: false, version: true });
    const text = helpText('storefront-mock');
    expect(text).toMatch(/^Usage: storefront-mock \[flags\]/);
    for (const setting of Object.values(SETTINGS)) expect(text).toMatch(new RegExp(`${setting.flag} ${setting.value} +${setting.env} `));
  });
});

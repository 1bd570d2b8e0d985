import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_STORE_PREFIX, readMockConfig } from './config';

describe('MOCK_STORE', () => {
  it('is in memory by default', () => {
    expect(readMockConfig({}).store).toEqual({ kind: 'memory' });
    expect(readMockConfig({ MOCK_STORE: 'memory' }).store).toEqual({ kind: 'memory' });
  });

  it('names a Redis URL, with the key prefix of MOCK_STORE_PREFIX', () => {
    expect(readMockConfig({ MOCK_STORE: 'redis://127.0.0.1:6379/2' }).store).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379/2',
      prefix: DEFAULT_STORE_PREFIX,
    });
    expect(readMockConfig({ MOCK_STORE: 'redis://cache:6380', MOCK_STORE_PREFIX: 'ci-7:' }).store).toMatchObject({ prefix: 'ci-7:' });
  });

  it('refuses anything else, naming the variable and an example', () => {
    for (const text of ['postgres://db/1', 'redis://', 'redis://host:6379/x', 'localhost:6379']) {
      expect(() => readMockConfig({ MOCK_STORE: text })).toThrow(
        new ConfigError(`MOCK_STORE must be memory or a Redis URL such as redis://127.0.0.1:6379/0, got "${text}"`),
      );
    }
    expect(() => readMockConfig({ MOCK_STORE: 'redis://h:1/0', MOCK_STORE_PREFIX: 'has space' })).toThrow(/MOCK_STORE_PREFIX/);
    expect(() => readMockConfig({ MOCK_STORE: 'redis://h:1/0', MOCK_MODE: 'static' })).toThrow(/needs stateful mode/);
  });
});

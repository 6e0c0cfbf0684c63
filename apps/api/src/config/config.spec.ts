import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults every variable to the local servers', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/councilpay');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.port).toBe(3000);
  });

  it('names a malformed DATABASE_URL without echoing it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url:secret' })).toThrow(/DATABASE_URL is malformed/);
    try {
      loadConfig({ DATABASE_URL: 'mysql://u:secret@h/db' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: '99999', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/REDIS_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });
});

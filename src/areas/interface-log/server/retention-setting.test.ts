import { describe, expect, it } from 'vitest';
import { configFromArgs, configFromEnv, DEFAULT_INTERFACE_LOG_RETENTION_DAYS } from '../../../server/config';

describe('interface-monitoring retention setting', () => {
  it('defaults to 90 days, and the flag wins over the environment', () => {
    expect(DEFAULT_INTERFACE_LOG_RETENTION_DAYS).toBe(90);
    expect(configFromEnv({}).interfaceLogRetentionDays).toBe(90);
    expect(configFromEnv({ CONSOLE_INTERFACE_LOG_DAYS: '30' }).interfaceLogRetentionDays).toBe(30);
    expect(configFromArgs(['--interface-log-days', '0'], { CONSOLE_INTERFACE_LOG_DAYS: '30' }).interfaceLogRetentionDays).toBe(0);
  });

  it('refuses a value that is no number of days, naming the setting', () => {
    expect(() => configFromEnv({ CONSOLE_INTERFACE_LOG_DAYS: 'ninety' })).toThrow(/CONSOLE_INTERFACE_LOG_DAYS must be a number of days/);
    expect(() => configFromArgs(['--interface-log-days', '-1'])).toThrow(/--interface-log-days needs a value|--interface-log-days must be/);
    expect(() => configFromArgs(['--interface-log-days', '1.5'])).toThrow(/--interface-log-days must be a number of days/);
  });
});

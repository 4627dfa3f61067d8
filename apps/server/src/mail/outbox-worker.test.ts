import { describe, expect, it } from 'vitest';
import { isPermanentMailError } from './mailer';
import { DEFAULT_OUTBOX_SETTINGS, retryDelayMs } from './outbox-worker';

describe('mail outbox retry rules', () => {
  it('waits longer after each failed attempt, up to the cap, and keeps trying for at least 24 hours by default', () => {
    const delays = Array.from({ length: 12 }, (_, i) => retryDelayMs(DEFAULT_OUTBOX_SETTINGS, i + 1));
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(DEFAULT_OUTBOX_SETTINGS.retryMaxDelayMs);
    expect(DEFAULT_OUTBOX_SETTINGS.retryWindowMs).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    // The claim must outlive the longest SMTP exchange, or a slow send could be sent twice.
    expect(DEFAULT_OUTBOX_SETTINGS.leaseMs).toBeGreaterThan(2 * 60_000);
  });

  it('gives up at once only on a 5xx answer of the SMTP server', () => {
    expect(isPermanentMailError(Object.assign(new Error('550 5.1.1 User unknown'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(true);
    expect(isPermanentMailError(Object.assign(new Error('554 Transaction failed'), { responseCode: 554 }))).toBe(true);
    expect(isPermanentMailError(Object.assign(new Error('421 Try again later'), { responseCode: 421 }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error('451 Greylisted'), { responseCode: 451 }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toBe(false);
    expect(isPermanentMailError(undefined)).toBe(false);
  });
});

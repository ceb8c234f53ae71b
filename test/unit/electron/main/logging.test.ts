// The packaged app's log with the real electron-log (its Node entry, as the app uses it): lines
// land in <dir>/main.log, secrets the services know are redacted, and files rotate.
import log from 'electron-log/node';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configureLog, LOG_KEEP } from '../../../../electron/main/os/logging';
import { Redactor } from '../../../../electron/services/log';

describe('the main-process log', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'balcao-log-'));
  const redactor = new Redactor();
  const logger = log.create({ logId: `t${Date.now()}` });
  configureLog(logger, { dir, redact: () => (s) => redactor.redact(s) });
  const file = path.join(dir, 'main.log');
  const flush = () =>
    (logger.transports.file as unknown as { getFile(): { path: string } }).getFile();

  it('writes redacted lines, whatever carries the secret', () => {
    redactor.add('cs_live_0123456789');
    logger.info('login with', 'cs_live_0123456789');
    logger.error(new Error('PSP said: bad secret cs_live_0123456789'));
    logger.warn('object', { headers: { authorization: 'Basic cs_live_0123456789' } });
    flush();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('login with [redacted]');
    expect(text).toContain('PSP said: bad secret [redacted]');
    expect(text).toContain('Basic [redacted]');
    expect(text).not.toContain('cs_live_0123456789');
  });

  it(`rotates at the size limit, keeping ${LOG_KEEP} old files`, () => {
    logger.transports.file.maxSize = 2000;
    for (let i = 0; i < 400; i++) logger.info(`line ${i} ${'x'.repeat(60)}`);
    const files = readdirSync(dir).sort();
    expect(files).toEqual([
      'main.1.log',
      'main.2.log',
      'main.3.log',
      'main.4.log',
      'main.5.log',
      'main.log',
    ]);
    expect(existsSync(path.join(dir, 'main.6.log'))).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('line 399');
  });
});

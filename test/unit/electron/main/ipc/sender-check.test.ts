import { describe, expect, it } from 'vitest';
import {
  invokeFromSender,
  isOwnFrame,
  type SenderEvent,
} from '../../../../../electron/main/ipc/sender-check';
import type { Handlers } from '../../../../../electron/services/ipc-dispatch';
import { createLogger, Redactor } from '../../../../../electron/services/log';
import { ok } from '../../../../../shared/result';
import { sampleAppInfo } from '../../../../helpers/app-info';

// The main process's IPC gate, run without Electron: the check reads only the event's
// sender (web contents) and frame, which are plain objects here.
const INDEX = 'file:///opt/Balcao/resources/app.asar/dist/renderer/index.html';
const cashierWindow = { id: 1 };
const customerWindow = { id: 2 };
const windows = [cashierWindow, customerWindow];

const event = (
  url: string,
  over: Partial<SenderEvent<object>> = {},
  parent: unknown = null,
): SenderEvent<object> => ({ sender: cashierWindow, senderFrame: { url, parent }, ...over });

describe('IPC sender check', () => {
  it.each([
    ['the app page', INDEX],
    ['the app page on a route (customer display)', `${INDEX}#/cliente`],
  ])('lets %s call', (_name, url) => {
    expect(isOwnFrame(event(url), INDEX, windows)).toBe(true);
    expect(isOwnFrame(event(url, { sender: customerWindow }), INDEX, windows)).toBe(true);
  });

  it.each([
    ['a web page the window navigated to', 'https://evil.example/index.html'],
    ['another file of the disk', 'file:///tmp/index.html'],
    ['the app page with a query string', `${INDEX}?x=1`],
    ['a data: URL', 'data:text/html,<script>1</script>'],
    ['an empty URL', ''],
  ])('refuses %s', (_name, url) => {
    expect(isOwnFrame(event(url), INDEX, windows)).toBe(false);
  });

  it('refuses an iframe, even one showing the app page', () => {
    expect(isOwnFrame(event(INDEX, {}, { url: INDEX }), INDEX, windows)).toBe(false);
  });

  it('refuses web contents that are not one of the app windows', () => {
    expect(isOwnFrame(event(INDEX, { sender: { id: 3 } }), INDEX, windows)).toBe(false);
  });

  it('refuses a frame that is already gone', () => {
    expect(isOwnFrame({ sender: cashierWindow, senderFrame: null }, INDEX, windows)).toBe(false);
  });
});

describe('a refused sender never reaches a handler', () => {
  const info = sampleAppInfo('electron');
  let calls = 0;
  const handlers = {
    'app:info': () => {
      calls++;
      return ok(info);
    },
  } as Partial<Handlers> as Handlers;
  const check = (e: SenderEvent<object>) => isOwnFrame(e, INDEX, windows);
  const logger = createLogger(() => {}, new Redactor());

  it('the app page gets the answer', async () => {
    expect(await invokeFromSender(check, handlers, 'app:info', event(INDEX), {}, logger)).toEqual({
      ok: true,
      value: info,
    });
    expect(calls).toBe(1);
  });

  it('an iframe gets FORBIDDEN_SENDER and the handler does not run', async () => {
    const r = await invokeFromSender(check, handlers, 'app:info', event(INDEX, {}, {}), {}, logger);
    expect(r).toEqual({ ok: false, kind: 'auth', code: 'FORBIDDEN_SENDER' });
    expect(calls).toBe(1);
  });
});

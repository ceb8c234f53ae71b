import { describe, expect, it } from 'vitest';
import { ok } from '../../../../shared/result';
import { shellHandlers } from '../../../../electron/main/ipc/shell-handlers';
import { isSendLink } from '../../../../electron/main/security/external-links';
import type { Handlers } from '../../../../electron/services/ipc-dispatch';
import { createFakeElectron } from '../../../helpers/fake-electron';

describe('what Enviar cobrança may hand the OS', () => {
  it.each([
    ['https://wa.me/5511912345678?text=oi', true],
    ['https://api.whatsapp.com/send?phone=5511912345678&text=oi', true],
    ['mailto:ana@exemplo.com?subject=x&body=y', true],
    ['http://wa.me/5511912345678', false],
    ['https://user:pw@wa.me/1', false],
    ['https://wa.me.evil.example/1', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => expect(isSendLink(url)).toBe(allowed));
});

function shellWith(url: string) {
  const e = createFakeElectron();
  const services = {
    'charges:share': () => ok({ url, text: 't', opened: false }),
  } as unknown as Handlers;
  const h = shellHandlers({
    e: e.module,
    handlers: services,
    argv: [],
    log: { info() {}, warn() {}, error() {} } as never,
    settings: () => ({}) as never,
    cashier: () => null,
    applySettings() {},
  });
  return { e, send: () => h['charges:share']({ id: 'c1', via: 'whatsapp' }) };
}

describe('Electron opens the link through the OS', () => {
  it('a WhatsApp link is opened and the answer says so', async () => {
    const { e, send } = shellWith('https://wa.me/5511912345678?text=oi');
    const r = await send();
    expect(r).toMatchObject({ ok: true, value: { opened: true } });
    expect(e.shell.opened).toEqual(['https://wa.me/5511912345678?text=oi']);
  });

  it('anything else is not opened', async () => {
    const { e, send } = shellWith('https://evil.example/x');
    expect(await send()).toMatchObject({ ok: true, value: { opened: false } });
    expect(e.shell.opened).toEqual([]);
  });
});

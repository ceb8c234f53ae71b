// The preload against a fake contextBridge and ipcRenderer: the page gets exactly the contract's
// functions under `window.balcao`, events unsubscribe, and no Electron object leaks through.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CALL_CHANNELS, EVENT_CHANNELS } from '../../../../shared/ipc-contract';
import { exposeApi } from '../../../../electron/preload/expose';

function setup() {
  const exposed = new Map<string, unknown>();
  const bus = new EventEmitter();
  const invoked: Array<{ channel: string; input: unknown }> = [];
  const ipcRenderer = {
    invoke: async (channel: string, input: unknown) => {
      invoked.push({ channel, input });
      return { ok: true, value: channel };
    },
    on: (channel: string, fn: (...a: unknown[]) => void) => (bus.on(channel, fn), ipcRenderer),
    removeListener: (channel: string, fn: (...a: unknown[]) => void) => (
      bus.off(channel, fn),
      ipcRenderer
    ),
  };
  exposeApi(
    { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) },
    ipcRenderer as never,
  );
  return { exposed, bus, invoked, api: exposed.get('balcao') as Record<string, unknown> };
}

describe('preload', () => {
  it('exposes only window.balcao, with exactly the contract’s functions', () => {
    const { exposed, api } = setup();
    expect([...exposed.keys()]).toEqual(['balcao']);
    const names = Object.entries(api).flatMap(([domain, v]) =>
      typeof v === 'function'
        ? [domain]
        : Object.keys(v as object).map((verb) => `${domain}:${verb}`),
    );
    expect(names.sort()).toEqual([...CALL_CHANNELS, 'on'].sort());
    for (const group of Object.values(api))
      if (typeof group === 'object')
        for (const fn of Object.values(group as object)) expect(typeof fn).toBe('function');
  });

  it('calls go to their own channel with the page’s argument, and answer the Result', async () => {
    const { api, invoked } = setup();
    const charges = api.charges as Record<string, (i: unknown) => Promise<unknown>>;
    expect(await charges.create!({ amountCents: 1234 })).toEqual({
      ok: true,
      value: 'charges:create',
    });
    expect(invoked).toEqual([{ channel: 'charges:create', input: { amountCents: 1234 } }]);
  });

  it('delivers an event’s payload alone (never the IPC event) until unsubscribed', () => {
    const { api, bus } = setup();
    const on = api.on as (e: string, fn: (...a: unknown[]) => void) => () => void;
    const got: unknown[][] = [];
    const off = on('charges:updated', (...args) => got.push(args));
    bus.emit('charges:updated', { sender: 'ipc-event' }, { id: 'c1' });
    expect(got).toEqual([[{ id: 'c1' }]]);
    off();
    bus.emit('charges:updated', { sender: 'ipc-event' }, { id: 'c2' });
    expect(got).toHaveLength(1);
    expect(bus.listenerCount('charges:updated')).toBe(0);
  });

  it('refuses to subscribe to anything but the contract’s events', () => {
    const { api, bus } = setup();
    const on = api.on as (e: string, fn: () => void) => () => void;
    for (const e of EVENT_CHANNELS) on(e, () => {})();
    expect(() => on('ELECTRON_BROWSER_WINDOW_ALERT', () => {})).toThrow(/unknown event/);
    expect(() => on('__ELECTRON_LOG__', () => {})).toThrow(/unknown event/);
    expect(bus.eventNames()).toEqual([]);
  });

  it('reaches nothing of Electron through the exposed object', () => {
    const { api } = setup();
    const seen = new Set<unknown>();
    const walk = (v: unknown): void => {
      if (v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v)) return;
      seen.add(v);
      for (const k of Object.keys(v as object)) walk((v as Record<string, unknown>)[k]);
    };
    walk(api);
    const keys = [...seen].flatMap((v) => Object.keys(v as object));
    for (const k of ['invoke', 'send', 'sendSync', 'ipcRenderer', 'removeListener', 'require'])
      expect(keys).not.toContain(k);
  });
});

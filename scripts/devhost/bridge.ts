// The development host's stand-in for the Electron preload: implements window.balcao over a
// loopback WebSocket, with the per-launch token from the page URL's fragment.
import { createApi } from '../../shared/ipc-api';
import type { EventChannel } from '../../shared/ipc-channels';
import type { BalcaoApi } from '../../shared/ipc-contract';
import { err, type Result } from '../../shared/result';
import { MAX_FRAME_BYTES } from './protocol';

const token =
  new URLSearchParams(location.hash.slice(1)).get('token') ??
  sessionStorage.getItem('balcao.token') ??
  '';
if (token) sessionStorage.setItem('balcao.token', token);
// Keep the rest of the fragment (e.g. `#/cliente`), drop the token from the address bar.
const rest = location.hash
  .slice(1)
  .split('&')
  .filter((p) => p && !p.startsWith('token='))
  .join('&');
history.replaceState(null, '', location.pathname + location.search + (rest ? `#${rest}` : ''));

declare global {
  interface Window {
    balcao?: BalcaoApi;
  }
}

type Pending = { resolve: (r: Result<unknown>) => void };
const pending = new Map<number, Pending>();
const listeners = new Map<EventChannel, Set<(p: unknown) => void>>();
let seq = 0;
let socket: WebSocket | null = null;
let ready: Promise<WebSocket> | null = null;

function connect(): Promise<WebSocket> {
  ready ??= new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://${location.host}/__devhost/ipc?token=${encodeURIComponent(token)}`,
    );
    ws.onopen = () => {
      socket = ws;
      resolve(ws);
    };
    ws.onerror = () => reject(new Error('development host unreachable'));
    ws.onclose = () => {
      socket = null;
      ready = null;
      for (const [id, p] of pending) {
        p.resolve(err('unavailable', 'HOST_GONE'));
        pending.delete(id);
      }
      setTimeout(() => void connect().catch(() => undefined), 1000);
    };
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as {
        id?: number;
        result?: Result<unknown>;
        event?: EventChannel;
        payload?: unknown;
      };
      if (msg.id !== undefined && msg.result) {
        pending.get(msg.id)?.resolve(msg.result);
        pending.delete(msg.id);
      } else if (msg.event) for (const fn of listeners.get(msg.event) ?? []) fn(msg.payload);
    };
  });
  return ready;
}

window.balcao = createApi(
  async (channel, input) => {
    let ws: WebSocket;
    try {
      ws = socket ?? (await connect());
    } catch {
      return err('unavailable', 'HOST_GONE');
    }
    const id = ++seq;
    const frame = JSON.stringify({ id, channel, payload: input });
    // Over the host's frame limit the host would close the socket: refuse here, in words.
    if (new TextEncoder().encode(frame).length > MAX_FRAME_BYTES)
      return err('validation', 'REQUEST_TOO_LARGE');
    return new Promise((resolve) => {
      pending.set(id, { resolve });
      ws.send(frame);
    });
  },
  (event, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    void connect().catch(() => undefined);
    return () => set.delete(listener);
  },
);

// The socket opens now, while the app's scripts load: the Caixa's first calls (sent before
// React's first render) find it open instead of waiting for its open event behind that render
// (issue 35; Electron's IPC has nothing to open).
void connect().catch(() => undefined);

import http from 'node:http';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { DEMO_ACCOUNT } from '../../sandbox/state';
import { listenOnLoopback } from './loopback';

export { DEMO_ACCOUNT };

/** A sandbox on a free loopback port, with a movable clock. */
export async function sandbox(options: SandboxOptions & { clock?: { offsetMs: number } } = {}) {
  const clock = options.clock ?? { offsetMs: 0 };
  const sb = await startSandbox({ now: () => Date.now() + clock.offsetMs, ...options });
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sb.origin}/__sandbox${path}`, {
      method,
      ...(body !== undefined && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  return { ...sb, clock, control, sb };
}
export type TestSandbox = Awaited<ReturnType<typeof sandbox>> & { sb: Sandbox };

/** Raw calls to the PSP interface, for testing the sandbox itself. */
export function rawApi(baseUrl: string) {
  const call = async (
    method: string,
    path: string,
    opts: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...((opts.body !== undefined || opts.raw !== undefined) && {
          'content-type': 'application/json',
        }),
        ...opts.headers,
      },
      ...(opts.body !== undefined && { body: JSON.stringify(opts.body) }),
      ...(opts.raw !== undefined && { body: opts.raw }),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep text
    }
    return { status: res.status, body: body as Record<string, unknown>, headers: res.headers };
  };
  const cics = { ci: DEMO_ACCOUNT.clientId, cs: DEMO_ACCOUNT.clientSecret };
  const token = async () => {
    const r = await call('POST', '/auth/login', {
      body: { client_id: DEMO_ACCOUNT.clientId, client_secret: DEMO_ACCOUNT.clientSecret },
    });
    return r.body.access_token as string;
  };
  return { call, cics, token };
}

export const validDeposit = (over: Record<string, unknown> = {}) => ({
  amount: 12.34,
  external_id: `ext-${Math.random().toString(36).slice(2, 12)}`,
  clientCallbackUrl: 'http://127.0.0.1:1/callback',
  payer: {
    name: 'Ana Souza',
    email: 'ana@padaria.com.br',
    document: '123.456.789-09',
    phone: '5511912345678',
  },
  description: 'Pão e café',
  ...over,
});

export const validTransaction = (over: Record<string, unknown> = {}) => ({
  amount: 50,
  payerName: 'Ana Souza',
  payerDocument: '12345678909',
  transactionId: `tx-${Math.random().toString(36).slice(2, 12)}`,
  projectWebhook: 'http://127.0.0.1:1/callback',
  ...over,
});

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A real HTTP server that records callbacks; `answer` picks the status per request. */
export async function callbackReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      res.writeHead(answer(received.length)).end('{}');
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}/callback`, received, close };
}

/** The next `count` (default 1) calls of the sandbox's `POST /payments/deposit` misbehave as `kind`. */
export const depositFault = (
  sb: TestSandbox,
  kind: string,
  value?: number | string,
  count?: number,
) =>
  sb.control('POST', '/faults', {
    route: 'POST /payments/deposit',
    kind,
    ...(count !== undefined && { count }),
    ...(value !== undefined && { value }),
  });

export async function waitFor<T>(
  fn: () => T | undefined | false,
  timeoutMs = 10_000,
  stepMs = 20,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** A loopback URL where nothing listens (a port just freed). */
export async function deadUrl(path = '/api'): Promise<string> {
  const { port, close } = await listenOnLoopback(http.createServer());
  await close();
  return `http://127.0.0.1:${port}${path}`;
}

/** Like waitFor, for a check that is itself asynchronous. */
export async function eventually<T>(
  fn: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
  stepMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('eventually: timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

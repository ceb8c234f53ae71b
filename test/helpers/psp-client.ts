import http from 'node:http';
import { PspClient } from '../../electron/services/psp/client';
import { Redactor, createLogger } from '../../electron/services/log';
import { pspSettingsSchema, type PspSettingsInput } from '../../shared/psp-settings';
import { DEMO_ACCOUNT } from './sandbox';
import { listenOnLoopback } from './loopback';

/** A client wired to real fetch, capturing every log line for secret searches. */
export function pspClient(
  baseUrl: string,
  over: Partial<PspSettingsInput> = {},
  opts: { clock?: { offsetMs: number }; secret?: string } = {},
) {
  const lines: unknown[] = [];
  const redactor = new Redactor();
  const clock = opts.clock ?? { offsetMs: 0 };
  const client = new PspClient({
    settings: pspSettingsSchema.parse({
      baseUrl,
      requestTimeoutMs: 2000,
      statusQueryPath: '/transactions/{id}',
      ...over,
    }),
    credentials: async () => ({
      clientId: DEMO_ACCOUNT.clientId,
      clientSecret: opts.secret ?? DEMO_ACCOUNT.clientSecret,
    }),
    now: () => Date.now() + clock.offsetMs,
    logger: createLogger((l) => lines.push(JSON.parse(l)), redactor),
    redactor,
  });
  return { client, lines, clock };
}

/** A hand-written PSP on loopback, for replies the sandbox never sends. */
export async function stubPsp(
  handler: (
    req: http.IncomingMessage,
    body: string,
  ) => { status: number; body: string; headers?: Record<string, string> },
) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const out = handler(req, body);
      res
        .writeHead(out.status, { 'content-type': 'application/json', ...out.headers })
        .end(out.body);
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return { baseUrl: `http://127.0.0.1:${port}/api`, close };
}

/** The payer the client tests send, as the PSP's wire wants the phone (digits only). */
export const WIRE_PAYER = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '5511912345678',
};

let seq = 0;
/** A fresh id for a client call: `prefix`, the time, and a counter. */
export const freshId = (prefix: string) => `${prefix}-${Date.now()}-${seq++}`;

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { CallbackSender, DEFAULT_CALLBACK_OPTIONS, type CallbackOptions } from './callbacks';
import type { SandboxContext } from './context';
import type { DialectId } from './dialect';
import { HttpError, sendError } from './errors';
import { FaultTable } from './faults';
import { TokenIssuer } from './jwt';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { chargeRoutes } from './routes/charges';
import { controlRoutes } from './routes/control';
import { settleCharge, settleWithdrawal } from './settlement';
import { SandboxState, type Charge, type Withdrawal } from './state';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** The sandbox's clock (token expiry, callback timestamps); tests move it. */
  now?: () => number;
  tokenTtlSeconds?: number;
  callbacks?: Partial<CallbackOptions>;
  /** Keep the state in this JSON file across restarts (DEMO mode). */
  statePath?: string;
  /** The PSP dialect to speak (`--dialect`; default `seed`). */
  dialect?: DialectId;
  /**
   * Withdrawals complete by themselves this long after they are accepted (with their
   * callback), as a PSP's do once the bank has sent the PIX. DEMO mode sets it so a DEMO
   * withdrawal or refund is seen to the end; unset, they wait for `/__sandbox/.../complete`.
   */
  settleWithdrawalsAfterMs?: number;
}

export interface Sandbox {
  baseUrl: string;
  origin: string;
  ctx: SandboxContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The PSP simulator: every operation of the seed, both auth schemes, signed callbacks, faults. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? Date.now;
  const dialect = options.dialect ?? 'seed';
  const ctx: SandboxContext = {
    dialect,
    state: new SandboxState(now, dialect === 'cics-pt'),
    tokens: new TokenIssuer(now, options.tokenTtlSeconds ?? 900),
    callbacks: new CallbackSender(now, { ...DEFAULT_CALLBACK_OPTIONS, ...options.callbacks }),
    faults: new FaultTable(),
    now,
  };
  const persist = options.statePath ? () => writeSnapshot(options.statePath!, ctx.state) : () => {};
  if (options.statePath && existsSync(options.statePath)) {
    ctx.state.restore(JSON.parse(readFileSync(options.statePath, 'utf8')));
  }
  const autopayTimers = new Set<NodeJS.Timeout>();
  const onCreated = (c: Charge) => {
    if (!ctx.state.autopayMs) return;
    const t = setTimeout(() => {
      autopayTimers.delete(t);
      if (c.status === 'PENDING') settleCharge(ctx, c, 'PAID');
      persist();
    }, ctx.state.autopayMs);
    autopayTimers.add(t);
  };
  const settleLater = (w: Withdrawal) => {
    const ms = options.settleWithdrawalsAfterMs;
    if (ms === undefined) return;
    const t = setTimeout(() => {
      autopayTimers.delete(t);
      if (w.status === 'PROCESSING') settleWithdrawal(ctx, w, 'COMPLETED');
      persist();
    }, ms);
    autopayTimers.add(t);
  };
  ctx.onWithdrawal = settleLater;
  // Accepted before a restart: they settle too.
  for (const w of ctx.state.withdrawals.values()) if (w.status === 'PROCESSING') settleLater(w);

  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1 << 20 });
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof HttpError) return sendError(reply, error, dialect);
    const e = error as { code?: string; statusCode?: number; message?: string };
    if (
      e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return sendError(reply, new HttpError(400, 'INVALID_JSON', 'Malformed JSON body'), dialect);
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(
        reply,
        new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'),
      );
    }
    if (e.statusCode && e.statusCode < 500) {
      return sendError(
        reply,
        new HttpError(e.statusCode, 'BAD_REQUEST', e.message ?? 'Bad request'),
      );
    }
    return sendError(reply, new HttpError(500, 'INTERNAL', 'Internal sandbox error'), dialect);
  });
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET') persist();
  });
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, new HttpError(404, 'NOT_FOUND', `No route ${req.method} ${req.url}`), dialect),
  );

  await app.register(
    async (api) => {
      api.addHook('onRequest', (req, reply, done) => applyFault(ctx, req, reply, done));
      api.addHook('onSend', async (req, reply, payload) => {
        // The PSP did its work; its answer is late, garbled or cut.
        if (req.fault?.kind === 'latency') {
          await new Promise((r) => setTimeout(r, Number(req.fault?.value ?? 1000)));
        }
        if (req.fault?.kind === 'malformed')
          return '{"message": "Deposit created", "qrCodeResponse": {';
        if (req.fault?.kind === 'drop') {
          req.raw.socket.destroy();
          return payload;
        }
        return payload;
      });
      authRoutes(api, ctx);
      chargeRoutes(api, ctx, onCreated);
      accountRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  await app.register(
    async (control) =>
      controlRoutes(control, ctx, (ms) => {
        ctx.state.autopayMs = ms;
      }),
    { prefix: '/__sandbox' },
  );

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const origin = `http://${host}:${port}`;
  return {
    baseUrl: `${origin}/api`,
    origin,
    ctx,
    app,
    async close() {
      ctx.callbacks.close();
      for (const t of autopayTimers) clearTimeout(t);
      await app.close();
    },
  };
}

function applyFault(
  ctx: SandboxContext,
  req: FastifyRequest,
  reply: import('fastify').FastifyReply,
  done: (err?: Error) => void,
) {
  const route = `${req.method} ${(req.routeOptions.url ?? req.url).replace(/^\/api/, '')}`;
  const fault = ctx.faults.take(route);
  if (!fault) return done();
  req.fault = fault;
  switch (fault.kind) {
    case 'status': {
      const status = Number(fault.value ?? 500);
      const headers: Record<string, string> = status === 429 ? { 'retry-after': '1' } : {};
      return done(
        new HttpError(status, 'INJECTED_FAULT', `Injected fault: HTTP ${status}`, headers),
      );
    }
    case 'timeout':
      // Accept the request and never answer; the socket closes when the client gives up.
      reply.hijack();
      return;
    case 'redirect':
      // Not processed: "the PSP moved" to `value` (an origin the test controls).
      reply
        .code(307)
        .header('location', String(fault.value ?? 'http://127.0.0.1:9/api'))
        .send();
      return;
    case 'oversize':
    case 'endless':
      reply.hijack();
      streamJunk(
        ctx,
        route,
        reply.raw,
        fault.kind === 'endless' ? Infinity : Number(fault.value ?? 200 << 20),
      );
      return;
    default:
      return done(); // latency, malformed, drop, badqr act after the handler ran
  }
}

/** A JSON-looking reply of `total` bytes (or endless), written as fast as the client reads. */
function streamJunk(
  ctx: SandboxContext,
  route: string,
  res: import('node:http').ServerResponse,
  total: number,
) {
  const record = { route, bytesSent: 0, closedByClient: false };
  ctx.faults.streams.push(record);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  res.writeHead(200, {
    'content-type': 'application/json',
    // No Content-Length: the client must count what it reads, as with a lying PSP.
  });
  let done = false;
  res.on('close', () => {
    if (!res.writableFinished) record.closedByClient = true;
    done = true;
  });
  const pump = () => {
    while (!done && record.bytesSent < total) {
      const n = Math.min(chunk.length, total - record.bytesSent);
      record.bytesSent += n;
      if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
        res.once('drain', pump);
        return;
      }
    }
    if (!done && record.bytesSent >= total) res.end();
  };
  res.write('');
  pump();
}

function writeSnapshot(file: string, state: SandboxState): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}

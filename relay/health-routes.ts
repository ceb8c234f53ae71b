import type { FastifyInstance } from 'fastify';
import { replyError } from './admin-routes';
import type { Metrics } from './metrics';
import type { RelayStore } from './store';
import { bearer, hashToken, tokenMatches } from './tokens';

export interface HealthRoutesDeps {
  store: RelayStore;
  metrics: Metrics;
  isAdmin: (header: string | undefined) => boolean;
  /** RELAY_METRICS_TOKEN; without one only the admin token opens /metrics. */
  metricsToken?: string;
  /** Longest wait for the store's probe write before /readyz answers 503. */
  readyTimeoutMs: number;
}

/** /healthz (the process answers), /readyz (the store takes a write), /metrics (a token). */
export function registerHealthRoutes(app: FastifyInstance, d: HealthRoutesDeps): void {
  app.get('/healthz', async () => ({ ok: true }));
  // Ready: the store takes a write within the bound (a load balancer stops routing callbacks
  // to an instance whose store is gone; /healthz only says the process answers).
  app.get('/readyz', async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const ok = await Promise.race([
      (d.store.probe?.() ?? Promise.resolve()).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), d.readyTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (ok) return { ok: true };
    d.metrics.storeError('probe');
    return reply
      .code(503)
      .header('retry-after', '1')
      .send({ ok: false, code: 'UNAVAILABLE', message: 'Relay store unavailable' });
  });
  const metricsHash = d.metricsToken ? hashToken(d.metricsToken) : null;
  app.get('/metrics', async (req, reply) => {
    const t = bearer(req.headers.authorization);
    const allowed =
      d.isAdmin(req.headers.authorization) ||
      (metricsHash !== null && t !== null && tokenMatches(t, metricsHash));
    if (!allowed) return replyError(reply, 401, 'UNAUTHORIZED', 'Metrics token required');
    return reply.type(d.metrics.contentType).send(await d.metrics.text());
  });
}

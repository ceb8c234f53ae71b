import { randomBytes } from 'node:crypto';
import { verdict, type CheckId, type CheckLine } from '../../../shared/domain/connection-checks';
import type { PspSettings } from '../../../shared/psp-settings';
import { err, type Err } from '../../../shared/result';
import type { Redactor } from '../log';
import type { Credentials } from '../psp/auth';
import { checkClientCertificate } from '../psp/api-pix/certificate';
import { ApiPixClient } from '../psp/api-pix/client';
import { probeMtls } from '../psp/api-pix/probe';
import { payerFetch, type ClientCertificate } from '../psp/api-pix/tls';
import {
  callbackCheck,
  failed,
  type ConnectionReport,
  type ConnectionTestOptions,
} from './connection-test';

export interface ApiPixTestOptions extends Pick<
  ConnectionTestOptions,
  'relay' | 'fetch' | 'callbackBoundMs'
> {
  /** Candidate settings, `kind: 'api-pix'`. */
  settings: PspSettings;
  credentials: Credentials;
  certificate: ClientCertificate | null;
  redactor: Redactor;
  now: () => number;
  /** A sandbox's CA and location names (development host and tests only). */
  trust?: { ca?: string; hosts?: Record<string, string> };
}

/** An API Pix failure as a line: its own code worded by the renderer, else the family's words. */
function line(id: CheckId, e: Err, redactor: Redactor): CheckLine {
  if (e.code.startsWith('APIPIX_'))
    return {
      id,
      state: 'fail',
      code: e.code,
      ...(e.params && { params: e.params as Record<string, string | number> }),
    };
  return failed(id, e, redactor);
}

const notRun = (id: CheckId): CheckLine => ({ id, state: 'skipped', problem: 'NOT_RUN' });

/**
 * `Testar conexão` for the API Pix kind, one line per check, storing nothing: the certificate on
 * its own (expired, not yet valid, no key), the mutual-TLS handshake with the token URL and the
 * API (wrong host, refused), a fresh token (an HTML page instead), the status query of a txid
 * that cannot exist (route and scopes), and the callback path through the relay.
 */
export async function testApiPixConnection(o: ApiPixTestOptions): Promise<ConnectionReport> {
  const checks: CheckLine[] = [];
  const cert = o.certificate;
  const facts = cert ? checkClientCertificate(cert, o.now()) : err('auth', 'APIPIX_CERT_MISSING');
  checks.push(
    facts.ok ? { id: 'certificate', state: 'pass' } : line('certificate', facts, o.redactor),
  );
  let reached = facts.ok && cert !== null;
  if (reached && cert) {
    let bad: Err | null = null;
    for (const url of new Set([o.settings.apiPix.tokenUrl, o.settings.baseUrl])) {
      const p = await probeMtls(url, cert, {
        ...(o.trust?.ca && { ca: o.trust.ca }),
        timeoutMs: o.settings.requestTimeoutMs,
      });
      if (!p.ok) {
        bad = p;
        break;
      }
    }
    checks.push(bad ? line('handshake', bad, o.redactor) : { id: 'handshake', state: 'pass' });
    reached = !bad;
  } else checks.push(notRun('handshake'));
  if (reached && cert) {
    const payer = payerFetch(o.trust ?? {});
    const client = new ApiPixClient({
      settings: o.settings,
      credentials: async () => o.credentials,
      certificate: async () => cert,
      payerFetch: payer.fetch,
      ...(o.trust?.ca && { ca: o.trust.ca }),
      now: o.now,
      redactor: o.redactor,
    });
    try {
      const t = await client.freshToken();
      checks.push(t.ok ? { id: 'token', state: 'pass' } : line('token', t, o.redactor));
      if (t.ok) {
        // 32 characters no charge of ours has (ours start with `blc`).
        const r = await client.transactionStatus(`zz${randomBytes(15).toString('hex')}`);
        checks.push(
          r.ok
            ? { id: 'statusQuery', state: 'fail', problem: 'QUERY_FOUND_RANDOM_ID' }
            : r.code === 'PSP_NOT_FOUND'
              ? { id: 'statusQuery', state: 'pass' }
              : line('statusQuery', r, o.redactor),
        );
      } else checks.push(notRun('statusQuery'));
    } finally {
      await client.close();
      await payer.close();
    }
  } else checks.push(notRun('token'), notRun('statusQuery'));
  checks.push(
    await callbackCheck(o.settings, {
      relay: o.relay ?? null,
      credentials: o.credentials,
      ...(o.fetch && { fetch: o.fetch }),
      ...(o.callbackBoundMs && { callbackBoundMs: o.callbackBoundMs }),
    }),
  );
  return { passed: verdict(checks), checks };
}

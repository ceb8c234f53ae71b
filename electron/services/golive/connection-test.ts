import { checkServiceUrlText } from '../../../shared/domain/service-url';
import { pspSettingsSchema, type PspSettingsInput } from '../../../shared/psp-settings';
import type { Err } from '../../../shared/result';
import type { Redactor } from '../log';
import type { Credentials } from '../psp/auth';
import { PspClient } from '../psp/client';

export type ConnectionProblem =
  'NOT_HTTPS' | 'WRONG_CREDENTIALS' | 'UNREACHABLE' | 'TLS' | 'UNEXPECTED_REPLY' | 'PSP_ERROR';

export interface ConnectionReport {
  passed: boolean;
  /** Which call failed: the Bearer login, or the balance read with ci/cs. */
  step?: 'login' | 'balance';
  problem?: ConnectionProblem;
  /** The reply field that was missing or wrong, or the HTTP status. */
  detail?: string;
  /** The available balance read, in cents, when the test passed. */
  balanceCents?: number;
}

/** A PSP failure as the owner reads it: which of the five things went wrong. */
export function classify(
  e: Err & { httpStatus?: number },
): Pick<ConnectionReport, 'problem' | 'detail'> {
  switch (e.code) {
    case 'PSP_AUTH':
    case 'CREDENTIALS_MISSING':
      return { problem: 'WRONG_CREDENTIALS' };
    case 'PSP_UNREACHABLE':
    case 'PSP_TIMEOUT':
    case 'PSP_CONNECTION_LOST':
      return { problem: 'UNREACHABLE' };
    case 'PSP_TLS':
      return { problem: 'TLS' };
    case 'PSP_LOGIN_NO_TOKEN':
      return { problem: 'UNEXPECTED_REPLY', detail: 'access_token' };
    case 'PSP_UNEXPECTED_REPLY':
      return {
        problem: 'UNEXPECTED_REPLY',
        detail: String(e.params?.field ?? ''),
      };
    case 'PSP_MALFORMED_REPLY':
      return { problem: 'UNEXPECTED_REPLY', detail: 'JSON' };
    case 'PSP_NOT_FOUND':
      // A path the PSP does not serve: most often a base URL without its `/api`.
      return { problem: 'UNEXPECTED_REPLY', detail: 'HTTP 404' };
    default:
      return { problem: 'PSP_ERROR', ...(e.httpStatus && { detail: `HTTP ${e.httpStatus}` }) };
  }
}

/**
 * `Testar conexão`: logs in (Bearer, only where the settings use it) and reads the balance (ci/cs) with candidate settings and
 * credentials, storing nothing; each failure is named, never a raw exception.
 */
export async function testConnection(opts: {
  settings: Omit<PspSettingsInput, 'baseUrl'>;
  baseUrl: string;
  credentials: Credentials;
  redactor: Redactor;
  now: () => number;
  fetch?: typeof fetch;
}): Promise<ConnectionReport> {
  const url = checkServiceUrlText(opts.baseUrl);
  if (!url.ok) return { passed: false, problem: 'NOT_HTTPS' };
  const client = new PspClient({
    settings: pspSettingsSchema.parse({ ...opts.settings, baseUrl: url.url }),
    credentials: async () => opts.credentials,
    now: opts.now,
    redactor: opts.redactor,
    ...(opts.fetch && { fetch: opts.fetch }),
  });
  if (client.usesLogin) {
    const login = await client.login();
    if (!login.ok) return { passed: false, step: 'login', ...classify(login) };
  }
  const balance = await client.balance();
  if (!balance.ok) return { passed: false, step: 'balance', ...classify(balance) };
  const fields = balance.value;
  const main = fields.find((f) => f.key === 'available') ?? fields[0];
  return { passed: true, ...(main && { balanceCents: main.cents }) };
}

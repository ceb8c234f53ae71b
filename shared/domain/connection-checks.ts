/**
 * `Testar conexão` as a list of checks (issue 20): which checks a PSP's settings need is a pure
 * decision, and the verdict is "passed" only when every needed check passed. A check not needed
 * by these settings is not listed at all; one that could not run here says why (`skipped`).
 */
export const CHECK_IDS = [
  'login',
  'balance',
  'statusQuery',
  'cryptoFees',
  'webhookSecret',
  'callback',
  // The API Pix kind (docs/api-pix.md): the client certificate, the mutual-TLS handshake, the token.
  'certificate',
  'handshake',
  'token',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** Why reaching the PSP at all failed (its login or its balance): the verdict's `problem`. */
export const REACH_PROBLEMS = [
  'NOT_HTTPS',
  'WRONG_CREDENTIALS',
  'UNREACHABLE',
  'TLS',
  'UNEXPECTED_REPLY',
  'PSP_ERROR',
] as const;

/** Why a check failed or was skipped: worded in the renderer (`onboarding.problem.<code>`). */
export const CHECK_PROBLEMS = [
  ...REACH_PROBLEMS,
  'ROUTE_MISSING',
  'QUERY_FOUND_RANDOM_ID',
  'SECRET_MISSING',
  'RELAY_UNREACHABLE',
  'RELAY_TLS',
  'RELAY_CHANNEL_UNKNOWN',
  'RELAY_TOKEN_REFUSED',
  'RELAY_ERROR',
  'CALLBACK_NOT_BACK',
  'SIGNATURE_MISMATCH',
  // skipped: the check could not run, which is said, never counted as passed
  'NO_RELAY',
  // no relay and no status query: nothing can confirm a payment (health.ts confirmationPath)
  'NO_CONFIRMATION',
  // the hook is behind a mutual-TLS proxy that refused the self-test (no PSP certificate): right
  'MTLS_PROTECTED',
  'CHANNEL_NOT_CREATED',
  'NOT_RUN',
] as const;
export type CheckProblem = (typeof CHECK_PROBLEMS)[number];

export interface CheckLine {
  id: CheckId;
  state: 'pass' | 'fail' | 'skipped';
  problem?: CheckProblem;
  /** The PSP's own words, redacted; an HTTP status; a field name. */
  pspMessage?: string;
  /** The relay's own words (its JSON `message`), never called the PSP's. */
  relayMessage?: string;
  detail?: string;
  /** callback: how long the self-test took to come back, ms. */
  ms?: number;
  /** callback: the PSP's last signed callback checked against the secret (`true`), or none seen. */
  signatureChecked?: boolean;
  /** An error code the renderer words (`errors.<code>`), e.g. APIPIX_CERT_EXPIRED, and its params. */
  code?: string;
  params?: Record<string, string | number>;
}

/** The settings the decision reads (a subset of PspSettings, so presets and saved ones fit). */
export interface CheckedSettings {
  chargeOperation: 'deposit' | 'transaction';
  withdrawAuth: 'bearer' | 'cics';
  cryptoFeesAuth: 'bearer' | 'cics';
  statusQueryPath: string;
  statusQuery: { auth: 'bearer' | 'cics' };
  callbackPolicy: 'hmac' | 'confirm-by-query';
  callback: { secret: 'client' | 'webhook' };
  /** A PSP without a crypto-fees route (none of today's presets): not asked. */
  cryptoFees?: boolean;
}

/** Whether any route of these settings goes Bearer (then the login is tested). */
export function usesLogin(s: CheckedSettings): boolean {
  return (
    s.chargeOperation === 'deposit' ||
    s.withdrawAuth === 'bearer' ||
    s.cryptoFeesAuth === 'bearer' ||
    (s.statusQueryPath.trim() !== '' && s.statusQuery.auth === 'bearer')
  );
}

/** The checks these settings need, in the order they are run and shown. */
export function checksFor(s: CheckedSettings): CheckId[] {
  const out: CheckId[] = [];
  if (usesLogin(s)) out.push('login');
  out.push('balance');
  if (s.statusQueryPath.trim() !== '') out.push('statusQuery');
  if (s.cryptoFees !== false) out.push('cryptoFees');
  if (s.callbackPolicy === 'hmac' && s.callback.secret === 'webhook') out.push('webhookSecret');
  out.push('callback');
  return out;
}

/**
 * Passed only when every needed check passed. A callback check skipped for want of a relay
 * does not fail the test when the status query confirms payments (`NO_RELAY`), but it does
 * when nothing can (`NO_CONFIRMATION`); a skipped PSP check always fails it.
 */
export function verdict(lines: readonly CheckLine[]): boolean {
  return lines.every(
    (l) =>
      l.state === 'pass' ||
      (l.state === 'skipped' && l.id === 'callback' && l.problem !== 'NO_CONFIRMATION'),
  );
}

/** `Salvar e usar` warns (never blocks) when the callback path was tested and failed. */
export function callbackFailed(lines: readonly CheckLine[] | undefined): boolean {
  return !!lines?.some((l) => l.id === 'callback' && l.state === 'fail');
}

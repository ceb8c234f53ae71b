/**
 * The Saúde panel (issue 20): the state of everything a payment needs to reach the screen, as a
 * pure function of signals the services gather. Each item is ok / warn / bad / off (not used
 * here), with a code the renderer words as what is wrong and what to do (`health.<id>.<code>`).
 */
export const HEALTH_ITEMS = [
  'relay',
  'psp',
  'statusQuery',
  'keychain',
  'printer',
  'clock',
  'reconciliation',
  'receiver',
] as const;
export type HealthItemId = (typeof HEALTH_ITEMS)[number];
export type HealthLevel = 'ok' | 'warn' | 'bad' | 'off';

export interface HealthItem {
  id: HealthItemId;
  level: HealthLevel;
  /** What the renderer says (`health.<id>.<code>`), e.g. `connected`, `refused`. */
  code: string;
  params?: Record<string, string | number>;
}

export interface HealthSignals {
  now: number;
  relay: {
    configured: boolean;
    state: 'connected' | 'reconnecting' | 'offline' | 'polling' | string;
    /** When the last event (a PSP callback, a heartbeat's data, a self-test) was applied. */
    lastEventAt?: number;
  };
  psp: {
    reachable: 'unknown' | 'reachable' | 'slow' | 'unreachable';
    /** The last credentials/token check: accepted, refused (401/403), or not yet known. */
    auth: 'ok' | 'refused' | 'unknown';
  };
  statusQuery: { configured: boolean; result: 'ok' | 'failed' | 'unknown'; code?: string };
  keychain: boolean;
  /** False in DEMO: it reads no secret, so a missing keychain is no fault there (issue 34). */
  keychainNeeded?: boolean;
  printer: { kind: 'system' | 'escpos'; reachable?: boolean };
  /** Our clock minus the PSP's (from its HTTP `Date` header), ms; undefined: not known yet. */
  clockSkewMs?: number;
  /** Callbacks' timestamp window, seconds (psp.callback.toleranceSeconds). */
  toleranceSeconds: number;
  /** Charges whose outcome the PSP has not told yet, past their expiry or uncertain. */
  waiting: number;
  receiver: {
    pinned?: { name: string; key?: string; host?: string; confirmed: boolean };
    refused?: boolean;
  };
}

/**
 * How a payment reaches the screen (issue 34): the relay's notices, the status query, or
 * nothing at all. One decision for Saúde, the Caixa's health line (which shows Saúde's worst
 * item) and Testar conexão's callback line, so the three never disagree.
 */
export type ConfirmationPath = 'relay' | 'query' | 'none';

export function confirmationPath(s: { relay: boolean; statusQuery: boolean }): ConfirmationPath {
  if (s.relay) return 'relay';
  return s.statusQuery ? 'query' : 'none';
}

const item = (
  id: HealthItemId,
  level: HealthLevel,
  code: string,
  params?: HealthItem['params'],
): HealthItem => ({ id, level, code, ...(params && { params }) });

/** Below this the `Date` header's one-second resolution and the trip time dominate. */
const CLOCK_NOISE_MS = 2_000;

export function healthOf(s: HealthSignals): { items: HealthItem[]; level: HealthLevel } {
  const items: HealthItem[] = [];

  const path = confirmationPath({
    relay: s.relay.configured,
    statusQuery: s.statusQuery.configured,
  });
  // No relay and no status query: no payment can ever turn `Pago` by itself.
  if (path === 'none') items.push(item('relay', 'bad', 'noConfirmation'));
  else if (path === 'query') items.push(item('relay', 'off', 'none'));
  else if (s.relay.state === 'connected') {
    const ageS =
      s.relay.lastEventAt !== undefined
        ? Math.max(0, Math.round((s.now - s.relay.lastEventAt) / 1000))
        : undefined;
    items.push(
      ageS !== undefined
        ? item('relay', 'ok', 'connected', { ageS })
        : item('relay', 'ok', 'connectedNoEvent'),
    );
  } else items.push(item('relay', 'bad', 'down'));

  if (s.psp.auth === 'refused') items.push(item('psp', 'bad', 'refused'));
  else if (s.psp.reachable === 'unreachable') items.push(item('psp', 'bad', 'unreachable'));
  else if (s.psp.reachable === 'slow') items.push(item('psp', 'warn', 'slow'));
  else if (s.psp.auth === 'ok') items.push(item('psp', 'ok', 'ok'));
  else items.push(item('psp', 'warn', 'unknown'));

  if (!s.statusQuery.configured) items.push(item('statusQuery', 'off', 'none'));
  else if (s.statusQuery.result === 'ok') items.push(item('statusQuery', 'ok', 'ok'));
  else if (s.statusQuery.result === 'failed')
    items.push(
      item(
        'statusQuery',
        'bad',
        s.statusQuery.code === 'PSP_AUTH'
          ? 'refused'
          : s.statusQuery.code === 'ROUTE_MISSING'
            ? 'routeMissing'
            : 'failed',
        s.statusQuery.code ? { code: s.statusQuery.code } : undefined,
      ),
    );
  else items.push(item('statusQuery', 'warn', 'unknown'));

  if (s.keychain) items.push(item('keychain', 'ok', 'ok'));
  // DEMO says the truth too, without red: going live will need the keychain.
  else if (s.keychainNeeded === false) items.push(item('keychain', 'off', 'notNeeded'));
  else items.push(item('keychain', 'bad', 'missing'));

  if (s.printer.kind === 'system') items.push(item('printer', 'off', 'system'));
  else if (s.printer.reachable === true) items.push(item('printer', 'ok', 'ok'));
  else if (s.printer.reachable === false) items.push(item('printer', 'bad', 'unreachable'));
  else items.push(item('printer', 'warn', 'unknown'));

  if (s.clockSkewMs === undefined) items.push(item('clock', 'warn', 'unknown'));
  else {
    const skewS = Math.round(s.clockSkewMs / 1000);
    const abs = Math.abs(s.clockSkewMs);
    // Past the callbacks' window every signed callback is refused as stale (or future).
    if (abs > s.toleranceSeconds * 1000) items.push(item('clock', 'bad', 'skewed', { skewS }));
    else if (abs > Math.max(CLOCK_NOISE_MS, (s.toleranceSeconds * 1000) / 2))
      items.push(item('clock', 'warn', 'drifting', { skewS }));
    else items.push(item('clock', 'ok', 'ok', { skewS }));
  }

  items.push(
    s.waiting === 0
      ? item('reconciliation', 'ok', 'none')
      : item('reconciliation', 'warn', 'waiting', { count: s.waiting }),
  );

  const p = s.receiver.pinned;
  if (s.receiver.refused)
    items.push(
      item(
        'receiver',
        'bad',
        'refused',
        p ? { name: p.name, key: p.key ?? p.host ?? '' } : undefined,
      ),
    );
  else if (!p) items.push(item('receiver', 'warn', 'none'));
  else
    items.push(
      item('receiver', p.confirmed ? 'ok' : 'warn', p.confirmed ? 'confirmed' : 'unconfirmed', {
        name: p.name,
        key: p.key ?? p.host ?? '',
      }),
    );

  const rank: Record<HealthLevel, number> = { off: 0, ok: 0, warn: 1, bad: 2 };
  const worst = items.reduce(
    (w, i) => (rank[i.level] > rank[w] ? i.level : w),
    'ok' as HealthLevel,
  );
  return { items, level: worst };
}

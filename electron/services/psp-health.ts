import type { PspHealthState } from '../../shared/views';

/**
 * An idle probe's verdict: the PSP `answered` (any reply, even a refusal: it is there), it is
 * `unreachable` (no route, no answer in time), or nothing was sent (`skipped`: no address yet).
 */
export type ProbeVerdict = 'answered' | 'unreachable' | 'skipped';

export interface PspHealthDeps {
  fetch: typeof fetch;
  now?: () => number;
  /** The PSP's base URL now (it may change with the settings). */
  baseUrl: () => string;
  /**
   * The idle probe of the active kind, through the same client and TLS settings as its real
   * calls (the API Pix: a handshake with the shop's certificate). Absent: a `HEAD` to the base
   * URL through `fetch` (the family's plain HTTPS); so does a probe that answers null.
   */
  probe?: () => Promise<ProbeVerdict> | null;
  /** A call slower than this makes the PSP "slow". */
  slowMs?: number;
  /** Probe when no PSP call happened for this long. */
  probeEveryMs?: number;
  probeTimeoutMs?: number;
}

/**
 * Whether the PSP answers, from the app's own PSP calls (a fetch wrapper every PSP client uses,
 * whatever its TLS: `observe`) and a light probe when those are quiet: any HTTP answer means
 * reachable (even a 404: the server is there), a network error or a timeout means unreachable,
 * a slow answer means slow. The probe goes the way the real calls go (issue 33: a probe without
 * the shop's certificate is refused by every API Pix bank, which is not "unreachable").
 */
export class PspHealth {
  private state: PspHealthState = 'unknown';
  private lastCallAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(s: PspHealthState) => void>();
  private readonly now: () => number;

  constructor(private readonly deps: PspHealthDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Wraps a PSP client's own fetch: every call it makes tells how the PSP is. */
  observe(inner: typeof fetch): typeof fetch {
    return (input, init) => this.watch(inner, input, init);
  }

  /** The fetch the family's PSP client uses (`deps.fetch`, observed). */
  readonly fetch: typeof fetch = (input, init) => this.watch(this.deps.fetch, input, init);

  private async watch(
    inner: typeof fetch,
    input: Parameters<typeof fetch>[0],
    init: Parameters<typeof fetch>[1],
  ): Promise<Response> {
    const started = Date.now();
    try {
      const res = await inner(input, init);
      this.record(Date.now() - started);
      this.readDate(res.headers.get('date'));
      return res;
    } catch (e) {
      // Our own abort (a request timeout) or a network failure: the PSP did not answer.
      this.set('unreachable');
      this.lastCallAt = this.now();
      throw e;
    }
  }

  /**
   * Our clock minus the PSP's, from its last reply's `Date` header (RFC 9110 §6.6.1: the time
   * the reply was made, one-second resolution): undefined until a reply carried one.
   */
  clockSkewMs(): number | undefined {
    return this.skewMs;
  }

  private skewMs: number | undefined;

  private readDate(header: string | null): void {
    const at = header ? Date.parse(header) : NaN;
    // +500: the header drops the milliseconds, so the reply was made within that second.
    if (Number.isFinite(at)) this.skewMs = this.now() - (at + 500);
  }

  current(): PspHealthState {
    return this.state;
  }

  onChange(fn: (s: PspHealthState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  start(): void {
    const every = this.deps.probeEveryMs ?? 10_000;
    this.timer = setInterval(() => {
      if (this.now() - this.lastCallAt >= every) void this.probe();
    }, every);
    this.timer.unref?.();
    void this.probe();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One light request to the PSP, the way its real calls go; its answer's status does not matter. */
  async probe(): Promise<PspHealthState> {
    const own = this.deps.probe?.();
    if (own) {
      const started = Date.now();
      const v = await own.catch((): ProbeVerdict => 'unreachable');
      if (v === 'answered') this.record(Date.now() - started);
      else if (v === 'unreachable') {
        this.set('unreachable');
        this.lastCallAt = this.now();
      }
      return this.state;
    }
    const url = this.deps.baseUrl();
    if (!url) return this.state;
    try {
      await this.fetch(url, {
        method: 'HEAD',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.deps.probeTimeoutMs ?? 5_000),
      });
    } catch {
      // recorded by the wrapper
    }
    return this.state;
  }

  private record(ms: number): void {
    this.lastCallAt = this.now();
    this.set(ms > (this.deps.slowMs ?? 3_000) ? 'slow' : 'reachable');
  }

  private set(s: PspHealthState): void {
    if (s === this.state) return;
    this.state = s;
    for (const fn of this.listeners) fn(s);
  }
}

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChargeView } from '../../shared/views';
import {
  callbackTrails,
  checkBooks,
  paidNotShown,
  settledBooks,
  type CallbackLog,
  type PspCharge,
} from './chaos-books';
import { drawSale, percentiles, rng } from './chaos-random';
import { Cast } from './chaos-cast';
import { Timeline, type RelayOutage } from './chaos-timeline';
import { payer } from './core';
import { sandbox } from './sandbox';
import type { Result } from '../../shared/result';
import type { ChaosTally } from './chaos';

/**
 * The chaos run with every part in its own process (issue 21, item 6): the sandbox (the PSP,
 * in this process), the relay (`npm run relay` on SQLite) and the development host (the app,
 * on a data directory that outlives it) talking over HTTP, SSE and its WebSocket. Sales go on
 * under random PSP faults and payers while, at seeded moments, the relay and the app are
 * killed with SIGKILL and restarted on the same store, port and data directory. Then the same
 * invariants as the in-process run, and how long things took.
 */
export interface ProcessChaosOptions {
  seed: number;
  /** Stop after this many sales… */
  charges?: number;
  /** …or after this long, whichever comes first (at least one of the two). */
  minutes?: number;
  statusQuery: boolean;
  relayKills: number;
  appKills: number;
  /** The status query's budget a minute, when not the app's default (60). */
  queryPerMinute?: number;
  /**
   * Sales a minute on average (each gap 0.5–1.5 times the mean), when not the stress pace of a
   * timed run (0.2–0.6 s between sales, about 2 a second with the app's own time).
   */
  pacePerMinute?: number;
  progress?: (line: string) => void;
}

export type Figures = ReturnType<typeof percentiles>;

export interface ProcessChaosReport extends ChaosTally {
  sales: number;
  seconds: number;
  relayKills: number;
  appKills: number;
  /** App kills with a create in flight (sent, the PSP's answer not yet back). */
  appKillsInFlight: number;
  /** Create sent → QR on the screen, for creates that came back uncertain. */
  uncertainCreateToQrMs: Figures;
  /** Payments made while the relay was down, and while the app was. */
  paidWhileRelayDown: number;
  paidWhileAppDown: number;
  /** Relay back → `Pago` on the screen, for payments made while it was down (0: shown before). */
  relayBackToPaidMs: Figures;
  /** Relay back → the app's stream to it up again (its reconnect backoff). */
  relayBackToReconnectedMs: Figures;
  /** Relay returns while the app was down: left out of the two figures above (its restart's). */
  relayBackWhileAppDown: number;
  /** App restarted (process spawned) → every PSP-paid charge shown paid. */
  appRestartToAllPaidMs: Figures;
  /** For each paid charge not shown paid: the PSP's callback attempts (status or error). */
  callbacksOfMissing: string[];
  /** With violations: where the app's log lines were written. */
  appLog?: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runProcessChaos(o: ProcessChaosOptions): Promise<ProcessChaosReport> {
  if (o.charges === undefined && o.minutes === undefined)
    throw new Error('give charges, minutes or both');
  const random = rng(o.seed);
  const began = Date.now();
  const sb = await sandbox();
  const atPsp = async () => (await sb.control('GET', '/charges')).body as PspCharge[];
  const pay = (id: string) => sb.control('POST', `/charges/${id}/pay`);

  const seen = new Timeline();
  let cast: Cast | null = null;
  let relayBack: Promise<void> = Promise.resolve();
  try {
    cast = await Cast.start({
      ...(o.queryPerMinute && { queryPerMinute: o.queryPerMinute }),
      pspUrl: sb.baseUrl,
      statusQuery: o.statusQuery,
      onEvent: seen.onEvent,
    });
    await cast.startApp();
    const c = cast;
    const violations: string[] = [];
    /** A call to the app; one it leaves unanswered for 20 s is a violation, not a hang. */
    const call = async <T>(channel: string, payload: unknown): Promise<Result<T>> => {
      const r = await Promise.race([c.app!.call<T>(channel, payload), sleep(20_000)]);
      if (r) return r;
      violations.push(`the app left ${channel} unanswered for 20 s`);
      o.progress?.(`app: ${channel} unanswered for 20 s`);
      return { ok: false, kind: 'unavailable', code: 'HOST_GONE' } as Result<T>;
    };
    const list = async () => {
      const r = await call<ChargeView[]>('charges:list', { limit: 1000 });
      if (!r.ok) return null;
      for (const v of r.value) seen.seen(v);
      return r.value;
    };
    /** Polls until every PSP-paid charge shows paid and none is uncertain; the time it took. */
    const settle = async (from: number, limitMs: number) => {
      const until = Date.now() + limitMs;
      for (;;) {
        const local = await list();
        if (local && settledBooks(await atPsp(), local)) return Date.now() - from;
        if (Date.now() > until) return null;
        await sleep(50);
      }
    };

    const slots = (n: number) =>
      Array.from({ length: n }, () => 0.1 + random() * 0.7).sort((a, b) => a - b);
    const relaySlots = slots(o.relayKills);
    const appSlots = slots(o.appKills);
    const deadline = o.minutes === undefined ? Infinity : began + o.minutes * 60_000;
    const progress = (i: number) =>
      Math.max(
        o.charges === undefined ? 0 : i / o.charges,
        o.minutes === undefined ? 0 : (Date.now() - began) / (o.minutes * 60_000),
      );

    const faults: Record<string, number> = {};
    const uncertain: Array<{ id: string; sentAt: number }> = [];
    const relayDowns: RelayOutage[] = [];
    const appRecoveries: number[] = [];
    let paidWhileAppDown = 0;
    let appKillsInFlight = 0;
    const open: Array<{ id: string; pspId: string }> = []; // QR shown, the payer walked away

    const killRelay = () => {
      const down: RelayOutage = { paid: [] };
      relayDowns.push(down);
      c.killRelay();
      const downMs = 500 + random() * 2_500;
      o.progress?.(`relay: kill -9, back in ${Math.round(downMs)} ms`);
      relayBack = sleep(downMs).then(async () => {
        await c.startRelay();
        down.backAt = Date.now();
        down.appDownAtBack = appDown;
      });
    };
    const currentDown = () => (c.relay ? undefined : relayDowns.at(-1));
    let appDown = false;

    const killApp = async () => {
      // From here on, what the app shows of a relay return is its restart's.
      appDown = true;
      seen.appKilled(relayDowns);
      const inFlight = random() < 0.5;
      o.progress?.(
        `app: kill -9 (${open.length} QRs open)${inFlight ? ' with a create in flight' : ''}`,
      );
      if (inFlight) {
        appKillsInFlight++;
        await sb.control('POST', '/faults', {
          route: 'POST /payments/deposit',
          kind: 'latency',
          value: 1_500,
        });
        void c.app!.call('charges:create', {
          amountCents: 1 + Math.floor(random() * 50_000),
          payer,
        });
        await sleep(300);
      }
      await c.app!.kill9();
      await sb.control('DELETE', '/faults');
      // Payers go on paying QRs already shown while the app is down.
      for (let n = 1 + Math.floor(random() * 2); n > 0 && open.length; n--) {
        const [c] = open.splice(Math.floor(random() * open.length), 1);
        await pay(c!.pspId);
        currentDown()?.paid.push(c!.id);
        paidWhileAppDown++;
      }
      await sleep(300 + random() * 1_200);
      const spawned = Date.now();
      await c.startApp();
      appDown = false;
      const took = await settle(spawned, 15_000);
      if (took === null)
        violations.push(
          'app restart: not settled (every paid charge shown paid, none in doubt) within 15 s',
        );
      else appRecoveries.push(took);
    };

    let sales = 0;
    for (; (o.charges === undefined || sales < o.charges) && Date.now() < deadline; sales++) {
      const f = progress(sales);
      if (c.relay && relaySlots.length && relaySlots[0]! <= f) {
        relaySlots.shift();
        killRelay();
      }
      if (appSlots.length && appSlots[0]! <= f) {
        appSlots.shift();
        await killApp();
      }
      const sale = drawSale(random, faults);
      if (sale.faultBody) await sb.control('POST', '/faults', sale.faultBody);
      o.progress?.(`sale ${sales}: ${sale.kind}`);
      const sentAt = Date.now();
      const r = await call<ChargeView>('charges:create', { amountCents: sale.amountCents, payer });
      await sb.control('DELETE', '/faults');
      if (!r.ok) continue;
      seen.seen(r.value);
      if (!r.value.brcode) uncertain.push({ id: r.value.id, sentAt });
      const psp = (await atPsp()).find((c) => c.externalId === r.value.externalId);
      const what = random();
      if (!psp) continue; // the PSP never processed it: nothing a payer could pay
      const paid = async () => {
        await pay(psp.id);
        currentDown()?.paid.push(r.value.id);
      };
      const cancel = () => call('charges:cancel', { id: r.value.id });
      if (what < 0.4) await paid();
      else if (what < 0.5) {
        await paid();
        await pay(psp.id); // paying twice: the PSP refuses the second
      } else if (what < 0.6) {
        await cancel();
        await paid(); // after the cancel: a late payment
      } else if (what < 0.7) await cancel();
      else open.push({ id: r.value.id, pspId: psp.id });
      // A timed run paces its sales (and stays within one list of 1,000).
      if (o.pacePerMinute) await sleep((60_000 / o.pacePerMinute) * (0.5 + random()));
      else if (o.minutes !== undefined) await sleep(200 + random() * 400);
    }
    // Recovery: every fault gone, the relay back and the app's stream to it up again, the PSP
    // done redelivering its callbacks; the app reconciles by itself.
    await relayBack;
    const lastBack = relayDowns.at(-1)?.backAt ?? 0;
    const until = Date.now() + 40_000;
    const redelivering = async () =>
      ((await sb.control('GET', '/callbacks')).body as CallbackLog).some(
        (c) => !c.delivered && c.attempts.length < 8,
      );
    while (
      Date.now() < until &&
      ((lastBack > c.appReadyAt && !seen.connected.some((t) => t > lastBack)) ||
        (await redelivering()))
    )
      await sleep(100);
    const started = Date.now();
    const recoveryMs = (await settle(started, 5_000)) ?? Date.now() - started;
    const local = (await list()) ?? [];
    const psp = await atPsp();
    const books = checkBooks(psp, local);
    const callbacksOfMissing = callbackTrails(
      paidNotShown(psp, local),
      (await sb.control('GET', '/callbacks')).body as CallbackLog,
    );
    if (local.length >= 1000) violations.push('more than 1000 charges: the check saw 1000');
    // Closing time: the app must exit when asked (a stuck request would keep it from it).
    cast = null;
    if (!(await c.stop())) violations.push('the app did not exit within 10 s of SIGTERM');
    const appLog = path.join(tmpdir(), `balcao-chaos-${o.seed}-${process.pid}.log`);
    if (violations.length || books.violations.length) writeFileSync(appLog, c.appLogs());
    return {
      seed: o.seed,
      sales,
      seconds: Math.round((Date.now() - began) / 1000),
      statusQuery: o.statusQuery,
      relayKills: relayDowns.length,
      appKills: o.appKills - appSlots.length,
      appKillsInFlight,
      faults,
      ...books,
      violations: [...violations, ...books.violations],
      callbacksOfMissing,
      ...((violations.length || books.violations.length) && { appLog }),
      recoveryMs,
      paidWhileRelayDown: relayDowns.reduce((n, d) => n + d.paid.length, 0),
      paidWhileAppDown,
      uncertainCreateToQrMs: seen.toQr(uncertain),
      relayBackToPaidMs: seen.sinceRelayBack(relayDowns),
      relayBackToReconnectedMs: seen.reconnects(relayDowns),
      relayBackWhileAppDown: relayDowns.filter((d) => d.appDownAtBack).length,
      appRestartToAllPaidMs: percentiles(appRecoveries),
    };
  } finally {
    await relayBack.catch(() => undefined);
    await cast?.stop();
    await sb.close();
  }
}

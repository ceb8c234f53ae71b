// A shop's day under faults (issue 36, "Tests and figures"): the owner's development host and
// `counters` counters' hosts as one shop, on a shop relay run as its own process (SQLite, or etcd's
// three members), all on one PSP sandbox. Four operators in shifts, sales at `salesPerMinute`,
// paid through the sandbox; one counter cut from the relay (a TCP proxy gone silent) for
// `offlineMs`, one counter host killed -9 right after creating a charge and restarted on its
// data directory, the relay killed -9 and restarted on its port and store. At the end it reads
// every closing through the app (IPC) and says whether they agree with the PSP's paid sum.
// The CI test (test/e2e/shop-day.test.ts) and `npm run bench -- shop-day` run it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startHost, type Host } from './devhost';
import { sandboxProcess } from './sandbox-process';
import { startTcpProxy } from './tcp-proxy';
import { freePort, startRelayProcess } from './relay-process';

export interface ShopDayOptions {
  counters: number;
  sales: number;
  salesPerMinute: number;
  offlineMs: number;
  /** `sqlite` = one relay on a SQLite file; else the etcd members' client addresses. */
  store: 'sqlite' | { etcd: string[] };
  say?: (line: string) => void;
  /**
   * Called at the end of the day, every part still running (the CI test reads the owner's Loja
   * in Chromium here): the owner's host and what the PSP paid, by counter and operator.
   */
  atEnd?: (end: {
    owner: Host;
    paid: Money;
    paidByCounter: Money[];
    paidByOperator: Record<string, Money>;
  }) => Promise<void>;
}

const OPERATORS = ['Ana', 'Bia', 'Caio', 'Duda'];
const PIN = (i: number) => `${i + 1}`.repeat(4);
const ROSTER = OPERATORS.map((n, i) => `${n}:${PIN(i)}`).join(',');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const psp = { BALCAO_CLIENT_ID: 'demo-client-id', BALCAO_CLIENT_SECRET: 'demo-client-secret' };
const payer = {
  name: 'Ana Souza',
  email: 'ana@padaria.com.br',
  document: '123.456.789-09',
  phone: '5511912345678',
};
export type Money = { count: number; amountCents: number };
const add = (m: Money, cents: number) => ({
  count: m.count + 1,
  amountCents: m.amountCents + cents,
});
const zero = (): Money => ({ count: 0, amountCents: 0 });

export interface ShopDayResult {
  /** What the PSP (sandbox) confirmed paid, whole and per counter / operator name. */
  paid: Money;
  /** The PSP's own list of its charges at the end (the sandbox's control API), PAID ones. */
  pspListed: Money;
  /** Every charge in that list, and "Total de cobranças" of the owner's shop and each counter. */
  pspCharges: Money;
  ownerTotal: Money;
  counterTotals: Money[];
  paidByCounter: Money[];
  paidByOperator: Record<string, Money>;
  /** Each counter's own Fechamento (history:closing) received, and its per-operator lines. */
  counterClosings: Money[];
  counterOperatorSums: Money[];
  /** Operator name → received summed over every counter's Fechamento. */
  operatorClosings: Record<string, Money>;
  /** The owner's Loja Fechamento (shop:view): the shop, each counter, each operator. */
  ownerShop: Money;
  ownerByCounter: Money[];
  ownerByOperator: Record<string, Money>;
  /** PAID sales in the owner's list, and ids listed twice. */
  ownerPaidSales: number;
  ownerDuplicates: number;
  /** The charge created just before its counter was killed, never paid: not a sale. */
  inFlight: { id: string; inReceived: boolean };
  /** Owner's journal lag after each paid sale while every part was up (ms). */
  lags: number[];
  unseen: number;
  agree: boolean;
}

const received = (s: { received: Money }): Money => ({
  count: s.received.count,
  amountCents: s.received.amountCents,
});
const same = (a: Money, b: Money) => a.count === b.count && a.amountCents === b.amountCents;

export async function runShopDay(o: ShopDayOptions): Promise<ShopDayResult> {
  const say = o.say ?? (() => undefined);
  const dir = () => mkdtempSync(path.join(tmpdir(), 'balcao-shop-day-'));
  const sb = await sandboxProcess();
  const origin = new URL(sb.baseUrl).origin;
  const adminToken = 'shop-day-admin-token-0123456789abcdef';
  const relayPort = await freePort();
  const relayFile = path.join(dir(), 'relay.sqlite');
  const store = o.store === 'sqlite' ? `sqlite:${relayFile}` : `etcd://${o.store.etcd.join(',')}`;
  const startShopRelay = () =>
    startRelayProcess({ adminToken, store, port: relayPort, args: ['--log-level', 'error'] });
  let relay: { child: ChildProcess; url: string } = await startShopRelay();
  const hosts = new Set<Host>();
  const proxies: Array<Awaited<ReturnType<typeof startTcpProxy>>> = [];
  const paidAt = new Map<string, number>();
  const onEvent = (event: string, payload: unknown) => {
    if (event !== 'charges:paid') return;
    const id = (payload as { charge: { externalId: string } }).charge.externalId;
    if (!paidAt.has(id)) paidAt.set(id, performance.now());
  };
  const call = async <T>(h: Host, channel: string, payload: unknown = {}): Promise<T> => {
    const r = await h.call<T>(channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.code}`);
    return r.value;
  };
  try {
    const owner = await startHost(
      [
        '--psp',
        sb.baseUrl,
        '--shop-owner',
        '--shop-relay',
        relay.url,
        '--pair-codes',
        String(o.counters),
      ],
      {
        ...psp,
        BALCAO_DATA_DIR: dir(),
        BALCAO_KEYCHAIN_SERVICE: `balcao-shop-day-owner-${process.pid}`,
        BALCAO_OWNER_PIN: '2468',
        BALCAO_RELAY_ADMIN_TOKEN: adminToken,
      },
      { logs: true },
    );
    hosts.add(owner);
    let out = '';
    for (
      let i = 0;
      i < 300 && [...out.matchAll(/pairing code (\w{10})/g)].length < o.counters;
      i++
    ) {
      out = owner.output();
      await sleep(100);
    }
    const address = /shop address (balcao-loja:\S+)/.exec(out)?.[1];
    if (!address) throw new Error(`the owner's host printed no shop:\n${out}`);
    const [, channel, token] = JSON.parse(
      Buffer.from(address.slice('balcao-loja:'.length), 'base64url').toString(),
    ) as [string, string, string];
    // Each counter reaches the relay through its own proxy (cut to make it "offline"): the
    // shop's address is the owner's with the proxy's URL in it.
    const codes = [...out.matchAll(/pairing code (\w{10})/g)].map((m) => m[1]!);
    const counterEnv: Array<Record<string, string>> = [];
    const counterArgs: string[][] = [];
    const counters: Host[] = [];
    for (let i = 0; i < o.counters; i++) {
      const proxy = await startTcpProxy({ host: '127.0.0.1', port: relayPort });
      proxies.push(proxy);
      const via = `balcao-loja:${Buffer.from(JSON.stringify([`http://${proxy.address}`, channel, token])).toString('base64url')}`;
      counterArgs.push(['--psp', sb.baseUrl, '--join-shop', via, '--operators', ROSTER]);
      counterEnv.push({
        ...psp,
        BALCAO_DATA_DIR: dir(),
        BALCAO_KEYCHAIN_SERVICE: `balcao-shop-day-counter${i}-${process.pid}`,
        BALCAO_PAIR_CODE: codes[i]!,
        BALCAO_OWNER_PIN: '2468',
      });
      const h = await startHost(counterArgs[i]!, counterEnv[i]!, { logs: false, onEvent });
      hosts.add(h);
      counters.push(h);
    }
    const enter = async (c: number, op: number) => {
      const list = await call<Array<{ id: string; name: string }>>(
        counters[c]!,
        'operators:roster',
      );
      const id = list.find((x) => x.name === OPERATORS[op])!.id;
      await call(counters[c]!, 'operators:enter', { operatorId: id, pin: PIN(op) });
    };
    const shift = counters.map((_, c) => c % OPERATORS.length);
    for (const [c, op] of shift.entries()) await enter(c, op);

    const paid = { all: zero(), byCounter: counters.map(zero), byOp: {} as Record<string, Money> };
    const ownerApplied = async () =>
      (await call<{ applied: number }>(owner, 'shop:status')).applied;
    const lags: number[] = [];
    let unseen = 0;
    let calm = true;
    const gap = 60_000 / o.salesPerMinute;
    const at = (f: number) => Math.floor(o.sales * f);
    const offlineCounter = 1 % o.counters;
    const killedCounter = 2 % o.counters;
    let inFlight = { id: '', inReceived: false };
    let offlineUntil = 0;
    for (let i = 0; i < o.sales; i++) {
      const started = performance.now();
      if (i === at(0.2)) {
        say(`sale ${i}: counter ${offlineCounter} cut from the relay for ${o.offlineMs} ms`);
        proxies[offlineCounter]!.set({ silent: true });
        proxies[offlineCounter]!.drop(() => true);
        offlineUntil = Date.now() + o.offlineMs;
        calm = false;
      }
      if (offlineUntil && Date.now() >= offlineUntil) {
        say(`sale ${i}: counter ${offlineCounter} back`);
        proxies[offlineCounter]!.set({ silent: false });
        offlineUntil = 0;
      }
      if (i === at(0.4)) {
        // Shift change at counter 0: Duda takes over (the one switch).
        await call(counters[0]!, 'operators:leave');
        shift[0] = 3;
        await enter(0, 3);
        say(`sale ${i}: ${OPERATORS[3]} takes counter 0`);
      }
      if (i === at(0.5)) {
        // A charge made at the counter, then the host killed before it is paid: the PSP never
        // got the money, so it is no sale and must not be in any closing's received money.
        const h = counters[killedCounter]!;
        const made = await call<{ externalId: string }>(h, 'charges:create', {
          amountCents: 777,
          payer,
        });
        inFlight = { id: made.externalId, inReceived: false };
        await h.kill9();
        hosts.delete(h);
        const again = await startHost(counterArgs[killedCounter]!, counterEnv[killedCounter]!, {
          logs: false,
          onEvent,
        });
        hosts.add(again);
        counters[killedCounter] = again;
        await enter(killedCounter, shift[killedCounter]!);
        say(`sale ${i}: counter ${killedCounter} killed -9 with a charge unpaid, restarted`);
        calm = false;
      }
      if (i === at(0.7)) {
        relay.child.kill('SIGKILL');
        await new Promise((r) => relay.child.once('exit', r));
        relay = await startShopRelay();
        say(`sale ${i}: relay killed -9, restarted on its port and store`);
        calm = false;
      }
      const c = i % o.counters;
      const h = counters[c]!;
      const cents = 1000 + i;
      const before = await ownerApplied();
      const made = await call<{ externalId: string }>(h, 'charges:create', {
        amountCents: cents,
        payer,
      });
      const r = await fetch(`${origin}/__sandbox/charges/${made.externalId}/pay`, {
        method: 'POST',
      });
      await r.arrayBuffer();
      if (r.ok) {
        paid.all = add(paid.all, cents);
        paid.byCounter[c] = add(paid.byCounter[c]!, cents);
        const name = OPERATORS[shift[c]!]!;
        paid.byOp[name] = add(paid.byOp[name] ?? zero(), cents);
      }
      // Owner lag, only while every part is up and the shop had settled (calm).
      if (calm && r.ok && i >= 3) {
        for (let t = 0; t < 400 && !paidAt.has(made.externalId); t++) await sleep(5);
        let seen: number | undefined;
        for (let t = 0; t < 400 && seen === undefined; t++)
          if ((await ownerApplied()) >= before + 2) seen = performance.now();
          else await sleep(5);
        const p = paidAt.get(made.externalId);
        if (seen === undefined || p === undefined) unseen++;
        else lags.push(Math.max(0, seen - p));
      }
      const wait = gap - (performance.now() - started);
      if (wait > 0) await sleep(wait);
    }
    if (offlineUntil) {
      await sleep(Math.max(0, offlineUntil - Date.now()));
      proxies[offlineCounter]!.set({ silent: false });
    }

    // The end of the day: the owner's Loja Fechamento must settle on the PSP's sum.
    const day = new Date().toLocaleDateString('sv');
    type View = {
      sales: Array<{ id: string; status: string }>;
      closing: {
        shop: { received: Money; total: Money };
        terminals: Array<{
          terminal: string;
          live: { received: Money };
          operators: Array<{ name: string | null; live: { received: Money } }>;
        }>;
      };
    };
    await call(owner, 'owner:unlock', { pin: '2468' });
    const view = () => call<View>(owner, 'shop:view', { day, span: 'week', by: 'terminal' });
    let v = await view();
    for (let t = 0; t < 240 && !same(received(v.closing.shop), paid.all); t++) {
      await sleep(500);
      v = await view();
    }
    type Closing = {
      terminalId: string;
      terminalName: string;
      live: { received: Money; total: Money };
      byOperator?: Array<{ operatorName: string | null; live: { received: Money } }>;
    };
    for (const h of counters) await call(h, 'owner:unlock', { pin: '2468' });
    const closings = await Promise.all(
      counters.map((h) => call<Closing>(h, 'history:closing', { day })),
    );
    const sumOps = (lines: Array<{ live: { received: Money } }>) =>
      lines.reduce(
        (m, l) => ({
          count: m.count + l.live.received.count,
          amountCents: m.amountCents + l.live.received.amountCents,
        }),
        zero(),
      );
    const operatorClosings: Record<string, Money> = {};
    const ownerByOperator: Record<string, Money> = {};
    const into = (acc: Record<string, Money>, name: string | null, m: Money) => {
      const k = name ?? '(ninguém)';
      const a = acc[k] ?? zero();
      acc[k] = { count: a.count + m.count, amountCents: a.amountCents + m.amountCents };
    };
    for (const c of closings)
      for (const l of c.byOperator ?? []) into(operatorClosings, l.operatorName, received(l.live));
    for (const t of v.closing.terminals)
      for (const l of t.operators) into(ownerByOperator, l.name, received(l.live));
    const ownerByCounter = closings.map((c) => {
      const t = v.closing.terminals.find(
        (x) => x.terminal === c.terminalId || x.terminal === c.terminalName,
      );
      return t ? received(t.live) : zero();
    });
    const ids = v.sales.map((s) => s.id);
    const inFlightSale = v.sales.find((s) => s.id === inFlight.id);
    inFlight.inReceived = inFlightSale?.status === 'PAID';
    const counterClosings = closings.map((c) => received(c.live));
    const counterOperatorSums = closings.map((c) => sumOps(c.byOperator ?? []));
    const eqMap = (a: Record<string, Money>, b: Record<string, Money>) =>
      Object.keys({ ...a, ...b }).every((k) => same(a[k] ?? zero(), b[k] ?? zero()));
    const charges = (await (await fetch(`${origin}/__sandbox/charges`)).json()) as Array<{
      kind: string;
      status: string;
      amount: number;
    }>;
    const pspListed = charges
      .filter((c) => c.kind !== 'withdrawal' && c.status === 'PAID')
      .reduce((m, c) => add(m, Math.round(c.amount * 100)), zero());
    const pspCharges = charges
      .filter((c) => c.kind !== 'withdrawal')
      .reduce((m, c) => add(m, Math.round(c.amount * 100)), zero());
    const total = (s: { total: Money }) => ({
      count: s.total.count,
      amountCents: s.total.amountCents,
    });
    const result: ShopDayResult = {
      paid: paid.all,
      pspListed,
      pspCharges,
      ownerTotal: total(v.closing.shop),
      counterTotals: closings.map((c) => total(c.live)),
      paidByCounter: paid.byCounter,
      paidByOperator: paid.byOp,
      counterClosings,
      counterOperatorSums,
      operatorClosings,
      ownerShop: received(v.closing.shop),
      ownerByCounter,
      ownerByOperator,
      ownerPaidSales: v.sales.filter((s) => s.status === 'PAID').length,
      ownerDuplicates: ids.length - new Set(ids).size,
      inFlight,
      lags,
      unseen,
      agree: false,
    };
    result.agree =
      same(pspListed, paid.all) &&
      same(result.ownerTotal, pspCharges) &&
      same(
        result.counterTotals.reduce(
          (m, t) => ({ count: m.count + t.count, amountCents: m.amountCents + t.amountCents }),
          zero(),
        ),
        pspCharges,
      ) &&
      same(result.ownerShop, paid.all) &&
      result.ownerPaidSales === paid.all.count &&
      result.ownerDuplicates === 0 &&
      !inFlight.inReceived &&
      counterClosings.every((m, i) => same(m, paid.byCounter[i]!)) &&
      counterOperatorSums.every((m, i) => same(m, paid.byCounter[i]!)) &&
      ownerByCounter.every((m, i) => same(m, paid.byCounter[i]!)) &&
      eqMap(operatorClosings, paid.byOp) &&
      eqMap(ownerByOperator, paid.byOp);
    await o.atEnd?.({
      owner,
      paid: paid.all,
      paidByCounter: paid.byCounter,
      paidByOperator: paid.byOp,
    });
    return result;
  } finally {
    for (const h of hosts) await h.stop().catch(() => undefined);
    for (const p of proxies) await p.close().catch(() => undefined);
    relay.child.kill('SIGKILL');
    await sb.close();
  }
}

import type { ChargeState } from './charge-state';
import { closeDayByOperator, sumSections } from './closing-by-operator';
import type { ClosingSection, DayRange } from './day-closing';
import type { SeriesCharge } from './sales-series';

/**
 * The owner's view across counters ("Loja", issue 36, Deliver 3): what the shop journal's
 * applied entries say, folded into charges, counters and closings. Pure: the ledger gives the
 * entries (shared shape below, a subset of electron/services/journal/entry.ts), the screen
 * shows the result. Money is integer cents throughout.
 */
export interface ShopEntry {
  kind: string;
  subject: string;
  terminal: string;
  seq: number;
  /** The terminal's clock: shown, and used to place a fact on a day; never to order. */
  at: string;
  amountCents?: number;
  expectedCents?: number;
  operator?: { id: string; name: string };
  payer?: string;
  /** A counter's heartbeat (counter-status): the name it was given. */
  counter?: { name: string };
  /** When the entry reached this Balcão, by its own clock (older rows: unknown). */
  receivedAt?: number;
}

/** A charge as the journal tells it. `operator` is who rang it (the `created` entry's). */
export interface ShopCharge {
  id: string;
  terminal: string;
  operatorId: string | null;
  operatorName: string | null;
  status: ChargeState;
  amountCents: number;
  receivedCents?: number;
  flags: string[];
  payer?: string;
  createdAt: number;
  paidAt?: number;
  refundedAt?: number;
  refundedCents?: number;
}

export interface CounterState {
  terminal: string;
  /** What the screen calls it (counterLabels). */
  name: string;
  /**
   * The newest sale or shift fact from this counter (highest seq): its kind and the counter's own
   * time; a counter that only said it is on: its newest heartbeat.
   */
  lastKind: string;
  lastAt: number;
  /** The shift open at this counter, if the journal says one is; else null. */
  shiftOperator: string | null;
  /**
   * When this Balcão last heard from it (any entry, heartbeats included, by the time it arrived
   * here: a counter's clock 10 minutes off does not make it look gone).
   */
  seenAt: number;
  /** Heard from in the last ONLINE_WINDOW_MIN minutes (it beats every 5: three missed beats). */
  recent: boolean;
  /** Removed from the shop by the owner: what it wrote before still counts, nothing after. */
  removed: boolean;
}

export const ONLINE_WINDOW_MIN = 15;

const EMPTY_STATES: ReadonlySet<ChargeState> = new Set(['CANCELED', 'EXPIRED']);

/** Each terminal's entries in its own seq order (the feed applied them in that order). */
const inOrder = (entries: readonly ShopEntry[]) =>
  [...entries].sort((a, b) =>
    a.terminal === b.terminal ? a.seq - b.seq : a.terminal < b.terminal ? -1 : 1,
  );

const ms = (at: string) => {
  const t = Date.parse(at);
  return Number.isFinite(t) ? t : 0;
};

/**
 * Entries → charges. A fact about a charge the journal never saw `created` for is kept apart
 * (nothing to attach it to) and not counted: `orphans` says how many.
 * `refunded`: its subject is the charge, `amountCents` what went back (assumption: entry.ts
 * does not say; one `refunded` per charge, as the entry id is kind + subject).
 */
export function foldCharges(entries: readonly ShopEntry[]): {
  charges: ShopCharge[];
  orphans: number;
} {
  const charges = new Map<string, ShopCharge>();
  let orphans = 0;
  for (const e of inOrder(entries)) {
    if (e.kind === 'created') {
      if (charges.has(e.subject)) continue;
      charges.set(e.subject, {
        id: e.subject,
        terminal: e.terminal,
        operatorId: e.operator?.id ?? null,
        operatorName: e.operator?.name ?? null,
        status: 'PENDING',
        amountCents: e.amountCents ?? 0,
        flags: [],
        ...(e.payer && { payer: e.payer }),
        createdAt: ms(e.at),
      });
      continue;
    }
    if (!['paid', 'paid-different-amount', 'canceled', 'expired', 'refunded'].includes(e.kind))
      continue;
    const c = charges.get(e.subject);
    if (!c) {
      orphans++;
      continue;
    }
    if (e.payer && !c.payer) c.payer = e.payer;
    if (e.kind === 'paid' || e.kind === 'paid-different-amount') {
      c.receivedCents = e.amountCents ?? c.amountCents;
      c.paidAt = ms(e.at);
      // Paid after a cancel or an expiry: money arrived all the same (day-closing's late line).
      if (EMPTY_STATES.has(c.status)) c.flags.push('LATE_PAYMENT');
      else c.status = c.receivedCents === c.amountCents ? 'PAID' : 'PAID_DIFFERENT_AMOUNT';
    } else if (e.kind === 'refunded') {
      const arrived = c.receivedCents ?? c.amountCents;
      c.refundedAt = ms(e.at);
      c.refundedCents = Math.min(e.amountCents ?? arrived, arrived);
      // All of it back: REFUNDED (day-closing counts it); part of it: the sale stays paid.
      if (c.refundedCents === arrived) c.status = 'REFUNDED';
    } else if (c.status === 'PENDING') {
      c.status = e.kind === 'canceled' ? 'CANCELED' : 'EXPIRED';
    }
  }
  return { charges: [...charges.values()], orphans };
}

const HEARTBEAT = 'counter-status';

/**
 * Each terminal's name for the screen: the newest name its heartbeat said (or this Balcão's own,
 * when it sells too), else the first 8 characters of its id; two counters left with the same name
 * (every new install is "Caixa 1") get their id's first 4 characters after it.
 */
export function counterLabels(
  entries: readonly ShopEntry[],
  own?: { terminal: string; name: string },
): Map<string, string> {
  const said = new Map<string, string>();
  for (const e of inOrder(entries)) {
    if (!said.has(e.terminal)) said.set(e.terminal, e.terminal.slice(0, 8));
    if (e.kind === HEARTBEAT && e.counter?.name) said.set(e.terminal, e.counter.name);
  }
  // Only when it wrote to the journal itself: else its name would push a counter's into "(id)".
  if (own && said.has(own.terminal)) said.set(own.terminal, own.name);
  const uses = new Map<string, number>();
  for (const name of said.values()) uses.set(name, (uses.get(name) ?? 0) + 1);
  return new Map(
    [...said].map(([terminal, name]) => [
      terminal,
      (uses.get(name) ?? 0) > 1 ? `${name} (${terminal.slice(0, 4)})` : name,
    ]),
  );
}

/** Every counter that wrote to the journal: its newest fact, its open shift, when last heard. */
export function counters(
  entries: readonly ShopEntry[],
  now: number,
  removed: ReadonlySet<string> = new Set(),
  labels: ReadonlyMap<string, string> = counterLabels(entries),
): CounterState[] {
  const by = new Map<string, CounterState & { sold: boolean }>();
  for (const e of inOrder(entries)) {
    // The owner's roster snapshot is no counter's activity (the owner's PC would show as one).
    if (e.kind === 'roster-snapshot') continue;
    const c = by.get(e.terminal) ?? {
      terminal: e.terminal,
      name: labels.get(e.terminal) ?? e.terminal,
      lastKind: e.kind,
      lastAt: ms(e.at),
      shiftOperator: null,
      seenAt: 0,
      recent: false,
      removed: false,
      sold: false,
    };
    c.seenAt = Math.max(c.seenAt, e.receivedAt ?? ms(e.at));
    // A heartbeat says the counter is on; the column shows its last sale or shift fact.
    if (e.kind !== HEARTBEAT || !c.sold) {
      c.lastKind = e.kind;
      c.lastAt = ms(e.at);
      c.sold ||= e.kind !== HEARTBEAT;
    }
    if (e.kind === 'shift-opened') c.shiftOperator = e.operator?.name ?? null;
    if (e.kind === 'shift-closed') c.shiftOperator = null;
    by.set(e.terminal, c);
  }
  return [...by.values()].map(({ sold: _, ...c }) => ({
    ...c,
    recent: now - c.seenAt <= ONLINE_WINDOW_MIN * 60_000,
    removed: removed.has(c.terminal),
  }));
}

export interface TerminalClosing {
  terminal: string;
  live: ClosingSection;
  operators: Array<{ operatorId: string | null; name: string | null; live: ClosingSection }>;
}

export interface ShopClosing {
  /** The shop: the sum of its terminals, line by line. */
  shop: ClosingSection;
  /** Each terminal: the sum of its operators, line by line. */
  terminals: TerminalClosing[];
}

/** Fechamento across counters: the day's rule per (terminal, operator), summed upwards. */
export function closeShopDay(day: DayRange, charges: readonly ShopCharge[]): ShopClosing {
  const byTerminal = new Map<string, ShopCharge[]>();
  for (const c of charges) {
    const list = byTerminal.get(c.terminal) ?? [];
    list.push(c);
    byTerminal.set(c.terminal, list);
  }
  const names = new Map(charges.map((c) => [c.operatorId, c.operatorName]));
  const terminals: TerminalClosing[] = [];
  for (const [terminal, list] of [...byTerminal].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const closing = list.map((c) => ({ ...c, demo: false }));
    // A partial refund counts on the day it was made, in the part of the sale it gives back
    // (a REFUNDED charge is counted as such by closeDay itself).
    const refunds = list
      .filter((c) => c.refundedAt !== undefined && c.status !== 'REFUNDED')
      .map((c) => ({
        amountCents: c.refundedCents ?? 0,
        demo: false,
        doneAt: c.refundedAt!,
        operatorId: c.operatorId,
      }));
    const parts = closeDayByOperator(day, closing, refunds);
    if (parts.length === 0) continue;
    terminals.push({
      terminal,
      live: sumSections(parts.map((p) => p.live)),
      operators: parts.map((p) => ({
        operatorId: p.operatorId,
        name: names.get(p.operatorId) ?? null,
        live: p.live,
      })),
    });
  }
  return { shop: sumSections(terminals.map((t) => t.live)), terminals };
}

/** Today's sales across the shop, newest first: created on the day or paid/refunded on it. */
export function daySales(day: DayRange, charges: readonly ShopCharge[]): ShopCharge[] {
  const on = (t: number | undefined) => t !== undefined && t >= day.from && t < day.to;
  return charges
    .filter((c) => on(c.createdAt) || on(c.paidAt) || on(c.refundedAt))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
}

/** The charges as Semana e mês counts them, with the counter and the operator's name. */
export const seriesRows = (charges: readonly ShopCharge[]): SeriesCharge[] =>
  charges.map((c) => ({
    createdAt: c.createdAt,
    status: c.status,
    flags: c.flags,
    amountCents: c.amountCents,
    ...(c.receivedCents !== undefined && { receivedCents: c.receivedCents }),
    demo: false,
    ...(c.operatorName !== null && { operator: c.operatorName }),
    terminal: c.terminal,
  }));

/**
 * The shop's received money against the PSP's list of received PIX for the day (its whole
 * list: charges of any counter plus PIX without a charge). `differenceCents` > 0: the PSP got
 * more than the counters say; < 0: a counter says paid what the PSP has not listed.
 */
export function shopAgainstPsp(
  shopReceivedCents: number,
  psp: {
    psp: { count: number; amountCents: number };
    otherPix: { count: number; amountCents: number };
  },
) {
  const pspCents = psp.psp.amountCents + psp.otherPix.amountCents;
  return {
    shopCents: shopReceivedCents,
    pspCents,
    pspCount: psp.psp.count + psp.otherPix.count,
    differenceCents: pspCents - shopReceivedCents,
  };
}

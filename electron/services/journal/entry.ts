// The shop journal's entry model (issue 36, Deliver 3): pure, no I/O.
// An entry is a fact a terminal publishes for the owner's view. It never carries a
// secret: the builder copies whitelisted fields only; payer data is masked here.
import { createHash } from 'node:crypto';
import type { Rekey } from './rekey';

export type EntryKind =
  | 'created'
  | 'paid'
  | 'paid-different-amount'
  | 'canceled'
  | 'expired'
  | 'refund-requested'
  | 'refunded'
  | 'shift-opened'
  | 'shift-closed'
  | 'roster-operator-added'
  | 'roster-operator-disabled'
  | 'roster-snapshot'
  /** A counter's heartbeat (every few minutes while it runs): its name, that it is alive. */
  | 'counter-status'
  /** The owner's new shop key, boxed for each remaining counter (rekey.ts), after a removal. */
  | 'shop-rekey';

/** What a counter says of itself in its heartbeat: the name its owner gave it (Configurações). */
export interface CounterInfo {
  readonly name: string;
}

/** A counter's name as the journal carries it: trimmed, at most the settings' 40 characters. */
export const counterName = (name: string): string => name.trim().slice(0, 40);

export interface OperatorRef {
  readonly id: string;
  readonly name: string;
}

/**
 * What a counter needs to let an operator in (roster-operator-added, written by the owner only):
 * her role and her PIN's salted scrypt verifier, never the PIN. Sealed under the shop key.
 */
export interface RosterDetail {
  readonly role: 'cashier' | 'supervisor';
  readonly pinHash: { salt: string; hash: string; N: number; r: number; p: number };
}

/** One operator in the owner's roster snapshot: `active: false` rows travel too (re-enable). */
export interface RosterMember extends RosterDetail {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
}

/**
 * The owner's whole roster (roster-snapshot, owner only): a counter applies the highest version
 * it has seen; the subject holds the version, so each snapshot has its own entry id.
 */
export interface RosterSnapshot {
  readonly version: number;
  readonly operators: readonly RosterMember[];
}

export interface JournalEntry {
  /** Idempotent: the same fact gives the same id on any terminal (sha256 of kind + subject). */
  readonly id: string;
  readonly kind: EntryKind;
  /** The charge, refund, shift or operator the fact is about. */
  readonly subject: string;
  readonly terminal: string;
  /** Per-terminal sequence, 1, 2, 3...: order is (terminal, seq), never wall clocks. */
  readonly seq: number;
  /** Terminal's clock when the fact happened: shown, never used to order. */
  readonly at: string;
  readonly amountCents?: number;
  readonly expectedCents?: number;
  readonly operator?: OperatorRef;
  readonly payer?: string;
  /** A DEMO sale (the embedded demo PSP): shown, never counted as money. */
  readonly demo?: true;
  readonly roster?: RosterDetail;
  readonly snapshot?: RosterSnapshot;
  readonly counter?: CounterInfo;
  readonly rekey?: Rekey;
}

export function entryId(kind: EntryKind, subject: string): string {
  return createHash('sha256').update(`${kind}\u0000${subject}`).digest('hex').slice(0, 32);
}

/** CPF/CNPJ keep 3 middle digits; a name keeps its first word and the last word's initial. */
export function maskPayer(
  name: string | undefined,
  document: string | undefined,
): string | undefined {
  const parts: string[] = [];
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 1) parts.push(words[0] as string);
  else if (words.length > 1) parts.push(`${words[0]} ${(words[words.length - 1] as string)[0]}.`);
  const digits = (document ?? '').replace(/\D/g, '');
  if (digits.length === 11) parts.push(`***.${digits.slice(3, 6)}.***-**`);
  else if (digits.length === 14) parts.push(`**.***.${digits.slice(5, 8)}/****-**`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export interface SaleFact {
  readonly kind: EntryKind;
  readonly subject: string;
  readonly at: string;
  readonly amountCents?: number;
  readonly expectedCents?: number;
  readonly payerName?: string;
  readonly payerDocument?: string;
  /** Who did it, when the caller knows (a shift's operator); else `operatorOf(subject)`. */
  readonly operator?: OperatorRef;
  readonly demo?: boolean;
  readonly roster?: RosterDetail;
  readonly snapshot?: RosterSnapshot;
  readonly counter?: CounterInfo;
  readonly rekey?: Rekey;
}

export type OperatorOf = (subject: string) => OperatorRef | undefined;

export type BuildResult =
  { ok: true; entry: JournalEntry } | { ok: false; code: 'journal.bad-fact' };

const isCents = (n: number | undefined): boolean =>
  n === undefined || (Number.isSafeInteger(n) && n >= 0);

/** Builds the entry for one fact; operator comes from an injected lookup (operators are E's). */
export function buildEntry(
  fact: SaleFact,
  terminal: string,
  seq: number,
  operatorOf: OperatorOf = () => undefined,
): BuildResult {
  if (!fact.subject || !terminal || !Number.isSafeInteger(seq) || seq < 1)
    return { ok: false, code: 'journal.bad-fact' };
  if (!isCents(fact.amountCents) || !isCents(fact.expectedCents))
    return { ok: false, code: 'journal.bad-fact' };
  if (
    fact.kind === 'paid-different-amount' &&
    (fact.amountCents === undefined || fact.expectedCents === undefined)
  ) {
    return { ok: false, code: 'journal.bad-fact' };
  }
  const operator = fact.operator ?? operatorOf(fact.subject);
  const payer = maskPayer(fact.payerName, fact.payerDocument);
  const entry: JournalEntry = {
    id: entryId(fact.kind, fact.subject),
    kind: fact.kind,
    subject: fact.subject,
    terminal,
    seq,
    at: fact.at,
    ...(fact.amountCents !== undefined ? { amountCents: fact.amountCents } : {}),
    ...(fact.expectedCents !== undefined ? { expectedCents: fact.expectedCents } : {}),
    ...(operator ? { operator: { id: operator.id, name: operator.name } } : {}),
    ...(payer ? { payer } : {}),
    ...(fact.demo ? { demo: true as const } : {}),
    ...(fact.kind === 'roster-operator-added' && fact.roster
      ? { roster: { role: fact.roster.role, pinHash: { ...fact.roster.pinHash } } }
      : {}),
    ...(fact.kind === 'roster-snapshot' && fact.snapshot ? { snapshot: fact.snapshot } : {}),
    ...(fact.kind === 'counter-status' && fact.counter
      ? { counter: { name: counterName(fact.counter.name) } }
      : {}),
    ...(fact.kind === 'shop-rekey' && fact.rekey ? { rekey: fact.rekey } : {}),
  };
  return { ok: true, entry };
}

// The owner's side of the journal: accepts an envelope only if every check passes and
// counts each refusal by reason. Membership (terminal keys, removals, shop keys) is set
// by the owner; entries cannot change it. Roster entries go to an injected callback.
import type { KeyObject } from 'node:crypto';
import type { JournalEntry } from './entry';
import { unseal, verifySignature, type Envelope } from './seal';

export type Refusal =
  | 'other-shop'
  | 'unknown-key' // an epoch the reader does not hold (old/other shop's key)
  | 'unknown-terminal'
  | 'removed-terminal'
  | 'forged' // signature does not verify with the terminal's public key
  | 'tampered' // decryption/authentication failed, or header and content disagree
  | 'replayed'
  | 'duplicate-id'; // another terminal already wrote this id

export type ReadResult = { ok: true; entry: JournalEntry } | { ok: false; refusal: Refusal };

interface Member {
  readonly publicKey: KeyObject;
  /** Set when removed: entries with seq above this were written after removal. */
  lastSeq?: number;
}

export class JournalReader {
  readonly refused: Record<Refusal, number> = {
    'other-shop': 0,
    'unknown-key': 0,
    'unknown-terminal': 0,
    'removed-terminal': 0,
    forged: 0,
    tampered: 0,
    replayed: 0,
    'duplicate-id': 0,
  };
  private readonly keys = new Map<number, Buffer>();
  private readonly members = new Map<string, Member>();
  private readonly seenSeq = new Set<string>();
  private readonly seenId = new Map<string, string>();

  constructor(
    private readonly shop: string,
    private readonly onRoster: (entry: JournalEntry) => void = () => undefined,
  ) {}

  addKey(epoch: number, key: Buffer): void {
    this.keys.set(epoch, key);
  }

  addTerminal(id: string, publicKey: KeyObject): void {
    this.members.set(id, { publicKey });
  }

  /** The owner removes a terminal having read it up to lastSeq; it then rotates the shop key. */
  removeTerminal(id: string, lastSeq: number): void {
    const m = this.members.get(id);
    if (m) m.lastSeq = lastSeq;
  }

  /** What an earlier run accepted (from the ledger), so a restart still refuses replays. */
  remember(terminal: string, seq: number, id: string): void {
    this.seenSeq.add(`${terminal}\u0000${seq}`);
    this.seenId.set(id, terminal);
  }

  read(env: Envelope): ReadResult {
    const refusal = this.check(env);
    if (typeof refusal === 'string') {
      this.refused[refusal] += 1;
      return { ok: false, refusal };
    }
    this.seenSeq.add(`${env.terminal}\u0000${env.seq}`);
    this.seenId.set(refusal.id, env.terminal);
    if (refusal.kind.startsWith('roster-')) this.onRoster(refusal);
    return { ok: true, entry: refusal };
  }

  private check(env: Envelope): Refusal | JournalEntry {
    if (env.shop !== this.shop) return 'other-shop';
    const member = this.members.get(env.terminal);
    if (!member) return 'unknown-terminal';
    if (member.lastSeq !== undefined && env.seq > member.lastSeq) return 'removed-terminal';
    if (!verifySignature(env, member.publicKey)) return 'forged';
    const key = this.keys.get(env.epoch);
    if (!key) return 'unknown-key';
    const entry = unseal(env, key) as JournalEntry | undefined;
    if (
      !entry ||
      typeof entry !== 'object' ||
      entry.terminal !== env.terminal ||
      entry.seq !== env.seq
    ) {
      return 'tampered';
    }
    if (this.seenSeq.has(`${env.terminal}\u0000${env.seq}`)) return 'replayed';
    const writer = this.seenId.get(entry.id);
    if (writer !== undefined) return writer === env.terminal ? 'replayed' : 'duplicate-id';
    return entry;
  }
}

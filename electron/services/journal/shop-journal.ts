// This Balcão's place in the shop journal (issue 36, Deliver 3, items 2 and 3): the outbox every
// ledger fact goes into (journal-tap.ts), the publisher and (on the owner's Balcão) the feed, with
// their lifecycle and status; making the shop, and pairing a terminal into it.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { err, ok, type Result } from '../../../shared/result';
import { createRelayChannel } from '../golive/relay-channel';
import type { Ledger } from '../ledger/ledger';
import type { SecretStore } from '../secrets/secret-store';
import { JournalFeed, type FeedCounts, type PairingMessage } from './feed';
import { Heartbeat } from './heartbeat';
import { JournalTap } from './journal-tap';
import { JournalOutbox, type WriterKeys } from './outbox';
import { boxNewKey, boxPublicKey } from './rekey';
import { resealUnsent } from './repair';
import { box, codeSecrets, unbox } from './pairing-box';
import { PairingBook, type PairingError } from './pairing';
import { PairingJoin } from './pairing-join';
import { JournalPublisher, type PublisherState } from './publisher';
import { removeMember } from './removal';
import { resumeBeforeSending } from './resume';
import { readOwner, RosterFeed, saveOwner } from './roster-feed';
import {
  parseShopAddress,
  readConfig,
  readSecrets,
  saveConfig,
  saveMembership,
  shopAddress,
  type ShopConfig,
  type ShopSecrets,
} from './shop-config';

export interface ShopJournalStatus {
  configured: boolean;
  role?: 'owner' | 'terminal';
  shop?: string;
  epoch?: number;
  /** Facts recorded and not yet stored by the relay. */
  unsent: number;
  lastPublishedAt?: number;
  publisher: PublisherState | 'off';
  /** The owner's feed: entries applied, and what it refused (by reason). */
  applied: number;
  refused: Partial<FeedCounts>;
}

export interface ShopJournalDeps {
  ledger: Ledger;
  secrets: SecretStore;
  terminalId: string;
  now?: () => number;
  fetch?: typeof fetch;
  /** Publisher/feed back-off (tests shorten them). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a joining terminal waits for the owner's answer (default 60 s). */
  joinWaitMs?: number;
  /** The owner's feed committed new entries (the open Loja is told, not left to poll). */
  onApplied?: (count: number) => void;
  /** A counter's heartbeat (heartbeat.ts): how often, and the name it says; none without both. */
  heartbeatMs?: number;
  counterName?: () => string | undefined;
}

export class ShopJournal {
  readonly outbox: JournalOutbox;
  private config: ShopConfig | undefined;
  private secrets: ShopSecrets | null = null;
  private publisher: JournalPublisher | null = null;
  private feed: JournalFeed | null = null;
  private roster: RosterFeed | null = null;
  private heartbeat: Heartbeat | null = null;
  private publisherState: PublisherState | 'off' = 'off';
  private readonly book: PairingBook;
  /** Live codes (the owner's screen showed them): the code is needed to open a join's box. */
  private readonly codes = new Map<string, { code: string; key: Buffer }>();
  private readonly now: () => number;
  private readonly tap: JournalTap;

  constructor(private readonly d: ShopJournalDeps) {
    this.now = d.now ?? Date.now;
    this.outbox = new JournalOutbox(d.ledger.db, d.terminalId, () => this.writerKeys(), this.now);
    this.book = new PairingBook(d.ledger.db, this.now);
    // Every ledger fact goes through the tap; not paired, the outbox records nothing.
    this.tap = new JournalTap(
      d.ledger.db,
      this.outbox,
      () => this.publisher?.kick(),
      () => this.config?.role === 'owner',
      this.now,
    );
    d.ledger.facts = this.tap;
  }

  /** Reads the membership (kv + keychain); call before any fact is written. */
  async load(): Promise<void> {
    this.config = readConfig(this.d.ledger.kv);
    this.secrets = this.config ? await readSecrets(this.d.secrets) : null;
  }

  private writerKeys(): WriterKeys | null {
    const c = this.config;
    const key = c && this.secrets?.keys.get(c.epoch);
    if (!c || !key || !this.secrets) return null;
    return { shopKey: { shop: c.shop, epoch: c.epoch, key }, signingKey: this.secrets.signingKey };
  }

  start(): void {
    const c = this.config;
    const s = this.secrets;
    if (!c || !s || this.publisher) return;
    const token = async () => this.secrets?.token ?? null;
    const backoff = {
      ...(this.d.baseDelayMs !== undefined && { baseDelayMs: this.d.baseDelayMs }),
      ...(this.d.maxDelayMs !== undefined && { maxDelayMs: this.d.maxDelayMs }),
      ...(this.d.fetch && { fetch: this.d.fetch }),
    };
    this.publisher = new JournalPublisher({
      outbox: this.outbox,
      relayUrl: c.relayUrl,
      channelId: c.channelId,
      token,
      onState: (st) => (this.publisherState = st),
      // A restored backup numbers on above what this terminal already published (resume.ts).
      prepare: () =>
        resumeBeforeSending({
          db: this.d.ledger.db,
          keys: () => this.writerKeys(),
          relayUrl: c.relayUrl,
          channelId: c.channelId,
          token,
          terminal: this.d.terminalId,
          now: this.now,
          ...(this.d.fetch && { fetch: this.d.fetch }),
        }),
      ...backoff,
    });
    this.publisherState = 'idle';
    this.publisher.start();
    // A counter reads the owner's roster entries (roster-feed.ts); paired before the owner's key
    // was in the grant, it has none and keeps its own roster (docs/journal.md).
    const owner = c.role === 'terminal' ? readOwner(this.d.ledger.kv) : undefined;
    if (owner) {
      this.roster = new RosterFeed({
        db: this.d.ledger.db,
        kv: this.d.ledger.kv,
        shop: c.shop,
        keys: s.keys,
        owner,
        terminal: this.d.terminalId,
        ...(s.boxKey && { boxKey: s.boxKey }),
        onNewKey: (epoch, key) => void this.adoptKey(epoch, key),
        relayUrl: c.relayUrl,
        channelId: c.channelId,
        token,
        ...backoff,
      });
      this.roster.start();
    }
    // A counter says it is alive and what it is called; the owner's Balcão is not a counter.
    if (c.role === 'terminal' && this.d.heartbeatMs && this.d.counterName) {
      this.heartbeat = new Heartbeat({
        db: this.d.ledger.db,
        outbox: this.outbox,
        terminal: this.d.terminalId,
        name: this.d.counterName,
        now: this.now,
        everyMs: this.d.heartbeatMs,
        onRecorded: () => this.publisher?.kick(),
      });
      this.heartbeat.start();
    }
    // The owner's Balcão reads the shop (the members' keys are in its ledger); a terminal writes.
    if (c.role === 'owner') {
      this.feed = new JournalFeed({
        db: this.d.ledger.db,
        shop: c.shop,
        keys: s.keys,
        relayUrl: c.relayUrl,
        channelId: c.channelId,
        token,
        onPairing: (m) => void this.answer(m),
        onApplied: (entries) => this.d.onApplied?.(entries.length),
        now: this.now,
        ...backoff,
      });
      this.feed.start();
    }
  }

  /** A counter's heartbeat now (its name or role just changed); a no-op elsewhere. */
  beat(): void {
    this.heartbeat?.beat();
  }

  async stop(): Promise<void> {
    this.heartbeat?.stop();
    this.heartbeat = null;
    this.roster?.stop();
    this.roster = null;
    this.feed?.stop();
    this.feed = null;
    await this.publisher?.stop();
    this.publisher = null;
    this.publisherState = 'off';
  }

  status(): ShopJournalStatus {
    const db = this.d.ledger.db;
    const last = db.prepare('SELECT MAX(sent_at) FROM journal_outbox').pluck().get() as
      number | null;
    const applied = db
      .prepare('SELECT COUNT(*) FROM journal_entries WHERE applied = 1')
      .pluck()
      .get() as number;
    const refused: Partial<FeedCounts> = {};
    for (const r of db.prepare('SELECT reason, count FROM journal_refusals').all() as Array<{
      reason: keyof FeedCounts;
      count: number;
    }>)
      refused[r.reason] = r.count;
    return {
      configured: this.writerKeys() !== null,
      ...(this.config && {
        role: this.config.role,
        shop: this.config.shop,
        epoch: this.config.epoch,
      }),
      unsent: this.outbox.pending(),
      ...(last !== null && { lastPublishedAt: last }),
      publisher: this.publisherState,
      applied,
      refused,
    };
  }

  /** The owner's feed (Loja's read model reads journal_entries; tests read this). */
  ownerFeed(): JournalFeed | null {
    return this.feed;
  }

  /** A counter's reader of the owner's roster entries (null on the owner's Balcão, or unpaired). */
  rosterFeed(): RosterFeed | null {
    return this.roster;
  }

  /**
   * The owner removes a terminal (removal.ts): its later entries are refused and counted; then a
   * new shop key goes to the counters that remain (rotate), so it cannot read what comes next.
   */
  async removeTerminal(
    terminal: string,
  ): Promise<Result<{ lastSeq: number; epoch: number; rekeyed: number }>> {
    if (this.config?.role !== 'owner') return err('validation', 'SHOP_NOT_OWNER');
    const done = removeMember(this.d.ledger.db, terminal, this.d.terminalId);
    if (!done.ok) return done;
    this.feed?.loadMembers();
    const rotated = await this.rotate();
    if (!rotated.ok) return rotated;
    return ok({ lastSeq: done.value.lastSeq, ...rotated.value });
  }

  /**
   * A new epoch: its key kept in the keychain first (the owner must read what counters seal under
   * it), then boxed to each remaining counter in a `shop-rekey` entry sealed under the old epoch,
   * then the owner writes under the new one. Counters with no box key (paired before it existed)
   * get none: they keep the old epoch until they pair again (Loja says how many, `rekeyed`).
   */
  private async rotate(): Promise<Result<{ epoch: number; rekeyed: number }>> {
    const c = this.config;
    const s = this.secrets;
    if (!c || !s) return err('conflict', 'SHOP_NOT_CONFIGURED');
    const epoch = Math.max(...s.keys.keys()) + 1;
    const key = randomBytes(32);
    const kept = await this.keepKey(epoch, key, c);
    if (!kept.ok) return kept;
    this.feed?.reader.addKey(epoch, key);
    const members = this.d.ledger.db
      .prepare(
        'SELECT terminal, box_key AS boxKey FROM journal_members WHERE last_seq IS NULL AND terminal != ? AND box_key IS NOT NULL ORDER BY terminal',
      )
      .all(this.d.terminalId) as Array<{ terminal: string; boxKey: string }>;
    const rekey = boxNewKey(c.shop, epoch, key, members);
    const r = this.outbox.record({
      kind: 'shop-rekey',
      subject: `rekey:${c.shop}:${epoch}`,
      at: new Date(this.now()).toISOString(),
      rekey,
    });
    if (!r.ok) return err('conflict', 'SHOP_NOT_CONFIGURED');
    this.config = { ...c, epoch };
    saveConfig(this.d.ledger.kv, this.config);
    this.publisher?.kick();
    return ok({ epoch, rekeyed: members.length });
  }

  /** A counter read the owner's new key (roster-feed.ts): kept, then its facts are sealed under it. */
  private async adoptKey(epoch: number, key: Buffer): Promise<void> {
    const c = this.config;
    if (!c || !this.secrets || this.secrets.keys.has(epoch)) return;
    // No keychain now: it keeps the old epoch (the owner still reads it) and is not told again;
    // it gets the key back by pairing again.
    await this.keepKey(epoch, key, { ...c, epoch: Math.max(c.epoch, epoch) });
  }

  /** One more epoch's key into the keychain with `config`; memory follows only once it is kept. */
  private async keepKey(epoch: number, key: Buffer, config: ShopConfig): Promise<Result<null>> {
    const s = this.secrets!;
    const keys = new Map(s.keys).set(epoch, key);
    const saved = await saveMembership(this.d.ledger.kv, this.d.secrets, config, {
      keys,
      signingKeyPem: s.signingKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      token: s.token,
    });
    if (!saved.ok) return saved;
    this.secrets = { ...s, keys };
    this.config = config;
    return saved;
  }

  /** No OS keychain (a Linux without a Secret Service): said in words, never a crash. */
  private async keychainWorks(): Promise<boolean> {
    try {
      await this.d.secrets.get('journal.shopToken');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Makes the shop on this (the owner's) Balcão: a shop channel on the relay (with the relay's
   * admin token, used once, never kept, or a channel already made), the shop key (epoch 1), this
   * Balcão's signing key, itself as the first member. Then starts publishing and reading.
   */
  async createShop(
    r: { relayUrl: string } & ({ adminToken: string } | { channelId: string; token: string }),
  ): Promise<Result<{ shop: string }>> {
    if (this.config) return err('conflict', 'SHOP_ALREADY_CONFIGURED');
    if (!(await this.keychainWorks())) return err('unavailable', 'KEYCHAIN_MISSING');
    let channel: { channelId: string; token: string };
    if ('adminToken' in r) {
      const made = await createRelayChannel(r.relayUrl, r.adminToken, this.d.fetch);
      if (!made.ok) return made;
      channel = made.value;
    } else channel = { channelId: r.channelId, token: r.token };
    const pair = generateKeyPairSync('ed25519');
    const config: ShopConfig = {
      shop: `loja-${randomUUID()}`,
      relayUrl: r.relayUrl.replace(/\/+$/, ''),
      channelId: channel.channelId,
      role: 'owner',
      epoch: 1,
    };
    this.d.ledger.db
      .prepare(
        'INSERT OR REPLACE INTO journal_members (terminal, public_key, added_at) VALUES (?, ?, ?)',
      )
      .run(
        this.d.terminalId,
        pair.publicKey.export({ type: 'spki', format: 'pem' }) as string,
        this.now(),
      );
    const saved = await saveMembership(this.d.ledger.kv, this.d.secrets, config, {
      keys: new Map([[1, randomBytes(32)]]),
      signingKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      token: channel.token,
    });
    if (!saved.ok) return saved;
    await this.load();
    this.start();
    // Operators made before the shop was: every counter gets them with the first snapshot.
    this.publishRoster();
    return ok({ shop: config.shop });
  }

  /** "Parear um caixa": a one-use code (10 minutes) and the shop's address, for the new terminal. */
  pairingCode(): Result<{ code: string; expiresAt: number; address: string }> {
    const c = this.config;
    if (!c || !this.secrets) return err('conflict', 'SHOP_NOT_CONFIGURED');
    if (c.role !== 'owner') return err('auth', 'SHOP_NOT_OWNER');
    const made = this.book.create();
    const s = codeSecrets(made.code);
    this.codes.set(s.id, { code: made.code, key: s.key });
    return ok({
      ...made,
      address: shopAddress({
        relayUrl: c.relayUrl,
        channelId: c.channelId,
        token: this.secrets.token,
      }),
    });
  }

  /** The owner's answer to a `join` read on the shop channel: a grant, or a refusal in the box. */
  private async answer(m: PairingMessage): Promise<void> {
    if (m.type !== 'join' || !this.config || !this.secrets) return;
    const live = this.codes.get(m.code);
    let reply: string;
    let granted = false;
    if (!live) {
      // Not a code this Balcão made: it cannot open the box, so the refusal goes unsealed (a
      // forged one could only say "no": a grant is never taken from outside a box).
      reply = Buffer.from(JSON.stringify({ error: 'PAIRING_CODE_WRONG' })).toString('base64');
    } else {
      const req = unbox(live.key, m.box) as
        { terminal?: unknown; publicKey?: unknown; boxKey?: unknown } | undefined;
      const terminal = typeof req?.terminal === 'string' ? req.terminal : '';
      const pem = typeof req?.publicKey === 'string' ? req.publicKey : '';
      const redeemed: { ok: true } | { ok: false; code: PairingError } =
        terminal && pem
          ? this.book.redeem(live.code, terminal, pem, boxPublicKey(req?.boxKey))
          : { ok: false, code: 'PAIRING_CODE_WRONG' };
      if (redeemed.ok) this.feed?.loadMembers();
      granted = redeemed.ok;
      const keys = Object.fromEntries(
        [...this.secrets.keys].map(([e, k]) => [String(e), k.toString('base64')]),
      );
      reply = box(
        live.key,
        redeemed.ok
          ? {
              terminal,
              shop: this.config.shop,
              epoch: this.config.epoch,
              keys,
              token: this.secrets.token,
              owner: this.ownerKey(),
            }
          : { terminal, error: redeemed.code },
      );
    }
    await this.post({ type: 'grant', code: m.code, box: reply }).catch(() => undefined);
    // The new counter gets the whole roster even if the relay no longer holds older snapshots.
    if (granted) this.publishRoster();
  }

  /** The owner's roster snapshot, now (a new version). */
  publishRoster(): void {
    if (this.config?.role !== 'owner') return;
    this.d.ledger.db.transaction(() => this.tap.rosterChanged())();
  }

  /** This (the owner's) Balcão's public key, given in every grant: counters verify roster entries with it. */
  private ownerKey(): { terminal: string; publicKey: string } | undefined {
    const pem = this.d.ledger.db
      .prepare('SELECT public_key FROM journal_members WHERE terminal = ?')
      .pluck()
      .get(this.d.terminalId) as string | undefined;
    return pem === undefined ? undefined : { terminal: this.d.terminalId, publicKey: pem };
  }

  private async post(body: unknown): Promise<string> {
    const c = this.config!;
    const res = await (this.d.fetch ?? fetch)(
      `${c.relayUrl}/channels/${encodeURIComponent(c.channelId)}/entries`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.secrets!.token}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      },
    );
    const j = (await res.json().catch(() => ({}))) as { id?: string };
    if (res.status !== 201) throw new Error(`relay ${res.status}`);
    return j.id ?? '';
  }

  /**
   * "Entrar na loja" on a new terminal: the shop's address and the owner's code. The request and
   * the answer travel boxed under the code's key; what the grant carries goes to the keychain.
   */
  async join(addressText: string, code: string): Promise<Result<{ shop: string }>> {
    // A counter already in the shop may pair again (re-pair: a fresh code from the owner).
    const before = this.config;
    if (before && before.role !== 'terminal') return err('conflict', 'SHOP_ALREADY_CONFIGURED');
    const address = parseShopAddress(addressText);
    if (!address) return err('validation', 'PAIRING_ADDRESS_WRONG', { field: 'address' });
    if (!/^[0-9A-Za-z]{10}$/.test(code.replace(/[\s-]/g, '')))
      return err('validation', 'PAIRING_CODE_WRONG', { field: 'code' });
    // Before the code is spent: the shop's keys have nowhere else to go.
    if (!(await this.keychainWorks())) return err('unavailable', 'KEYCHAIN_MISSING');
    // Re-pairing: nothing in flight signed with the key about to be replaced. What it sent is on
    // the channel before its `join`, so the owner reads it (in channel order) with the old key;
    // what it has not sent is signed again below. (Sent during the pairing, an entry could reach
    // the owner after her key swap and be refused as forged, holding back all after it.)
    if (before) await this.stop();
    const got = await new PairingJoin({
      ...address,
      terminalId: this.d.terminalId,
      code,
      waitMs: this.d.joinWaitMs ?? 60_000,
      ...(this.d.fetch && { fetch: this.d.fetch }),
    }).run();
    if (!got.ok) {
      if (before) this.start();
      return got;
    }
    const g = got.value;
    // Re-pairing into another shop would mix two shops' facts in one outbox: refused.
    if (before && g.shop !== before.shop) {
      this.start();
      return err('conflict', 'SHOP_ALREADY_CONFIGURED');
    }
    const old = before ? this.secrets?.keys : undefined;
    const saved = await saveMembership(
      this.d.ledger.kv,
      this.d.secrets,
      {
        shop: g.shop,
        relayUrl: address.relayUrl.replace(/\/+$/, ''),
        channelId: address.channelId,
        role: 'terminal',
        epoch: g.epoch,
      },
      { keys: g.keys, signingKeyPem: g.signingKeyPem, token: g.token, boxKeyPem: g.boxKeyPem },
    );
    if (!saved.ok) {
      if (before) this.start();
      return saved;
    }
    if (g.owner) saveOwner(this.d.ledger.kv, g.owner);
    await this.load();
    // Its unsent facts were signed with the key the owner just replaced: signed again (same
    // entry id and seq), so nothing it sold while paired before is lost or refused as forged.
    const now = this.writerKeys();
    if (old && now) resealUnsent(this.d.ledger.db, old, now);
    this.start();
    return ok({ shop: g.shop });
  }
}

import type { Etcd3, IDuplexStream, IWatchRequest, IWatchResponse } from 'etcd3';

export interface EventWatchOptions {
  hosts: string[];
  /** The watched range: [key, rangeEnd). */
  key: Buffer;
  rangeEnd: Buffer;
  /** A client that talks to that one member only (the watch must know where it is). */
  clientFor(host: string): Etcd3;
  /** The cluster's revision now, by a linearizable read (on any member); rejects when none answers. */
  quorumRevision(): Promise<bigint>;
  /** Events in revision order, none skipped since the start revision, each once. */
  onEvents(res: IWatchResponse): void;
  /**
   * The watch could not go on from where it was (its history compacted away): whatever came
   * after must be read from the store, not from the watch.
   */
  onLost(): void;
  /** How often the member is asked for its progress. */
  tickMs?: number;
  /** A member silent this long, or this far behind the quorum, is left for the next one. */
  stallMs?: number;
}

type Stream = IDuplexStream<IWatchRequest, IWatchResponse>;

/**
 * One watch on etcd, pinned to one member, that never waits on a member that stopped
 * answering. A stream on a paused, stalled or cut-off member stays open and silent (etcd3 never
 * asks for the leader requirement; a SIGSTOPped member keeps its sockets), so its silence is
 * measured instead:
 * - every tickMs the member is sent a progress request (etcd's `WatchProgressRequest`, v3.4+,
 *   etcd-io/etcd#9869), which it answers at once on the stream with its current revision;
 *   no answer of any kind within stallMs: the member is stalled;
 * - the cluster's revision is read linearizably (any member) each second; a member whose
 *   progress stays behind a revision the quorum had stallMs ago is lagging (cut off from the
 *   quorum, or applying slowly): the same use jetcd documents for requestProgress (jetcd#957).
 * Either way the stream is dropped and opened on the next member from the revision after the
 * last event delivered (tracked here, never from a response header: etcd3 1.1.2 resumes from
 * header + 1 and skips events, docs/etcd-facts.md §11), so the events missed come in order,
 * once. A progress header never moves that revision: in 3.4.23 a progress answer can overtake
 * events still queued on the stream (fixed in 3.4.25, etcd-io/etcd#15237).
 */
export class EventWatch {
  private readonly tickMs: number;
  private readonly stallMs: number;
  private member: number;
  /** The next revision to deliver: the watch (re)starts here. */
  private next = 0n;
  /** The member has shown it is past this revision (events delivered or progress answers). */
  private progress = 0n;
  private gen = 0;
  private stream: Stream | null = null;
  private client: Etcd3 | null = null;
  private created = false;
  private openedAt = 0;
  private lastHeard = 0;
  /** Linearizable reads of the cluster's revision: [when, revision]. */
  private quorum: Array<[number, bigint]> = [];
  private quorumAsked = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** How many times the watch moved to another member (for tests and logs). */
  switches = 0;

  constructor(private readonly o: EventWatchOptions) {
    this.tickMs = o.tickMs ?? 250;
    this.stallMs = o.stallMs ?? 1200;
    this.member = Math.floor(Math.random() * o.hosts.length);
  }

  /** Watches from `revision` on (inclusive). */
  start(revision: bigint) {
    this.next = revision;
    this.progress = revision - 1n;
    this.open();
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** The member the watch is on now. */
  get host() {
    return this.o.hosts[this.member]!;
  }

  private open() {
    const gen = ++this.gen;
    this.created = false;
    this.openedAt = this.lastHeard = Date.now();
    const client = this.o.clientFor(this.host);
    this.client = client;
    client.watchClient.watch().then(
      (stream) => {
        if (gen !== this.gen || this.closed) {
          stream.cancel();
          return;
        }
        this.stream = stream;
        stream.on('data', (res) => {
          if (gen === this.gen) this.onData(res);
        });
        const lost = () => {
          if (gen === this.gen && !this.closed) this.moveOn();
        };
        stream.on('error', lost);
        stream.on('end', lost);
        stream.write({
          create_request: {
            key: this.o.key,
            range_end: this.o.rangeEnd,
            start_revision: String(this.next),
          },
        });
      },
      () => {
        setTimeout(() => gen === this.gen && !this.closed && this.moveOn(), this.tickMs);
      },
    );
  }

  private onData(res: IWatchResponse) {
    this.lastHeard = Date.now();
    if (res.canceled) {
      if (res.compact_revision && res.compact_revision !== '0') void this.restartAfterLoss();
      else this.moveOn();
      return;
    }
    if (res.created) {
      this.created = true;
      return;
    }
    if (!res.events.length) {
      // A progress answer: the member is at least at this revision (liveness only).
      const h = BigInt(res.header.revision);
      if (h > this.progress) this.progress = h;
      return;
    }
    const last = BigInt(res.events[res.events.length - 1]!.kv.mod_revision);
    if (last < this.next) return; // replayed by an earlier stream already
    this.next = last + 1n;
    if (last > this.progress) this.progress = last;
    this.o.onEvents(res);
  }

  /** Compacted past our position: go on from the cluster's revision; the rest reads the store. */
  private async restartAfterLoss() {
    this.dropStream(); // the canceled stream is done with
    const gen = this.gen;
    for (;;) {
      if (this.closed || gen !== this.gen) return;
      try {
        const r = await this.o.quorumRevision();
        if (this.closed || gen !== this.gen) return;
        this.next = r + 1n;
        this.progress = r;
        this.open();
        this.o.onLost();
        return;
      } catch {
        await new Promise((res) => setTimeout(res, this.tickMs));
      }
    }
  }

  /** Leaves this member for the next one, from the revision after the last event delivered. */
  private moveOn() {
    this.dropStream();
    this.switches++;
    this.member = (this.member + 1) % this.o.hosts.length;
    this.open();
  }

  private dropStream() {
    this.gen++;
    try {
      this.stream?.cancel();
    } catch {
      /* already ended */
    }
    this.client?.close();
    this.stream = null;
    this.client = null;
  }

  private tick() {
    if (this.closed || !this.client) return;
    const now = Date.now();
    if (!this.created) {
      if (now - this.openedAt > this.stallMs) this.moveOn();
      return;
    }
    if (now - this.lastHeard > this.stallMs) return this.moveOn();
    if (this.isLagging(now)) return this.moveOn();
    this.stream?.write({ progress_request: {} });
    if (now - this.quorumAsked >= 1000) {
      this.quorumAsked = now;
      void this.o.quorumRevision().then(
        (r) => {
          this.quorum.push([Date.now(), r]);
          if (this.quorum.length > 8) this.quorum.shift();
        },
        () => undefined,
      );
    }
  }

  /** A revision the quorum had stallMs ago that this member has not shown it reached. */
  private isLagging(now: number) {
    const old = this.quorum.filter(([at]) => now - at >= this.stallMs && at >= this.openedAt);
    const behind = old.some(([, rev]) => rev > this.progress);
    if (behind) this.quorum = [];
    return behind;
  }

  close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.dropStream();
  }
}

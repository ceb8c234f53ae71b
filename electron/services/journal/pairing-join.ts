// The new terminal's side of pairing (issue 36, Deliver 3, item 3): posts its `join` (its id and
// Ed25519 public key, boxed under the code's key) to the shop channel, then reads the channel
// from that point for the owner's `grant`. Only a grant that opens under the code's key and names
// this terminal is taken; an unsealed answer can only refuse (a wrong code: the owner could not
// open the box). A grant that fails to open is counted and waited past until the time is up.
import { generateKeyPairSync } from 'node:crypto';
import { err, ok, type Result } from '../../../shared/result';
import type { RawCallback } from '../callbacks/intake';
import { RelaySubscriber } from '../callbacks/relay-subscriber';
import { box, codeSecrets, unbox } from './pairing-box';
import { newBoxKey } from './rekey';
import type { PairingError } from './pairing';

export interface Granted {
  shop: string;
  epoch: number;
  keys: Map<number, Buffer>;
  token: string;
  signingKeyPem: string;
  /** This counter's X25519 private key (rekey.ts): the owner boxes a new shop key to it. */
  boxKeyPem: string;
  /** The owner's Balcão and its Ed25519 public key: the only author of roster entries a counter applies. */
  owner?: { terminal: string; publicKey: string };
}

export interface PairingJoinDeps {
  relayUrl: string;
  channelId: string;
  token: string;
  terminalId: string;
  code: string;
  waitMs: number;
  fetch?: typeof fetch;
}

type Answer = Result<Granted>;

export class PairingJoin {
  private badGrants = 0;

  constructor(private readonly d: PairingJoinDeps) {}

  async run(): Promise<Answer> {
    const { key, id } = codeSecrets(this.d.code);
    const pair = generateKeyPairSync('ed25519');
    const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const signingKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const boxKey = newBoxKey();
    const base = this.d.relayUrl.replace(/\/+$/, '');
    let joinedAt: string;
    try {
      const res = await (this.d.fetch ?? fetch)(
        `${base}/channels/${encodeURIComponent(this.d.channelId)}/entries`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${this.d.token}` },
          body: JSON.stringify({
            type: 'join',
            code: id,
            box: box(key, { terminal: this.d.terminalId, publicKey, boxKey: boxKey.publicPem }),
          }),
          signal: AbortSignal.timeout(15_000),
        },
      );
      const body = (await res.json().catch(() => ({}))) as { id?: unknown };
      if (res.status === 401 || res.status === 403)
        return err('validation', 'PAIRING_ADDRESS_WRONG', { field: 'address' });
      if (res.status !== 201 || typeof body.id !== 'string')
        return err('unavailable', 'RELAY_UNEXPECTED');
      joinedAt = body.id;
    } catch {
      return err('unavailable', 'RELAY_UNREACHABLE');
    }
    return new Promise<Answer>((resolve) => {
      let done = false;
      const finish = (a: Answer) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        sub.stop();
        resolve(a);
      };
      const timer = setTimeout(
        () =>
          finish(
            err('unavailable', this.badGrants > 0 ? 'PAIRING_GRANT_INVALID' : 'PAIRING_NO_ANSWER'),
          ),
        this.d.waitMs,
      );
      const sub = new RelaySubscriber({
        relayUrl: base,
        channelId: this.d.channelId,
        token: async () => this.d.token,
        cursor: () => joinedAt,
        onState: () => {},
        ...(this.d.fetch && { fetch: this.d.fetch }),
        baseDelayMs: 100,
        maxDelayMs: 1_000,
        intake: {
          handle: async (raw: RawCallback, _s: string, cursor?: { eventId: string }) => {
            if (cursor?.eventId) joinedAt = cursor.eventId;
            const text = typeof raw.body === 'string' ? raw.body : Buffer.from(raw.body).toString();
            const a = this.read(text, id, key, signingKeyPem, boxKey.privatePem);
            if (a) finish(a);
            return {
              accepted: true,
              eventId: cursor?.eventId ?? '',
              outcome: 'journal',
              duplicate: false,
            };
          },
        },
      });
      sub.start();
    });
  }

  /** One event read after the join: the answer, or undefined (not ours, or a bad grant). */
  private read(
    text: string,
    id: string,
    key: Buffer,
    signingKeyPem: string,
    boxKeyPem: string,
  ): Answer | undefined {
    let m: { type?: unknown; code?: unknown; box?: unknown };
    try {
      m = JSON.parse(text) as typeof m;
    } catch {
      return undefined;
    }
    if (m.type !== 'grant' || m.code !== id || typeof m.box !== 'string') return undefined;
    const g = unbox(key, m.box) as
      | {
          terminal?: unknown;
          error?: unknown;
          shop?: unknown;
          epoch?: unknown;
          keys?: unknown;
          token?: unknown;
          owner?: { terminal?: unknown; publicKey?: unknown };
        }
      | undefined;
    if (!g) {
      // Unsealed: only the owner's "I made no such code" may come this way.
      if (plainError(m.box) === 'PAIRING_CODE_WRONG')
        return err('validation', 'PAIRING_CODE_WRONG', { field: 'code' });
      this.badGrants++;
      return undefined;
    }
    if (g.terminal !== this.d.terminalId) return undefined;
    if (typeof g.error === 'string' && isPairingError(g.error))
      return err('validation', g.error, { field: 'code' });
    const keys = new Map<number, Buffer>();
    for (const [e, k] of Object.entries((g.keys ?? {}) as Record<string, unknown>))
      if (typeof k === 'string') keys.set(Number(e), Buffer.from(k, 'base64'));
    const epoch = g.epoch;
    if (
      typeof g.shop !== 'string' ||
      typeof epoch !== 'number' ||
      typeof g.token !== 'string' ||
      keys.get(epoch)?.length !== 32
    ) {
      this.badGrants++;
      return undefined;
    }
    const owner =
      typeof g.owner?.terminal === 'string' && typeof g.owner.publicKey === 'string'
        ? { terminal: g.owner.terminal, publicKey: g.owner.publicKey }
        : undefined;
    return ok({
      shop: g.shop,
      epoch,
      keys,
      token: g.token,
      signingKeyPem,
      boxKeyPem,
      ...(owner && { owner }),
    });
  }
}

const isPairingError = (s: string): s is PairingError =>
  s === 'PAIRING_CODE_WRONG' || s === 'PAIRING_CODE_EXPIRED' || s === 'PAIRING_CODE_USED';

function plainError(b64: string): unknown {
  try {
    return (JSON.parse(Buffer.from(b64, 'base64').toString('utf8')) as { error?: unknown }).error;
  } catch {
    return undefined;
  }
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KvRepo } from '../ledger/kv-repo';

const KEY = 'pdv.api.tokenHash';

/**
 * The local API's token: 32 random bytes the owner generates, shown once, kept only as its
 * SHA-256 (a random 256-bit secret needs no slow hash: there is nothing to guess from it).
 */
export class ApiToken {
  constructor(private readonly kv: KvRepo) {}

  /** A new token replaces the old one at once; the text is returned, never stored. */
  generate(): string {
    const token = `blc_${randomBytes(32).toString('base64url')}`;
    this.kv.set(KEY, digest(token));
    return token;
  }

  /** The development host's `BALCAO_PDV_TOKEN`: a given token, kept hashed like any other. */
  set(token: string): void {
    this.kv.set(KEY, digest(token));
  }

  exists(): boolean {
    return this.kv.get<string>(KEY) !== undefined;
  }

  check(given: string | undefined): boolean {
    const stored = this.kv.get<string>(KEY);
    if (!stored || !given) return false;
    const a = Buffer.from(digest(given), 'hex');
    const b = Buffer.from(stored, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

const digest = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');

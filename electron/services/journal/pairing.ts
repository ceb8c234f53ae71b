// Pairing a terminal into the shop journal, the owner's side (issue 36, Deliver 3, item 3): a
// one-use code valid 10 minutes; redeeming it registers the terminal's Ed25519 public key. Only
// the code's hash is kept. The transport of the code and of the shop key is not built yet
// (docs/journal.md, "Pairing").
import { createHash, createPublicKey, randomBytes } from 'node:crypto';
import type { Db } from '../ledger/database';

export const PAIRING_TTL_MS = 10 * 60_000;
/** Crockford base32 (no I, L, O, U): read aloud or typed without confusion. 10 chars = 50 bits. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export type PairingError = 'PAIRING_CODE_WRONG' | 'PAIRING_CODE_EXPIRED' | 'PAIRING_CODE_USED';

export function newPairingCode(): string {
  return [...randomBytes(10)].map((b) => ALPHABET[b % 32]).join('');
}

/** What is stored and sent instead of the code: case, spaces and dashes do not matter. */
export const pairingCodeId = (code: string): string =>
  createHash('sha256')
    .update(`balcao-pair\u0000${code.toUpperCase().replace(/[\s-]/g, '')}`)
    .digest('hex')
    .slice(0, 32);

export class PairingBook {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  create(): { code: string; expiresAt: number } {
    const code = newPairingCode();
    const expiresAt = this.now() + PAIRING_TTL_MS;
    this.db
      .prepare('INSERT INTO journal_pairings (code_id, expires_at) VALUES (?, ?)')
      .run(pairingCodeId(code), expiresAt);
    return { code, expiresAt };
  }

  /** One use: the terminal and its public key become a member, or the refusal's code. */
  redeem(
    code: string,
    terminal: string,
    publicKeyPem: string,
    /** Its X25519 public key (rekey.ts), already checked; older counters send none. */
    boxKeyPem?: string,
  ): { ok: true } | { ok: false; code: PairingError } {
    return this.db.transaction((): { ok: true } | { ok: false; code: PairingError } => {
      const row = this.db
        .prepare('SELECT expires_at, used_at FROM journal_pairings WHERE code_id = ?')
        .get(pairingCodeId(code)) as { expires_at: number; used_at: number | null } | undefined;
      if (!row) return { ok: false, code: 'PAIRING_CODE_WRONG' };
      if (row.used_at !== null) return { ok: false, code: 'PAIRING_CODE_USED' };
      if (this.now() > row.expires_at) return { ok: false, code: 'PAIRING_CODE_EXPIRED' };
      try {
        if (createPublicKey(publicKeyPem).asymmetricKeyType !== 'ed25519') throw new Error();
      } catch {
        return { ok: false, code: 'PAIRING_CODE_WRONG' };
      }
      this.db
        .prepare('UPDATE journal_pairings SET used_at = ?, terminal = ? WHERE code_id = ?')
        .run(this.now(), terminal, pairingCodeId(code));
      this.db
        .prepare(
          'INSERT INTO journal_members (terminal, public_key, added_at, box_key) VALUES (?, ?, ?, ?) ON CONFLICT (terminal) DO UPDATE SET public_key = excluded.public_key, box_key = excluded.box_key, last_seq = NULL',
        )
        .run(terminal, publicKeyPem, this.now(), boxKeyPem ?? null);
      return { ok: true };
    })();
  }
}

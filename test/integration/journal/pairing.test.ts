import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/services/ledger/database';
import { PairingBook, PAIRING_TTL_MS } from '../../../electron/services/journal/pairing';
import { tempDir } from '../../helpers/core';

// The owner's pairing codes on a real ledger: one use, 10 minutes, only the hash kept.
const pem = () =>
  generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }) as string;

describe('pairing codes', () => {
  it('registers the terminal once; wrong, expired and reused codes are refused by code', () => {
    const db = openDatabase(path.join(tempDir(), 'owner.sqlite'));
    let now = 1_000_000;
    const book = new PairingBook(db, () => now);
    const { code } = book.create();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(book.redeem('ZZZZZZZZZZ', 't9', pem())).toEqual({
      ok: false,
      code: 'PAIRING_CODE_WRONG',
    });
    expect(book.redeem(code.toLowerCase(), 't1', pem())).toEqual({ ok: true });
    expect(book.redeem(code, 't2', pem())).toEqual({ ok: false, code: 'PAIRING_CODE_USED' });
    const late = book.create();
    now += PAIRING_TTL_MS + 1;
    expect(book.redeem(late.code, 't3', pem())).toEqual({
      ok: false,
      code: 'PAIRING_CODE_EXPIRED',
    });
    const members = db.prepare('SELECT terminal FROM journal_members').all();
    expect(members).toEqual([{ terminal: 't1' }]);
    const stored = JSON.stringify(db.prepare('SELECT * FROM journal_pairings').all());
    expect(stored).not.toContain(code);
    db.close();
  });
});

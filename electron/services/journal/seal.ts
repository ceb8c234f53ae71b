// End-to-end sealing of journal entries with node:crypto only (no new dependency):
// AES-256-GCM under the shop key (confidential + authenticated; the relay sees only
// ciphertext) and an Ed25519 signature by the writing terminal over header + ciphertext,
// so one terminal cannot write as another even though every terminal holds the shop key.
import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { JournalEntry } from './entry';

export interface SealHeader {
  readonly v: 1;
  readonly shop: string;
  /** Shop key generation; the owner rotates the key (new epoch) when a terminal is removed. */
  readonly epoch: number;
  readonly terminal: string;
  readonly seq: number;
}

export interface Envelope extends SealHeader {
  readonly nonce: string;
  readonly ct: string;
  readonly sig: string;
}

export interface ShopKey {
  readonly shop: string;
  readonly epoch: number;
  readonly key: Buffer; // 32 bytes
}

const headerBytes = (h: SealHeader): Buffer =>
  Buffer.from(JSON.stringify([h.v, h.shop, h.epoch, h.terminal, h.seq]), 'utf8');

export const signedBytes = (h: SealHeader, nonce: string, ct: string): Buffer =>
  Buffer.concat([headerBytes(h), Buffer.from(`\u0000${nonce}\u0000${ct}`, 'utf8')]);

export function seal(entry: JournalEntry, shopKey: ShopKey, signingKey: KeyObject): Envelope {
  const header: SealHeader = {
    v: 1,
    shop: shopKey.shop,
    epoch: shopKey.epoch,
    terminal: entry.terminal,
    seq: entry.seq,
  };
  return sealUnder(header, entry, shopKey, signingKey);
}

/** Seals under a given header; readers refuse a header that disagrees with the content. */
export function sealUnder(
  header: SealHeader,
  entry: unknown,
  shopKey: ShopKey,
  signingKey: KeyObject,
): Envelope {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', shopKey.key, iv);
  cipher.setAAD(headerBytes(header));
  const body = Buffer.concat([
    cipher.update(JSON.stringify(entry), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const nonce = iv.toString('base64');
  const ct = body.toString('base64');
  const sig = sign(null, signedBytes(header, nonce, ct), signingKey).toString('base64');
  return { ...header, nonce, ct, sig };
}

export function verifySignature(env: Envelope, publicKey: KeyObject): boolean {
  try {
    return verify(
      null,
      signedBytes(env, env.nonce, env.ct),
      publicKey,
      Buffer.from(env.sig, 'base64'),
    );
  } catch {
    return false;
  }
}

/** Decrypts and parses; undefined when the key is wrong or a byte was changed. */
export function unseal(env: Envelope, key: Buffer): unknown {
  try {
    const body = Buffer.from(env.ct, 'base64');
    if (body.length < 17) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(env.nonce, 'base64'));
    decipher.setAAD(headerBytes(env));
    decipher.setAuthTag(body.subarray(body.length - 16));
    const plain = Buffer.concat([
      decipher.update(body.subarray(0, body.length - 16)),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

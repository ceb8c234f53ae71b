// A new shop key when the owner removes a counter (issue 36: "a terminal removed from the shop
// stops being able to write" — and, with this, to read what the shop writes next). Each counter
// made an X25519 key pair when it paired (its private half in its keychain, the public half sent
// in its boxed `join`); the owner boxes the new epoch's key once per remaining counter: an
// ephemeral X25519 key, ECDH with the counter's public key, HKDF-SHA256 bound to shop, epoch and
// terminal, AES-256-GCM (pairing-box.ts). The boxes travel in a `shop-rekey` journal entry the
// owner signs and seals under the old epoch, so only the remaining counters learn the new key.
// node:crypto's X25519/HKDF, nothing home-made (RFC 7748 X25519, RFC 5869 HKDF).
import {
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
} from 'node:crypto';
import { box, unbox } from './pairing-box';

export interface RekeyBox {
  readonly terminal: string;
  /** The owner's ephemeral X25519 public key, SPKI PEM. */
  readonly epk: string;
  readonly box: string;
}

export interface Rekey {
  readonly epoch: number;
  readonly boxes: readonly RekeyBox[];
}

/** A counter's box key pair, made at pairing: PEMs (public SPKI, private PKCS#8). */
export function newBoxKey(): { publicPem: string; privatePem: string } {
  const k = generateKeyPairSync('x25519');
  return {
    publicPem: k.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    privatePem: k.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

/** An X25519 public key as a joining counter sent it, or undefined (anything else refused). */
export function boxPublicKey(pem: unknown): string | undefined {
  // A public key only: createPublicKey would also derive one from a private key sent by mistake.
  if (typeof pem !== 'string' || pem.length > 1000) return undefined;
  if (!pem.trimStart().startsWith('-----BEGIN PUBLIC KEY-----')) return undefined;
  try {
    return createPublicKey(pem).asymmetricKeyType === 'x25519' ? pem : undefined;
  } catch {
    return undefined;
  }
}

const boxKey = (secret: Buffer, shop: string, epoch: number, terminal: string): Buffer =>
  Buffer.from(
    hkdfSync('sha256', secret, shop, `balcao-rekey-v1\u0000${terminal}\u0000${epoch}`, 32),
  );

/** The owner's side: the new key boxed for each remaining counter that has a box key. */
export function boxNewKey(
  shop: string,
  epoch: number,
  key: Buffer,
  members: ReadonlyArray<{ terminal: string; boxKey: string }>,
): Rekey {
  const boxes = members.map((m) => {
    const eph = generateKeyPairSync('x25519');
    const secret = diffieHellman({
      privateKey: eph.privateKey,
      publicKey: createPublicKey(m.boxKey),
    });
    return {
      terminal: m.terminal,
      epk: eph.publicKey.export({ type: 'spki', format: 'pem' }) as string,
      box: box(boxKey(secret, shop, epoch, m.terminal), {
        shop,
        epoch,
        key: key.toString('base64'),
      }),
    };
  });
  return { epoch, boxes };
}

/** A counter's side: its box opened with its private key, or undefined (none for it, or bad). */
export function openNewKey(
  shop: string,
  terminal: string,
  rekey: unknown,
  privateKey: KeyObject | string,
): { epoch: number; key: Buffer } | undefined {
  const r = rekey as Partial<Rekey> | undefined;
  if (!r || !Number.isSafeInteger(r.epoch) || !Array.isArray(r.boxes)) return undefined;
  const mine = r.boxes.find((b) => b?.terminal === terminal);
  if (!mine || typeof mine.epk !== 'string' || typeof mine.box !== 'string') return undefined;
  try {
    const priv = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
    const secret = diffieHellman({ privateKey: priv, publicKey: createPublicKey(mine.epk) });
    const got = unbox(boxKey(secret, shop, r.epoch!, terminal), mine.box) as
      { shop?: unknown; epoch?: unknown; key?: unknown } | undefined;
    if (!got || got.shop !== shop || got.epoch !== r.epoch || typeof got.key !== 'string')
      return undefined;
    const key = Buffer.from(got.key, 'base64');
    return key.length === 32 ? { epoch: r.epoch!, key } : undefined;
  } catch {
    return undefined;
  }
}

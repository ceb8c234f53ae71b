// The boxes `join` and `grant` travel in over the shop channel (issue 36, Deliver 3, item 3):
// AES-256-GCM under a key derived from the pairing code with scrypt (node:crypto), so the relay
// sees neither the terminal's key request nor the shop key. The message's `code` field is also
// derived by scrypt (not a plain hash), so the relay cannot test guesses cheaply; the code lives
// 10 minutes and is used once (pairing.ts).
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/** scrypt cost: N = 2^15, r = 8, p = 1 (32 MiB, the usual interactive figure). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

export const normalizeCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** What a code gives: the box key and the id the messages carry instead of the code. */
export function codeSecrets(code: string): { key: Buffer; id: string } {
  const out = scryptSync(normalizeCode(code), 'balcao-pair-v1', 48, SCRYPT);
  return { key: out.subarray(0, 32), id: out.subarray(32).toString('hex') };
}

export function box(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(JSON.stringify(value), 'utf8'), c.final(), c.getAuthTag()]);
  return Buffer.concat([iv, ct]).toString('base64');
}

/** The box's content, or undefined when the key is wrong or a byte was changed. */
export function unbox(key: Buffer, boxed: string): unknown {
  try {
    const b = Buffer.from(boxed, 'base64');
    if (b.length < 12 + 16 + 1) return undefined;
    const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
    d.setAuthTag(b.subarray(b.length - 16));
    const plain = Buffer.concat([d.update(b.subarray(12, b.length - 16)), d.final()]);
    return JSON.parse(plain.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

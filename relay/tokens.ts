import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Channel ids: 192 random bits. Subscriber tokens: 256 bits, stored only as SHA-256. */
export const newChannelId = () => randomBytes(24).toString('base64url');
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Constant-time check of a presented token against a stored hash. */
export function tokenMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearer(header: string | undefined): string | null {
  const m = /^Bearer (\S+)$/.exec(header ?? '');
  return m ? m[1]! : null;
}

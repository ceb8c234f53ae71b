// The new shop key's boxes (rekey.ts): each remaining counter opens its own with its X25519 key;
// another counter's key, a changed byte, another shop or epoch open nothing.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  boxNewKey,
  boxPublicKey,
  newBoxKey,
  openNewKey,
} from '../../../electron/services/journal/rekey';

describe('a new shop key, boxed per counter', () => {
  const a = newBoxKey();
  const b = newBoxKey();
  const key = randomBytes(32);
  const rekey = boxNewKey('loja-1', 2, key, [{ terminal: 'A', boxKey: a.publicPem }]);

  it('opens for the counter it was boxed to, with its key', () => {
    expect(openNewKey('loja-1', 'A', rekey, a.privatePem)).toEqual({ epoch: 2, key });
  });

  it("opens nothing for a counter with no box, another's key, another shop, a changed byte", () => {
    expect(openNewKey('loja-1', 'B', rekey, b.privatePem)).toBeUndefined();
    expect(openNewKey('loja-1', 'A', rekey, b.privatePem)).toBeUndefined();
    expect(openNewKey('loja-2', 'A', rekey, a.privatePem)).toBeUndefined();
    expect(openNewKey('loja-1', 'A', { ...rekey, epoch: 3 }, a.privatePem)).toBeUndefined();
    const box = Buffer.from(rekey.boxes[0]!.box, 'base64');
    box[box.length - 1]! ^= 1;
    const tampered = { ...rekey, boxes: [{ ...rekey.boxes[0]!, box: box.toString('base64') }] };
    expect(openNewKey('loja-1', 'A', tampered, a.privatePem)).toBeUndefined();
    expect(openNewKey('loja-1', 'A', null, a.privatePem)).toBeUndefined();
  });

  it('takes only an X25519 public key from a joining counter', () => {
    expect(boxPublicKey(a.publicPem)).toBe(a.publicPem);
    expect(boxPublicKey(a.privatePem)).toBeUndefined();
    expect(boxPublicKey('nonsense')).toBeUndefined();
    expect(boxPublicKey(42)).toBeUndefined();
  });
});

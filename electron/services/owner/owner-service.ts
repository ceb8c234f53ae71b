import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { err, ok, type Result } from '../../../shared/result';
import type { KvRepo } from '../ledger/kv-repo';
import { PinAttempts } from './pin-attempts';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;

export interface PinHash {
  salt: string;
  hash: string;
  N: number;
  r: number;
  p: number;
}

const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const UNLOCK_MS = 5 * 60_000;

/** The slow, salted hash of a PIN (scrypt with the stored parameters). */
export type PinHasher = (pin: string, stored: PinHash) => Promise<Buffer>;
export const scryptPin: PinHasher = (pin, stored) =>
  scrypt(pin, Buffer.from(stored.salt, 'hex'), 32, {
    N: stored.N,
    r: stored.r,
    p: stored.p,
    maxmem: PARAMS.maxmem,
  });

/** A new PIN's salted slow hash (a fresh salt each time): the owner's and each operator's. */
export async function hashNewPin(pin: string): Promise<PinHash> {
  const salt = randomBytes(16);
  const hash = await scrypt(pin, salt, 32, PARAMS);
  return {
    salt: salt.toString('hex'),
    hash: hash.toString('hex'),
    N: PARAMS.N,
    r: PARAMS.r,
    p: PARAMS.p,
  };
}

/** Whether `pin` is the one `stored` was made from (constant-time compare). */
export async function pinMatches(pin: string, stored: PinHash, hash: PinHasher = scryptPin) {
  return timingSafeEqual(await hash(pin, stored), Buffer.from(stored.hash, 'hex'));
}

/**
 * The owner PIN, stored as a salted scrypt hash in the ledger, and the owner session: unlocked
 * for five minutes after a right PIN; at most five wrong PINs a minute (PinAttempts). The role check is
 * here, in the service layer, so no IPC path reaches an owner function without it.
 */
export class OwnerService {
  private unlockedUntil = 0;
  private readonly attempts: PinAttempts;

  constructor(
    private readonly kv: KvRepo,
    private readonly now: () => number = Date.now,
    private readonly hash: PinHasher = scryptPin,
  ) {
    this.attempts = new PinAttempts(kv, now);
  }

  hasPin(): boolean {
    return this.kv.get<PinHash>('owner.pin') !== undefined;
  }

  status() {
    const unlocked = this.isUnlocked();
    return {
      hasPin: this.hasPin(),
      unlocked,
      ...(unlocked && { unlockedUntil: this.unlockedUntil }),
    };
  }

  isUnlocked(): boolean {
    return this.now() < this.unlockedUntil;
  }

  /** The gate every owner-only handler calls first. */
  requireOwner(): Result<true> {
    if (!this.hasPin()) return err('auth', 'OWNER_PIN_NOT_SET');
    if (!this.isUnlocked()) return err('auth', 'OWNER_LOCKED');
    return ok(true);
  }

  async setPin(newPin: string, currentPin?: string): Promise<Result<{ hasPin: true }>> {
    if (!/^\d{4,8}$/.test(newPin))
      return err('validation', 'PIN_FORMAT', {
        field: 'newPin',
      });
    if (this.hasPin()) {
      const check = await this.unlock(currentPin ?? '');
      if (!check.ok) return check;
    }
    this.storePin(await this.hashPin(newPin));
    return ok({ hasPin: true });
  }

  /** The salted slow hash of a PIN, computed before a transaction that stores it. */
  hashPin(pin: string): Promise<PinHash> {
    return hashNewPin(pin);
  }

  /** Stores a hash from hashPin (synchronous, so it can join a ledger transaction) and unlocks. */
  storePin(h: PinHash): void {
    this.kv.set('owner.pin', h);
    this.unlockedUntil = this.now() + UNLOCK_MS;
  }

  async unlock(pin: string): Promise<Result<{ unlockedUntil: number }>> {
    const stored = this.kv.get<PinHash>('owner.pin');
    if (!stored) return err('auth', 'OWNER_PIN_NOT_SET');
    // The attempt is reserved before the slow hash: a locked owner never reaches it.
    const attempt = this.attempts.reserve();
    if (!attempt.ok) {
      return err('rate_limited', 'PIN_LOCKED_OUT', {
        retryAfterMs: attempt.retryAfterMs,
        params: { seconds: Math.ceil(attempt.retryAfterMs / 1000) },
      });
    }
    let right = false;
    try {
      right = timingSafeEqual(await this.hash(pin, stored), Buffer.from(stored.hash, 'hex'));
    } finally {
      attempt.settle(right);
    }
    if (!right) return err('auth', 'PIN_WRONG', { field: 'pin' });
    this.unlockedUntil = this.now() + UNLOCK_MS;
    return ok({ unlockedUntil: this.unlockedUntil });
  }

  lock(): void {
    this.unlockedUntil = 0;
  }
}

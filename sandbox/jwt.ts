import { jwtVerify, SignJWT, errors } from 'jose';
import { randomBytes } from 'node:crypto';

/** A13: HS256 JWTs that expire (15 minutes by default), on the sandbox's clock. */
export class TokenIssuer {
  private readonly key = randomBytes(32);
  constructor(
    private readonly now: () => number,
    readonly ttlSeconds: number,
  ) {}

  async issue(clientId: string): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ sub: clientId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The client id, or why the token is refused. */
  async verify(token: string): Promise<{ clientId: string } | { error: 'expired' | 'invalid' }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      return typeof payload.sub === 'string' ? { clientId: payload.sub } : { error: 'invalid' };
    } catch (e) {
      return { error: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

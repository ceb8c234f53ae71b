import { webcrypto } from 'node:crypto';
import { CompactSign, exportJWK } from 'jose';
import type { Issued } from './pki';
import type { ApiPixFaults, Cob } from './state';
import { reais } from './wire';

const KID = 'sandbox-qr-1';

/** The CobPayload served at a location ([spec] components.schemas.CobPayload). */
export function cobPayload(c: Cob, now: string) {
  return {
    calendario: { criacao: c.criacao, apresentacao: now, expiracao: c.expiracao },
    txid: c.txid,
    revisao: c.revisao,
    status: c.status,
    valor: { original: reais(c.valorCents) },
    chave: c.chave,
    ...(c.solicitacaoPagador && { solicitacaoPagador: c.solicitacaoPagador }),
  };
}

/**
 * The JWS a payer's bank reads: RS256, `kid` + `jku` in the header as the spec's example. A
 * fault breaks it on purpose: a changed payload under the old signature, a different amount
 * properly signed, or a key the JWK Set does not publish.
 */
export async function signLocation(
  payload: ReturnType<typeof cobPayload> | Record<string, unknown>,
  signer: Issued,
  jku: string,
  fault: ApiPixFaults['jws'],
): Promise<string> {
  // A cobv's payload signs `final` too: the wrong amount is in both.
  const wrong = 'final' in (payload.valor as object) ? { final: '999.99' } : {};
  const signed =
    fault === 'wrong-amount'
      ? { ...payload, valor: { original: '999.99', ...wrong } }
      : fault === 'wrong-final'
        ? { ...payload, valor: { ...(payload.valor as object), final: '999.99' } }
        : payload;
  let key = signer.keys.privateKey;
  if (fault === 'wrong-key') {
    const other = (await webcrypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        hash: 'SHA-256',
        publicExponent: new Uint8Array([1, 0, 1]),
        modulusLength: 2048,
      },
      true,
      ['sign', 'verify'],
    )) as webcrypto.CryptoKeyPair;
    key = other.privateKey;
  }
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(signed)))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWS', kid: KID, jku })
    .sign(key);
  if (fault !== 'tamper') return jws;
  const [h, , s] = jws.split('.');
  const changed = Buffer.from(JSON.stringify({ ...payload, valor: { original: '0.01' } })).toString(
    'base64url',
  );
  return `${h}.${changed}.${s}`;
}

/** The JWK Set at `jku`: the signing key with its certificate chain (`x5c`). */
export async function jwks(signer: Issued, caPem: string) {
  const jwk = await exportJWK(signer.keys.publicKey);
  const der = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
  return {
    keys: [{ ...jwk, kid: KID, alg: 'RS256', use: 'sig', x5c: [der(signer.certPem), der(caPem)] }],
  };
}

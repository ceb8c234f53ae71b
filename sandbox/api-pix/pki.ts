// @peculiar/x509 resolves its parts through tsyringe, which needs this polyfill loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * Test certificates for the API Pix sandbox: one CA, the PSP's server certificate, the shop's
 * client certificate, the PSP's webhook client certificate and the key that signs the BR Codes'
 * JWS. Made with @peculiar/x509 (Peculiar Ventures, over WebCrypto): node's crypto can read
 * X.509 but not issue it, and the library needs no OpenSSL binary or native build.
 */
x509.cryptoProvider.set(webcrypto as never);

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;
const DAY = 86_400_000;

export interface Pem {
  certPem: string;
  keyPem: string;
}
export interface Issued extends Pem {
  keys: webcrypto.CryptoKeyPair;
  cert: x509.X509Certificate;
}

async function keyPem(k: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', k));
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN PRIVATE KEY-----\n${b64.trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

export class TestCa {
  private serial = 1;
  private constructor(
    readonly name: string,
    private readonly issued: Issued,
  ) {}

  static async create(name = 'Balcao Test CA'): Promise<TestCa> {
    const keys = (await webcrypto.subtle.generateKey(EC, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: `CN=${name}`,
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + 365 * DAY),
      signingAlgorithm: EC,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
          true,
        ),
      ],
    });
    return new TestCa(name, { keys, cert, certPem: cert.toString('pem'), keyPem: '' });
  }

  get certPem(): string {
    return this.issued.cert.toString('pem');
  }

  /**
   * A leaf certificate: `hosts` makes it a server certificate for those names/IPs, otherwise a
   * client certificate for `cn`. `validDays` may be negative (an expired certificate).
   */
  async issue(o: {
    cn: string;
    hosts?: string[];
    validDays?: number;
    rsa?: boolean;
  }): Promise<Issued> {
    const alg = o.rsa ? RSA : EC;
    const keys = (await webcrypto.subtle.generateKey(alg, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const days = o.validDays ?? 30;
    const notAfter = new Date(Date.now() + days * DAY);
    const notBefore = new Date(Math.min(Date.now() - DAY, notAfter.getTime() - DAY));
    const ext: x509.Extension[] = [new x509.BasicConstraintsExtension(false, undefined, true)];
    if (o.hosts) {
      ext.push(
        new x509.SubjectAlternativeNameExtension(
          o.hosts.map((h) => ({
            type: /^[\d.]+$/.test(h) ? ('ip' as const) : ('dns' as const),
            value: h,
          })),
        ),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      );
    } else {
      ext.push(new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]));
    }
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: (++this.serial).toString(16).padStart(2, '0'),
      subject: `CN=${o.cn}`,
      issuer: this.issued.cert.subject,
      notBefore,
      notAfter,
      signingAlgorithm: EC,
      publicKey: keys.publicKey,
      signingKey: this.issued.keys.privateKey,
      extensions: ext,
    });
    return { keys, cert, certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
  }
}

/** Everything a sandbox needs, from one CA (the shop's and the PSP's side share it in tests). */
export interface SandboxPki {
  ca: TestCa;
  server: Issued;
  /** The shop's client certificate (what the app presents). */
  client: Issued;
  /** The PSP's own client certificate, presented when it posts a webhook. */
  webhookClient: Issued;
  /** Signs the JWS at each location (RSA, RS256). */
  signer: Issued;
}

export async function makeSandboxPki(
  o: { serverHosts?: string[]; ca?: TestCa } = {},
): Promise<SandboxPki> {
  const ca = o.ca ?? (await TestCa.create());
  const hosts = o.serverHosts ?? ['localhost', '127.0.0.1', 'pix.sandbox.test'];
  const [server, client, webhookClient, signer] = await Promise.all([
    ca.issue({ cn: hosts[0] ?? 'localhost', hosts }),
    ca.issue({ cn: 'Loja Teste LTDA' }),
    ca.issue({ cn: 'PSP Sandbox webhooks' }),
    ca.issue({ cn: 'PSP Sandbox QR signer', rsa: true }),
  ]);
  return { ca, server, client, webhookClient, signer };
}

import { createPrivateKey, X509Certificate } from 'node:crypto';
import { err, ok, type Result } from '../../../../shared/result';
import type { ClientCertificate } from './tls';

export interface CertificateFacts {
  subject: string;
  validTo: string;
}

/**
 * What "Testar conexão" checks before any byte leaves: the certificate reads, its private key
 * is there, opens with the password and belongs to it, and today is inside its validity.
 */
export function checkClientCertificate(
  c: ClientCertificate,
  now: number,
): Result<CertificateFacts> {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(c.certPem);
  } catch {
    return err('validation', 'APIPIX_CERT_UNREADABLE');
  }
  const keyText = c.keyPem.trim() ? c.keyPem : c.certPem;
  if (!/PRIVATE KEY-----/.test(keyText)) return err('validation', 'APIPIX_CERT_NO_KEY');
  try {
    const key = createPrivateKey({
      key: keyText,
      ...(c.passphrase && { passphrase: c.passphrase }),
    });
    if (!cert.checkPrivateKey(key)) return err('validation', 'APIPIX_CERT_NO_KEY');
  } catch {
    return err('validation', 'APIPIX_CERT_NO_KEY');
  }
  const validTo = new Date(cert.validTo);
  const validFrom = new Date(cert.validFrom);
  if (validTo.getTime() < now)
    return err('validation', 'APIPIX_CERT_EXPIRED', {
      params: { date: validTo.toISOString().slice(0, 10) },
    });
  if (validFrom.getTime() > now)
    return err('validation', 'APIPIX_CERT_NOT_YET_VALID', {
      params: { date: validFrom.toISOString().slice(0, 10) },
    });
  return ok({ subject: cert.subject, validTo: validTo.toISOString() });
}

import tls from 'node:tls';
import { err, ok, type Result } from '../../../../shared/result';
import type { ClientCertificate } from './tls';

/**
 * One TLS handshake with the client certificate, then one `HEAD`, to tell apart what a fetch
 * error hides: the server's certificate names another host, the server refuses our
 * certificate (with TLS 1.3 that alert comes after the handshake), or its chain is untrusted.
 * Nothing but `HEAD /` is sent.
 */
export function probeMtls(
  url: string,
  cert: ClientCertificate,
  o: { ca?: string; timeoutMs?: number } = {},
): Promise<Result<true>> {
  const u = new URL(url);
  const host = u.hostname;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Result<true>) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(r);
    };
    const socket = tls.connect({
      host,
      port: Number(u.port || 443),
      servername: /^[\d.]+$/.test(host) ? undefined : host,
      cert: cert.certPem,
      key: cert.keyPem.trim() ? cert.keyPem : cert.certPem,
      ...(cert.passphrase && { passphrase: cert.passphrase }),
      ...(o.ca && { ca: o.ca }),
      minVersion: 'TLSv1.2',
    });
    socket.setTimeout(o.timeoutMs ?? 10_000, () => finish(err('unavailable', 'PSP_TIMEOUT')));
    socket.on('secureConnect', () => {
      socket.write(`HEAD / HTTP/1.1\r\nHost: ${u.host}\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', () => finish(ok(true)));
    socket.on('error', (e: NodeJS.ErrnoException) => finish(classify(e, host)));
    socket.on('close', () => finish(err('validation', 'APIPIX_CERT_REFUSED')));
  });
}

function classify(e: NodeJS.ErrnoException, host: string): Result<true> {
  const code = e.code ?? '';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return err('validation', 'APIPIX_CERT_WRONG_HOST', { params: { host } });
  if (/ALERT|ECONNRESET|EPIPE/.test(code) || /alert/i.test(e.message))
    return err('validation', 'APIPIX_CERT_REFUSED');
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(code))
    return err('unavailable', 'PSP_UNREACHABLE');
  return err('unavailable', 'PSP_TLS');
}

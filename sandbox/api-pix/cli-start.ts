import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeSandboxPki } from './pki';
import { API_PIX_ACCOUNT, startApiPixSandbox } from './server';

/**
 * `npm run sandbox -- --dialect api-pix`: a fresh test CA and certificates written to a
 * temporary folder (the shop's client certificate to give the app, the CA to trust), then the
 * API Pix sandbox over mutual TLS. Prints the base URL; the rest goes to stderr.
 */
export async function startApiPixCli(port: number, tokenTtlSeconds: number) {
  const pki = await makeSandboxPki();
  const dir = mkdtempSync(path.join(tmpdir(), 'balcao-api-pix-'));
  const files = {
    ca: path.join(dir, 'ca.pem'),
    cert: path.join(dir, 'client-cert.pem'),
    key: path.join(dir, 'client-key.pem'),
  };
  writeFileSync(files.ca, pki.ca.certPem);
  writeFileSync(files.cert, pki.client.certPem);
  writeFileSync(files.key, pki.client.keyPem, { mode: 0o600 });
  const sb = await startApiPixSandbox({ pki, port, tokenTtlSeconds });
  console.log(sb.baseUrl);
  console.error(
    [
      `sandbox: dialect api-pix (mutual TLS; a client without the certificate below is refused)`,
      `  token URL   ${sb.tokenUrl}`,
      `  account     ${API_PIX_ACCOUNT.clientId} / ${API_PIX_ACCOUNT.clientSecret}, chave ${API_PIX_ACCOUNT.chave}`,
      `  client cert ${files.cert}`,
      `  client key  ${files.key}`,
      `  CA          ${files.ca}`,
      `  locations   https://${sb.publicName}/... served at ${sb.publicAddress}`,
      `  control     ${sb.publicOrigin}/__sandbox (POST /pay/<txid>, PUT /faults, GET /webhooks)`,
    ].join('\n'),
  );
  return sb;
}

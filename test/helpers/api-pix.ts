import https from 'node:https';
import { Agent, fetch } from 'undici';
import { makeSandboxPki, type SandboxPki } from '../../sandbox/api-pix/pki';
import {
  API_PIX_ACCOUNT,
  startApiPixSandbox,
  type ApiPixSandbox,
  type ApiPixSandboxOptions,
} from '../../sandbox/api-pix/server';
import { listenOnLoopback } from './loopback';

export { API_PIX_ACCOUNT };

/** One PKI per test file: generating keys is the slow part. */
let shared: Promise<SandboxPki> | undefined;
export const testPki = () => (shared ??= makeSandboxPki());

export async function apiPixSandbox(
  o: Partial<ApiPixSandboxOptions> = {},
): Promise<ApiPixSandbox & { pki: SandboxPki; control: ReturnType<typeof controlOf> }> {
  const pki = o.pki ?? (await testPki());
  const sb = await startApiPixSandbox({ ...o, pki });
  return { ...sb, pki, control: controlOf(sb, pki) };
}

function controlOf(sb: ApiPixSandbox, pki: SandboxPki) {
  const dispatcher = new Agent({ connect: { ca: pki.ca.certPem } });
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sb.publicOrigin}/__sandbox${path}`, {
      method,
      dispatcher,
      ...(body !== undefined && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

/** A raw mTLS client of the sandbox's API (for testing the sandbox itself). */
export function rawMtls(
  sb: ApiPixSandbox,
  pki: SandboxPki,
  cert: { certPem: string; keyPem: string } | null = pki.client,
) {
  const dispatcher = new Agent({
    connect: { ca: pki.ca.certPem, ...(cert && { cert: cert.certPem, key: cert.keyPem }) },
  });
  const call = async (
    method: string,
    url: string,
    o: { body?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(url.startsWith('https') ? url : `${sb.baseUrl}${url}`, {
      method,
      dispatcher,
      headers: {
        ...(o.body !== undefined && { 'content-type': 'application/json' }),
        ...(o.form && { 'content-type': 'application/x-www-form-urlencoded' }),
        ...o.headers,
      },
      ...(o.body !== undefined && { body: JSON.stringify(o.body) }),
      ...(o.form && { body: new URLSearchParams(o.form).toString() }),
    });
    const text = await res.text();
    let body: Record<string, unknown> = { text };
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // keep the text
    }
    return { status: res.status, body, headers: res.headers };
  };
  const token = async () => {
    const basic = Buffer.from(`${API_PIX_ACCOUNT.clientId}:${API_PIX_ACCOUNT.clientSecret}`);
    const r = await call('POST', sb.tokenUrl, {
      body: { grant_type: 'client_credentials' },
      headers: { authorization: `Basic ${basic.toString('base64')}` },
    });
    return r.body.access_token as string;
  };
  return { call, token, close: () => dispatcher.close() };
}

/** A webhook receiver that demands a client certificate from `caPem` (as a shop's proxy would). */
export async function mtlsReceiver(pki: SandboxPki) {
  const got: Array<{ path: string; body: unknown; peer: string }> = [];
  const server = https.createServer(
    {
      cert: pki.server.certPem,
      key: pki.server.keyPem,
      ca: pki.ca.certPem,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate().subject?.CN;
        got.push({ path: req.url ?? '', body: JSON.parse(text || 'null'), peer: String(peer) });
        res.writeHead(200).end('200');
      });
    },
  );
  const { port, close } = await listenOnLoopback(server);
  return { url: `https://127.0.0.1:${port}/webhook`, got, close };
}

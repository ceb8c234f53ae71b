import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import type { SandboxPki } from '../../sandbox/api-pix/pki';
import { tempDir } from './core';
import { freePort } from './relay-process';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const root = path.resolve(import.meta.dirname, '../..');

export interface Nginx {
  url: string;
  child: ChildProcess;
  dir: string;
  stop(): void;
}

/**
 * docs/nginx-api-pix-webhook.conf as a shop runs it, on loopback in front of `relayUrl`: its
 * server certificate and the PSP's client CA from the API Pix sandbox's PKI.
 */
export async function startNginx(pki: SandboxPki, relayUrl: string): Promise<Nginx> {
  const dir = tempDir('balcao-nginx-');
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, d));
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const port = await freePort();
  const conf = readFileSync(path.join(root, 'docs/nginx-api-pix-webhook.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', dir)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replaceAll('{{SERVER_NAME}}', 'localhost')
    .replaceAll('{{SERVER_CERT}}', file('server.pem', pki.server.certPem))
    .replaceAll('{{SERVER_KEY}}', file('server.key', pki.server.keyPem))
    .replaceAll('{{PSP_CLIENT_CA}}', file('psp-ca.pem', pki.ca.certPem))
    .replaceAll('{{RELAY}}', relayUrl);
  expect(conf).not.toMatch(/\{\{/);
  const confFile = file('nginx.conf', conf);
  const child = spawn(
    NGINX!,
    ['-p', dir, '-c', confFile, '-g', 'daemon off; master_process off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr!.on('data', (b) => (err += b));
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), r(true)));
      s.on('error', () => r(false));
    });
    if (up) break;
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `https://127.0.0.1:${port}`, child, dir, stop: () => child.kill('SIGTERM') };
}

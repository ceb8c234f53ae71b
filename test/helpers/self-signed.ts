import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { tempDir } from './core';
import { listenOnLoopback } from './loopback';

/**
 * An HTTPS server on loopback with a self-signed certificate (openssl), answering `{}`: what a
 * PSP or relay behind a bad proxy looks like. `close()` stops it and removes its key.
 */
export async function selfSignedServer() {
  const dir = tempDir();
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const server = https.createServer(
    {
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    },
    (_req, res) => res.end('{}'),
  );
  const { port, close } = await listenOnLoopback(server);
  return {
    port,
    async close() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../../helpers/sandbox';
import { sandboxProcess } from '../../helpers/sandbox-process';

describe('npm run sandbox', () => {
  it('prints its base URL on a line of its own and serves the PSP interface there', async () => {
    const cli = await sandboxProcess();
    try {
      const r = await fetch(`${cli.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'demo-client-id', client_secret: 'demo-client-secret' }),
      });
      expect(r.status).toBe(200);
    } finally {
      await cli.close();
    }
  });

  it('refuses a bad port with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', 'abc'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (b) => (err += b));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(2);
    expect(err).toContain('--port must be a whole number');
  });

  it('answers the control interface only to loopback callers', async () => {
    const sb = await sandbox();
    const remote = await sb.app.inject({
      method: 'GET',
      url: '/__sandbox/charges',
      remoteAddress: '10.1.2.3',
    });
    expect(remote.statusCode).toBe(403);
    const local = await sb.app.inject({
      method: 'GET',
      url: '/__sandbox/charges',
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    await sb.close();
  });
});

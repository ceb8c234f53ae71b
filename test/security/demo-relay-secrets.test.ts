import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDemoRelay } from '../../electron/main/demo';
import { tempDir } from '../helpers/core';

// D8: the embedded relay keeps no secret in the data directory. Its admin token is made anew
// at each start and never written; only the port and the channel id are kept.
const files = (dir: string) =>
  readdirSync(dir).map((f) => readFileSync(path.join(dir, f)).toString('latin1'));

describe('embedded relay secrets (D8)', () => {
  it('no token in any file; the channel survives restarts; an old stored admin token is dead', async () => {
    const dir = tempDir();
    const legacy = 'legacy-admin-token-0123456789abcdef';
    writeFileSync(
      path.join(dir, 'demo-relay.json'),
      JSON.stringify({ port: 0, channelId: 'gone', adminToken: legacy }),
    );
    const first = await startDemoRelay(dir);
    const state = JSON.parse(readFileSync(path.join(dir, 'demo-relay.json'), 'utf8')) as object;
    expect(Object.keys(state).sort()).toEqual(['channelId', 'port']);
    expect(
      (
        await fetch(`${first.relay.url}/admin/channels`, {
          method: 'POST',
          headers: { authorization: `Bearer ${legacy}` },
        })
      ).status,
    ).toBe(401);
    await first.relay.close();

    const second = await startDemoRelay(dir);
    try {
      expect(second.channelId).toBe(first.channelId);
      expect(second.token).not.toBe(first.token);
      for (const text of files(dir)) {
        expect(text).not.toContain(legacy);
        expect(text).not.toContain(first.token);
        expect(text).not.toContain(second.token);
        expect(text).not.toMatch(/adminToken/);
      }
      // The subscriber token it handed over reads the channel.
      const res = await fetch(`${second.relay.url}/channels/${second.channelId}/events`, {
        headers: { authorization: `Bearer ${second.token}` },
        signal: AbortSignal.timeout(2000),
      });
      expect(res.status).toBe(200);
      await res.body?.cancel();
    } finally {
      await second.relay.close();
    }
  });
});

import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { commandLine, runCommandLine } from '../../../../electron/main/os/command-line';

// `balcao cobrar …` on the app's own executable: found among Electron's arguments, run against
// the local API, one JSON line, and the exit status the script reads.
const run = async (args: string[], env: Record<string, string | undefined>) => {
  const out: string[] = [];
  const err: string[] = [];
  let code = -1;
  await runCommandLine(args, {
    env,
    fetch: globalThis.fetch,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    exit: (c) => (code = c),
  });
  return { out, err, code };
};

describe('balcao cobrar on the executable', () => {
  it('is found after the executable (installed) or `electron .` (development), nowhere else', () => {
    expect(commandLine(['balcao', 'cobrar', '1,00'])).toEqual(['cobrar', '1,00']);
    expect(commandLine(['electron', '.', 'cobrar', '1,00'])).toEqual(['cobrar', '1,00']);
    expect(commandLine(['balcao'])).toBeNull();
    expect(commandLine(['balcao', '--x', '--y', 'cobrar'])).toBeNull();
    expect(commandLine(['balcao', 'balcao://cobrar?valor=1'])).toBeNull();
  });

  it('exit 2 for a wrong command line; 1 when Balcão does not answer; 0 when paid', async () => {
    expect((await run(['cobrar', 'doze', '--ref', 'a'], { BALCAO_TOKEN: 't' })).code).toBe(2);
    const down = await run(['cobrar', '1,00', '--ref', 'a'], {
      BALCAO_TOKEN: 't',
      BALCAO_API_URL: 'http://127.0.0.1:1/v1',
    });
    expect(down.code).toBe(1);
    expect(JSON.parse(down.out[0]!)).toMatchObject({ ok: false, error: 'BALCAO_UNREACHABLE' });
    // A loopback server answering as the local API does for a sale paid at once.
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ reference: 'a', status: 'PAID', paid: true, final: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const paid = await run(['cobrar', '1,00', '--ref', 'a', '--aguardar'], {
      BALCAO_TOKEN: 'tok',
      BALCAO_API_URL: `http://127.0.0.1:${port}/v1`,
    });
    server.close();
    expect(paid.code).toBe(0);
    expect(seen).toEqual(['POST /v1/charges Bearer tok']);
    expect(paid.out).toHaveLength(1);
  });
});

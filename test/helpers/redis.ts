import { spawn, type ChildProcess } from 'node:child_process';
import { tempDir } from './core';
import { deadUrl } from './sandbox';

/** A real redis-server on loopback, append-only file on and fsynced on every write. */
export async function startRedis(dir = tempDir('balcao-redis-')) {
  const port = Number(new URL(await deadUrl()).port);
  let child: ChildProcess;
  const launch = () =>
    new Promise<void>((resolve, reject) => {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--save',
          '',
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout!.on('data', (b) => {
        out += b;
        if (out.includes('Ready to accept connections')) resolve();
      });
      child.on('exit', (c) => reject(new Error(`redis-server exited ${c}: ${out}`)));
    });
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL'); // no clean shutdown: only what the append-only file holds survives
      await exited;
      await launch();
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

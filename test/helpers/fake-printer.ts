import iconv from 'iconv-lite';
import net from 'node:net';
import { listenOnLoopback } from './loopback';

/** A loopback TCP server standing in for a network thermal printer (port 9100 on a real one). */
export async function fakePrinter() {
  const jobs: Buffer[] = [];
  const server = net.createServer((socket) => {
    const parts: Buffer[] = [];
    socket.on('data', (b) => parts.push(b));
    socket.on('close', () => jobs.push(Buffer.concat(parts)));
  });
  return { ...(await listenOnLoopback(server)), jobs };
}

const ESC = String.fromCharCode(0x1b);

/** A line without the style commands that lead it (ESC @ resets; ESC E/a/t n set bold, alignment, code page). */
function unstyled(line: string): string {
  while (line.startsWith(ESC)) line = line.slice(line[1] === '@' ? 2 : 3);
  return line;
}

/**
 * A job's text as the printer reads it in code page CP860, split at line feeds, each line
 * without its leading style commands.
 */
export const cp860Lines = (job: Buffer): string[] =>
  iconv.decode(job, 'cp860').split('\n').map(unstyled);

import { expect, it } from 'vitest';
import { stopAll } from '../../helpers/stop-all';

// A part that fails to stop must not leave the later ones running (a sandbox, a keychain entry).
it('stops every part even when one throws, then throws the first error', async () => {
  const stopped: string[] = [];
  const part = (name: string, fails = false) => ({
    stop: async () => {
      stopped.push(name);
      if (fails) throw new Error(`${name} failed`);
    },
  });
  await expect(
    stopAll(part('browser', true), undefined, part('host', true), part('sandbox')),
  ).rejects.toThrow('browser failed');
  expect(stopped).toEqual(['browser', 'host', 'sandbox']);
});

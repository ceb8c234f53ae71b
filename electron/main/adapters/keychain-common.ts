// What both keychain adapters share (apart, so neither imports the other).

export const KEYCHAIN_SERVICE = 'balcao';

/** True when `read` settles successfully within `timeoutMs`; a throw, rejection or hang is false. */
export async function answersWithin(read: () => Promise<unknown>, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref?.();
  });
  const probe = Promise.resolve()
    .then(read)
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads configured reply paths (`data.copyPaste`): the first path that holds a value wins. */
export function readPath(body: unknown, path: string): unknown {
  let cur: unknown = body;
  for (const key of path.split('.')) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function firstPresent(
  body: unknown,
  paths: readonly string[],
): { path: string; value: unknown } | undefined {
  for (const path of paths) {
    const value = readPath(body, path);
    if (value !== undefined && value !== null && value !== '') return { path, value };
  }
  return undefined;
}

/** A15: the PSP and the relay are https, except loopback addresses (sandbox, demo). */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
// scheme://host[:port][/path…]; shared/ runs without the DOM or Node, so no URL class here.
const SHAPE =
  /^([a-z][a-z0-9+.-]*):\/\/(\[[0-9a-f:.]+\]|[^\s/?#:@[\]]+)(?::(\d{1,5}))?([/?#]\S*)?$/i;

export type ServiceUrlProblem = 'URL_EMPTY' | 'URL_INVALID' | 'URL_NOT_HTTPS';

/** The URL without trailing slashes, or why it cannot be used. */
export function checkServiceUrlText(
  value: string,
): { ok: true; url: string } | { ok: false; code: ServiceUrlProblem } {
  const v = value.trim();
  if (v === '') return { ok: false, code: 'URL_EMPTY' };
  const m = SHAPE.exec(v);
  if (!m || (m[3] !== undefined && Number(m[3]) > 65535)) return { ok: false, code: 'URL_INVALID' };
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!;
  if (scheme === 'https' || (scheme === 'http' && LOOPBACK.test(host)))
    return { ok: true, url: v.replace(/\/+$/, '') };
  return { ok: false, code: scheme === 'http' ? 'URL_NOT_HTTPS' : 'URL_INVALID' };
}

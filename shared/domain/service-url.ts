/** A15: the PSP and the relay are https, except loopback addresses (sandbox, demo). */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export type ServiceUrlProblem = 'URL_EMPTY' | 'URL_INVALID' | 'URL_NOT_HTTPS';

/** The URL without trailing slashes, or why it cannot be used. */
export function checkServiceUrlText(
  value: string,
): { ok: true; url: string } | { ok: false; code: ServiceUrlProblem } {
  const v = value.trim();
  if (v === '') return { ok: false, code: 'URL_EMPTY' };
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return { ok: false, code: 'URL_INVALID' };
  }
  if (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname)))
    return { ok: true, url: v.replace(/\/+$/, '') };
  return { ok: false, code: u.protocol === 'http:' ? 'URL_NOT_HTTPS' : 'URL_INVALID' };
}

// shell.openExternal hands a URL to the OS, which may run a program for it: only https, and
// only hosts we link to on purpose.
export const EXTERNAL_HOSTS: readonly string[] = ['www.bcb.gov.br'];

export function isAllowedExternal(url: string, hosts: readonly string[] = EXTERNAL_HOSTS): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return u.protocol === 'https:' && !u.username && !u.password && hosts.includes(u.hostname);
}

/**
 * Enviar cobrança hands the OS a WhatsApp click-to-chat link or a `mailto:` (the system's mail
 * client): nothing else, and no credentials in the URL.
 */
export function isSendLink(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'mailto:') return true;
  return isAllowedExternal(url, ['wa.me', 'api.whatsapp.com']);
}

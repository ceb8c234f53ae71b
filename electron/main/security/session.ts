// The session's locks: one permission (the clipboard write behind `Copiar código`), asked by
// our own page only; no device access; downloads only of files our page made (CSV export).
import type { Electron } from '../electron-api';
import { APP_ORIGIN } from './app-protocol';

export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Our origin only. (`new URL('app://…').origin` is "null" in Node, so compare text.) */
export function isAppUrl(url: string | undefined): boolean {
  return !!url && (url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`));
}

export function isAllowedPermission(permission: string, requestingUrl: string | undefined) {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl);
}

export function hardenSession(ses: Electron.Session): void {
  ses.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(isAllowedPermission(permission, details.requestingUrl)),
  );
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    isAllowedPermission(permission, requestingOrigin),
  );
  ses.setDevicePermissionHandler(() => false);
  ses.on('will-download', (event, item) => {
    if (!item.getURL().startsWith(`blob:${APP_ORIGIN}/`)) event.preventDefault();
  });
}

// `balcao://cobrar?valor=12.34&ref=…` (shared/domain/deep-link.ts): the installer registers the
// scheme (electron-builder.yml `protocols`); the app registers it again at start, since a
// portable or development copy has no installer. macOS hands a link over as `open-url`;
// Windows and Linux start a second instance with it in argv, which the first one receives.
import { deepLinkIn, DEEP_LINK_SCHEME } from '../../../shared/domain/deep-link';
import type { ElectronModule } from '../electron-api';

export interface DeepLinks {
  /** A second instance's arguments (single-instance.ts). */
  fromArgv(argv: readonly string[]): void;
  /** From now on links are delivered; the ones that came before are delivered at once. */
  ready(deliver: (url: string) => void): void;
}

export function handleDeepLinks(app: ElectronModule['app'], argv: readonly string[]): DeepLinks {
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  const queued: string[] = [];
  let deliver: ((url: string) => void) | null = null;
  const take = (url: string | undefined) => {
    if (!url) return;
    if (deliver) deliver(url);
    else queued.push(url);
  };
  app.on('open-url', (event, url) => {
    event.preventDefault();
    take(url);
  });
  take(deepLinkIn(argv)); // the very launch came from a link
  return {
    fromArgv: (a) => take(deepLinkIn(a)),
    ready(fn) {
      deliver = fn;
      for (const url of queued.splice(0)) fn(url);
    },
  };
}

import { err, type Result } from '../../../shared/result';
import { dispatch, type Handlers } from '../../services/ipc-dispatch';
import type { Logger } from '../../services/log';

/**
 * The IPC sender check, without Electron (so unit tests run it): what it reads of an
 * IpcMainInvokeEvent is the sending web contents and the frame.
 */
export interface SenderEvent<W> {
  sender: W;
  senderFrame: { url: string; parent: unknown } | null;
}

/**
 * Only the app's own page (the bundled index.html, any #route) in the top frame of one of
 * the app's own windows may call: not an iframe, not a page it navigated to, not another
 * window's contents, not a frame already gone (senderFrame null).
 */
export function isOwnFrame<W>(
  event: SenderEvent<W>,
  rendererIndexUrl: string,
  windows: readonly W[],
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (!windows.includes(event.sender)) return false;
  return frame.url.split('#')[0] === rendererIndexUrl;
}

/** sender check → schema → handler: a refused sender never reaches a handler or a schema. */
export function invokeFromSender<E>(
  isOwn: (event: E) => boolean,
  handlers: Handlers,
  channel: string,
  event: E,
  payload: unknown,
  logger: Logger,
): Promise<Result<unknown>> {
  if (!isOwn(event)) return Promise.resolve(err('auth', 'FORBIDDEN_SENDER'));
  return dispatch(handlers, channel, payload, logger);
}

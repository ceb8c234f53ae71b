import { randomUUID } from 'node:crypto';
import {
  calls,
  type CallChannel,
  type CallInput,
  type CallOutput,
} from '../../shared/ipc-contract';
import { err, ok, type Result } from '../../shared/result';
import type { Logger } from './log';

export type Handlers = {
  [C in CallChannel]: (
    input: CallInput<C>,
  ) => Promise<Result<CallOutput<C>>> | Result<CallOutput<C>>;
};

/**
 * Validates a payload against the contract, runs the handler, and always returns a Result:
 * an invalid payload is refused before any handler (and so any write) runs. Shared by the
 * Electron main process and the development host. A handler that throws is a bug of ours: it
 * is logged (redacted) with a correlation id, and the renderer gets code `INTERNAL` with that
 * id, never the exception's text.
 */
export async function dispatch(
  handlers: Handlers,
  channel: string,
  payload: unknown,
  logger: Logger,
): Promise<Result<unknown>> {
  if (!Object.hasOwn(calls, channel)) {
    return err('validation', 'UNKNOWN_CHANNEL');
  }
  const c = channel as CallChannel;
  const parsed = calls[c].input.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || undefined;
    return err('validation', 'INVALID_PAYLOAD', {
      ...(field !== undefined && { field }),
    });
  }
  try {
    const handler = handlers[c] as (input: unknown) => Promise<Result<unknown>> | Result<unknown>;
    const result = await handler(parsed.data);
    return result.ok ? ok(result.value) : result;
  } catch (e) {
    // Exceptions never cross the boundary (their text may hold internals); the log keeps them.
    const correlationId = randomUUID();
    logger.error('IPC handler failed', { channel: c, correlationId, error: e });
    return err('internal', 'INTERNAL', { correlationId });
  }
}

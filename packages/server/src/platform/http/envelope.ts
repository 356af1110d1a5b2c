import type { Envelope } from '@sbwq/contracts';
import { Msg } from '@sbwq/contracts';

export function ok<T>(result: T, message: string = Msg.ok, code = 200): Envelope<T> {
  return { success: true, message, code, result, timestamp: Date.now() };
}

export function fail<T = null>(message: string, code = 500, result: T = null as T): Envelope<T> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

/** A business failure a handler throws; the error handler turns it into a `success:false` envelope. */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code = 500,
    readonly httpStatus = 200,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

import type { Envelope } from '@sbwq/contracts';
import { feedback, notifyError } from './feedback.ts';
import { HttpError } from './http.ts';

/** A business failure: the server answered `success: false` with a message for the user. */
export class BizFailure extends Error {
  readonly code: number;
  constructor(message: string, code = 500) {
    super(message);
    this.name = 'BizFailure';
    this.code = code;
  }
}

/** Local text for a failure the server did not word (reported to contracts). */
export const OPERATION_FAILED_TEXT = '操作失败';

/** The envelope's result, or a `BizFailure` with the server's message. */
export function unwrap<T>(answer: Envelope<T>): T {
  if (!answer.success) throw new BizFailure(answer.message || OPERATION_FAILED_TEXT, answer.code);
  return answer.result;
}

/**
 * Tells the user about a failed call once, as the spec §8 notification: the http client already showed
 * HTTP failures, so only business refusals and unexpected errors are shown here.
 */
export function showFailure(error: unknown): void {
  if (error instanceof HttpError) return;
  notifyError(error instanceof Error && error.message ? error.message : OPERATION_FAILED_TEXT);
}

/** Shows the answer of a change: the server's success text, or its failure text. Resolves whether it succeeded. */
export function showAnswer(answer: Envelope<unknown>): boolean {
  if (answer.success) {
    feedback().message.success(answer.message || '操作成功！');
    return true;
  }
  notifyError(answer.message || OPERATION_FAILED_TEXT);
  return false;
}

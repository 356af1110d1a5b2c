import type { Envelope } from '@sbwq/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { feedback } from './feedback.ts';
import { BizFailure, OPERATION_FAILED_TEXT, showFailure } from './result.ts';

export type ApiMutationOptions<V, R> = {
  /**
   * after a success the user was told about (reload a list, close a dialog); a promise it returns keeps
   * the mutation pending until it settles, and its failure is shown as the mutation's
   */
  onSuccess?: (result: R, variables: V) => void | Promise<unknown>;
  /** the success text; default the server's message, else 操作成功！; false shows none */
  successMessage?: string | false;
};

/**
 * A change sent to the API, with the spec §8 handling done once: an HTTP failure was already shown
 * by the http client, a `success: false` answer is shown with the server's words, a success with
 * its message. `run` resolves whether it succeeded and never rejects, for confirm dialogs and forms.
 */
export function useApiMutation<V, R = unknown>(call: (variables: V) => Promise<Envelope<R> | void>, options: ApiMutationOptions<V, R> = {}) {
  const { onSuccess, successMessage } = options;
  const mutation = useMutation<{ result: R; message: string } | null, unknown, V>({
    mutationFn: async (variables) => {
      const answer = await call(variables);
      // an action that only opened a dialog answers nothing: nothing to tell
      if (!answer || typeof answer !== 'object' || !('success' in answer)) return null;
      if (!answer.success) throw new BizFailure(answer.message || OPERATION_FAILED_TEXT, answer.code);
      return { result: answer.result, message: answer.message };
    },
    onSuccess: (done, variables) => {
      if (!done) return;
      if (successMessage !== false) feedback().message.success(successMessage ?? (done.message || '操作成功！'));
      return onSuccess?.(done.result, variables);
    },
    onError: showFailure,
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    (variables: V) =>
      mutateAsync(variables).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  return { ...mutation, run };
}

import { Form, type FormInstance } from 'antd';
import type { Envelope } from '@sbwq/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { showFailure } from '../../platform/result.ts';
import { useApiMutation } from '../../platform/useApiMutation.ts';

type ModalFormOptions<R, V, A, C> = {
  open: boolean;
  /** the record being edited; null (or none) adds one */
  record?: R | null;
  /** the values a new record starts with */
  initial: () => Partial<V>;
  /** the values of the record being edited (or the fields a flow dialog starts with), possibly fetched afresh; a failure closes the dialog */
  load?: (record: R) => Partial<V> | Promise<Partial<V>>;
  /**
   * sends the validated values (`form` holds fields not rendered as items too); `choice` is what the
   * dialog's button passed to submit, for a dialog with more than one way to save (通过 / 驳回)
   */
  save: (values: V, form: FormInstance<V>, choice: C) => Promise<Envelope<A>>;
  /** after a successful save, with the server's result (a new record's id, say) */
  onSaved: (result: A) => void;
  onClose: () => void;
};

/**
 * The plumbing every add/edit dialog shares: the form reset and filled when the dialog opens (with a
 * spinner while the record loads), validation before saving, the server's answer shown as it words
 * it, and the dialog closed and its list refreshed only when the save succeeded.
 */
export function useModalForm<R, V extends object, A = unknown, C = undefined>({
  open,
  record = null,
  initial,
  load,
  save,
  onSaved,
  onClose,
}: ModalFormOptions<R, V, A, C>) {
  const [form] = Form.useForm<V>();
  const [loading, setLoading] = useState(false);

  // The callbacks are the caller's of the latest render; the dialog is filled once per opening, not per render.
  const latest = useRef({ initial, load, onClose });
  useLayoutEffect(() => {
    latest.current = { initial, load, onClose };
  });

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    form.resetFields();
    const { load: loadRecord } = latest.current;
    if (!record || !loadRecord) {
      form.setFieldsValue(latest.current.initial() as Parameters<FormInstance<V>['setFieldsValue']>[0]);
      return;
    }
    const loaded = loadRecord(record);
    if (!(loaded instanceof Promise)) {
      form.setFieldsValue(loaded as Parameters<FormInstance<V>['setFieldsValue']>[0]);
      return;
    }
    // oxlint-disable-next-line react/set-state-in-effect -- the spinner starts with the request this effect sends, and only for a record loaded afresh
    setLoading(true);
    loaded
      .then((values) => {
        if (!cancelled) form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
      })
      .catch((error: unknown) => {
        showFailure(error);
        if (!cancelled) latest.current.onClose();
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [open, record, form]);

  const saving = useApiMutation(({ values, choice }: { values: V; choice: C }) => save(values, form, choice), {
    onSuccess: (result) => {
      onSaved(result);
      onClose();
    },
  });

  const submit = async (...[choice]: C extends undefined ? [] : [C]) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    await saving.run({ values, choice: choice as C });
  };

  /** the choice being saved, while it is */
  const pending = saving.isPending ? saving.variables?.choice : undefined;
  return { form, loading, saving: saving.isPending, pending, submit };
}

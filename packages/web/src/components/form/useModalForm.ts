import { Form, type FormInstance } from 'antd';
import type { Envelope } from '@sbwq/contracts';
import { useEffect, useState } from 'react';
import { showAnswer, showFailure } from '../../platform/result.ts';

type ModalFormOptions<R, V, A> = {
  open: boolean;
  /** the record being edited; null adds one */
  record: R | null;
  /** the values a new record starts with */
  initial: () => Partial<V>;
  /** the values of the record being edited, possibly fetched afresh; a failure closes the dialog */
  load: (record: R) => V | Promise<V>;
  /** sends the validated values (`form` holds fields not rendered as items too) */
  save: (values: V, form: FormInstance<V>) => Promise<Envelope<A>>;
  /** after a successful save, with the server's result (a new record's id, say) */
  onSaved: (result: A) => void;
  onClose: () => void;
};

/**
 * The plumbing every add/edit dialog shares: the form reset and filled when the dialog opens (with a
 * spinner while the record loads), validation before saving, the server's answer shown as it words
 * it, and the dialog closed and its list refreshed only when the save succeeded.
 */
export function useModalForm<R, V extends object, A = unknown>({ open, record, initial, load, save, onSaved, onClose }: ModalFormOptions<R, V, A>) {
  const [form] = Form.useForm<V>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    form.resetFields();
    if (!record) {
      form.setFieldsValue(initial() as Parameters<FormInstance<V>['setFieldsValue']>[0]);
      return;
    }
    const loaded = load(record);
    if (!(loaded instanceof Promise)) {
      form.setFieldsValue(loaded as Parameters<FormInstance<V>['setFieldsValue']>[0]);
      return;
    }
    setLoading(true);
    loaded
      .then((values) => {
        if (!cancelled) form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
      })
      .catch((error: unknown) => {
        showFailure(error);
        if (!cancelled) onClose();
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [open, record]);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    setSaving(true);
    try {
      const answer = await save(values, form);
      if (showAnswer(answer)) {
        onSaved(answer.result);
        onClose();
      }
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return { form, loading, saving, submit };
}

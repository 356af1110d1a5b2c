import { Form } from 'antd';
import type { Envelope } from '@sbwq/contracts';
import { FormModal } from '../form/FormModal.tsx';
import { useModalForm } from '../form/useModalForm.ts';
import type { FormDefinition, FormMode } from './types.ts';

type RecordModalProps<T, B> = {
  /** prefixes the fields' ids */
  name: string;
  open: boolean;
  mode: FormMode;
  record: T | null;
  /** values a new record starts with (besides the definition's) */
  initial?: Record<string, unknown>;
  title: string;
  definition: FormDefinition<T, B>;
  save: ((body: B) => Promise<Envelope<unknown>>) | undefined;
  onClose: () => void;
  onSaved: () => void;
};

function defaultBody<T, B>(values: Record<string, unknown>, mode: FormMode, record: T | null): B {
  const id = record && typeof record === 'object' && 'id' in record ? (record as { id: unknown }).id : undefined;
  return (mode === 'edit' && id !== undefined ? { ...values, id } : values) as B;
}

/** The add/edit dialog of a list: fields from the definition, the server's answer shown as it words it. */
export function RecordModal<T extends object, B>({ name, open, mode, record, initial, title, definition, save, onClose, onSaved }: RecordModalProps<T, B>) {
  const dialog = useModalForm<T, Record<string, unknown>>({
    open,
    record: mode === 'add' ? null : record,
    initial: () => ({ ...definition.initialValues, ...initial }),
    load: (row) => (definition.load ? definition.load(row) : (row as Record<string, unknown>)),
    save: (values) => {
      const body = definition.toBody ? definition.toBody(values, mode, record) : defaultBody<T, B>(values, mode, record);
      return save!(body);
    },
    onSaved,
    onClose,
  });
  // a definition without a save shows its fields only
  const submit = async () => (save ? dialog.submit() : undefined);

  const fields = definition.fields(mode, record);
  return (
    <FormModal dialog={{ ...dialog, submit }} onClose={onClose} open={open} title={title} width={definition.width ?? 800} forceRender>
      <Form form={dialog.form} name={name} labelCol={{ sm: { span: 5 } }} wrapperCol={{ sm: { span: 16 } }} autoComplete="off">
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            rules={field.rules}
            required={field.required}
            extra={field.extra}
            valuePropName={field.valuePropName}
            dependencies={field.dependencies}
            validateDebounce={field.validateDebounce}
            hasFeedback={Boolean(field.validateDebounce)}
          >
            {field.input}
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}

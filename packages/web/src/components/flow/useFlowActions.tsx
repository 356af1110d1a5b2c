import { actionCode, availableActions, offeredInState, type Envelope, type FlowActionDecl, type FlowDecl } from '@sbwq/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { takeOnRecord } from '../../platform/flowApi.ts';
import { useApiMutation } from '../../platform/useApiMutation.ts';
import type { RowAction } from '../list/types.ts';

type Rec = { id: string };

export type FlowActionOptions<R, A> = {
  /** the dialog of each action that needs a form (its body is more than the id): opens it for the record */
  forms?: Partial<Record<keyof A, (record: R) => void>>;
  /** after any change the server accepted */
  onChanged: () => void;
  /** what follows one action's success instead of `onChanged` (a deleted record's page goes back to the list) */
  after?: Partial<Record<keyof A, () => void>>;
  /** the actions offered here when a screen shows only some (付款管理: the payment's); default all */
  only?: readonly (keyof A)[];
};

const shown = <A,>(key: keyof A, only: readonly (keyof A)[] | undefined) => !only || only.includes(key);

/** What a button of an action does: opens its form, or (after its confirm text) sends the record's id. */
function actionOf<R extends Rec, A extends Record<string, FlowActionDecl<R>>>(
  flow: FlowDecl<R, string, A>,
  key: keyof A & string,
  forms: FlowActionOptions<R, A>['forms'],
) {
  const action = flow.actions[key];
  const open = forms?.[key];
  return {
    action,
    open,
    call: open ? undefined : (record: R) => takeOnRecord(flow, action, record),
    confirm: open ? undefined : action.confirm,
  };
}

/**
 * The buttons of a flow's records, from its declaration (`defineFlow`): which action a record offers
 * (its state, its flags, the caller's codes), its label, look and confirm text. An action whose body
 * is the id alone needs nothing here; one with a form names its dialog in `forms`.
 * `rowActions` are the list's; `FlowButtons` the detail page's.
 */
export function useFlowActions<R extends Rec, A extends Record<string, FlowActionDecl<R>>>(flow: FlowDecl<R, string, A>, options: FlowActionOptions<R, A>) {
  const { forms, only } = options;
  const rowActions = useMemo<RowAction<R>[]>(
    () =>
      (Object.keys(flow.actions) as (keyof A & string)[])
        .filter((key) => flow.actions[key].label && shown(key, only))
        .map((key) => {
          const { action, open, call, confirm } = actionOf(flow, key, forms);
          return {
            key,
            label: action.label,
            code: actionCode(action),
            inline: action.inline,
            danger: action.tone === 'danger',
            confirm,
            visible: (record: R) => offeredInState(flow, action, record),
            onClick: (record: R) => (call ? call(record) : open?.(record)),
          };
        }),
    [flow, forms, only],
  );
  return { rowActions };
}

type FlowButtonsProps<R extends Rec, A extends Record<string, FlowActionDecl<R>>> = FlowActionOptions<R, A> & {
  flow: FlowDecl<R, string, A>;
  record: R;
  can: (code: string) => boolean;
};

/** The buttons a record's page shows for the actions it offers the caller, in the declaration's order. */
export function FlowButtons<R extends Rec, A extends Record<string, FlowActionDecl<R>>>({
  flow,
  record,
  can,
  forms,
  onChanged,
  after,
  only,
}: FlowButtonsProps<R, A>): ReactNode {
  const calling = useApiMutation(({ run }: { key: keyof A; run: () => Promise<Envelope<unknown>> }) => run(), {
    onSuccess: (_result, { key }) => (after?.[key] ?? onChanged)(),
  });
  const keys = availableActions(flow, record, can).filter((key) => shown(key, only));
  if (keys.length === 0) return null;
  // the buttons are one component's children: the gap between them is this Space's, not the caller's
  const buttons = keys.map((key) => {
    const { action, open, call, confirm } = actionOf(flow, key, forms);
    const type = action.tone === 'primary' ? 'primary' : 'default';
    if (call) {
      const button = (
        <Button
          type={type}
          danger={action.tone === 'danger'}
          loading={calling.isPending}
          onClick={confirm ? undefined : () => calling.run({ key, run: () => call(record) })}
        >
          {action.label}
        </Button>
      );
      return confirm ? (
        <Popconfirm key={key} title={confirm(record)} okText="确定" cancelText="取消" onConfirm={() => calling.run({ key, run: () => call(record) })}>
          {button}
        </Popconfirm>
      ) : (
        <span key={key}>{button}</span>
      );
    }
    return (
      <Button key={key} type={type} danger={action.tone === 'danger'} onClick={() => open?.(record)}>
        {action.label}
      </Button>
    );
  });
  return <Space wrap>{buttons}</Space>;
}

import {
  cronError,
  isJobKey,
  JOB_DEFINITIONS,
  JOB_KEYS,
  jobKeyField,
  JobOutcomeText,
  JobStatus,
  nextRunTimes,
  parseJobParameter,
  quartzJobAddBody,
  quartzJobFlow,
  QuartzJobPerm,
  quartzJobResource,
  type JobOutcome,
  type QuartzJobRecord,
} from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select, Space, Tag, Typography, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition, RowAction } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { feedback } from '../../../platform/feedback.ts';
import { showFailure, unwrap } from '../../../platform/result.ts';
import { quartzJobApi, quartzJobCalls, type QuartzJobBody } from './quartzJob.api.ts';
import { JobRunsDrawer } from './JobRunsDrawer.tsx';
import { chinaTimeText, OUTCOME_COLORS } from './job.options.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const LIST_KEY = 'system-quartz-job';
const shape = quartzJobAddBody.shape;
const EXISTING_KEY = ['system', 'quartzJob', 'existing-keys'];

const cronRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    const error = cronError(value ?? '');
    if (error) throw new Error(error);
  },
};

/** The parameter is checked by the chosen job's own schema (the server checks it the same way). */
const parameterRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | undefined) => {
    const key = getFieldValue('jobKey') as string | undefined;
    if (!key || !isJobKey(key)) return;
    const parsed = parseJobParameter(key, value);
    if (!parsed.ok) throw new Error(parsed.error);
  },
});

/** The next five run times of the expression as typed (China time), or why it is refused. */
function CronPreview() {
  const form = Form.useFormInstance();
  const cron = (Form.useWatch('cronExpression', form) as string | undefined) ?? '';
  const error = cron.trim() ? cronError(cron) : null;
  const times = error || !cron.trim() ? [] : nextRunTimes(cron, 5);
  return (
    <div aria-live="polite" data-testid="cron-preview">
      {!cron.trim() ? (
        <Typography.Text type="secondary">输入 Cron 表达式后显示最近五次执行时间</Typography.Text>
      ) : error ? (
        <Typography.Text type="danger">{error}</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {times.map((t) => (
            <li key={t.getTime()}>{chinaTimeText(t)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The job chosen; on a new job it fills in the job's usual schedule and parameter. Each job exists once:
 * on 新增 the ones already there are marked 已存在 and cannot be picked (the server would refuse them).
 */
function JobKeySelect({ value, onChange, disabled, id }: { value?: string; onChange?: (v: string) => void; disabled?: boolean; id?: string }) {
  const form = Form.useFormInstance();
  const existing = useQuery({
    queryKey: EXISTING_KEY,
    queryFn: async () => new Set(unwrap(await quartzJobApi.list({ pageNo: 1, pageSize: 100 })).records.map((r) => r.jobKey)),
    enabled: !disabled,
    staleTime: 0,
  });
  const taken = disabled ? new Set<string>() : (existing.data ?? new Set<string>());
  const allTaken = JOB_KEYS.every((key) => taken.has(key));
  return (
    <Select
      id={id}
      value={value}
      disabled={disabled}
      loading={existing.isFetching}
      placeholder={allTaken ? '系统提供的任务都已存在：请编辑已有任务，或删除后重新新增' : '请选择任务'}
      options={JOB_KEYS.map((key) => ({
        value: key,
        disabled: taken.has(key),
        label: `${JOB_DEFINITIONS[key].title}（${key}）${taken.has(key) ? ' · 已存在' : ''}`,
      }))}
      onChange={(key: string) => {
        onChange?.(key);
        if (!isJobKey(key)) return;
        const def = JOB_DEFINITIONS[key];
        form.setFieldsValue({ cronExpression: def.cron, parameter: JSON.stringify(def.parameter), description: def.summary });
      }}
    />
  );
}

/** What the chosen job does and the parameter it takes by default. */
function JobSummary() {
  const form = Form.useFormInstance();
  const key = Form.useWatch('jobKey', form) as string | undefined;
  if (!key || !isJobKey(key)) return null;
  return <Typography.Text type="secondary">默认参数：{JSON.stringify(JOB_DEFINITIONS[key].parameter)}</Typography.Text>;
}

function fields(mode: FormMode) {
  return [
    {
      name: 'jobKey',
      label: '任务',
      required: true,
      input: <JobKeySelect disabled={mode === 'edit'} />,
      rules: [zodRule(jobKeyField)],
      extra: mode === 'edit' ? '任务不能更换，请新建' : '只能选择系统提供的任务',
    },
    {
      name: 'cronExpression',
      label: 'Cron 表达式',
      required: true,
      input: <Input placeholder="如 0 30 2 * * ?（秒 分 时 日 月 周，北京时间）" autoComplete="off" />,
      rules: [cronRule],
      validateDebounce: 200,
    },
    { name: 'nextRuns', label: '最近五次执行', input: <CronPreview /> },
    {
      name: 'parameter',
      label: '参数',
      input: <Input.TextArea rows={3} placeholder='JSON 对象，如 {"days": 180}；留空使用默认参数' spellCheck={false} style={{ fontFamily: 'monospace' }} />,
      rules: [parameterRule],
      dependencies: ['jobKey'],
      extra: <JobSummary />,
    },
    { name: 'description', label: '描述', input: <Input.TextArea rows={2} placeholder="请输入描述" />, rules: [zodRule(shape.description)] },
    {
      name: 'status',
      label: '状态',
      input: (
        <Radio.Group
          options={[
            { value: JobStatus.running, label: '正常' },
            { value: JobStatus.paused, label: '停止' },
          ]}
        />
      ),
    },
  ];
}

const toBody = (values: Record<string, unknown>, mode: FormMode, record: QuartzJobRecord | null): QuartzJobBody => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  jobKey: mode === 'edit' && record ? record.jobKey : String(values.jobKey ?? ''),
  cronExpression: String(values.cronExpression ?? ''),
  parameter: (values.parameter as string | undefined)?.trim() || null,
  description: (values.description as string | undefined) || null,
  status: Number(values.status ?? JobStatus.running) as 0 | -1,
});

const outcomeTag = (outcome: JobOutcome | null) => (outcome ? <Tag color={OUTCOME_COLORS[outcome]}>{JobOutcomeText[outcome]}</Tag> : null);

/** 立即执行: the run happens on the server now; its outcome is shown, a failure with its error text. */
async function executeNow(job: QuartzJobRecord, reload: () => void) {
  try {
    const answer = await quartzJobCalls.execute({ id: job.id });
    if (!answer.success) {
      feedback().message.error(answer.message);
      return;
    }
    const run = answer.result;
    const show = run.outcome === 'success' ? feedback().modal.success : feedback().modal.error;
    show({
      title: `「${job.jobTitle}」${run.outcome === 'success' ? '执行成功' : '执行失败'}`,
      content: (
        <>
          <p>耗时 {run.durationMs ?? 0} 毫秒。</p>
          {run.message && <p>{run.message}</p>}
          {run.errorText && <Typography.Paragraph type="danger">{run.errorText}</Typography.Paragraph>}
        </>
      ),
      okText: '知道了',
    });
  } catch (error) {
    showFailure(error);
  } finally {
    reload();
  }
}

/** 定时任务 (system/QuartzJobList): the registry's jobs, their schedule, start / stop / run now, and their history. */
export function QuartzJobList() {
  const reload = useReloadList(LIST_KEY);
  const [history, setHistory] = useState<QuartzJobRecord | null>(null);
  const stateActions = useFlowActions(quartzJobFlow, { onChanged: reload, only: ['resume', 'pause'] }).rowActions;
  const rowActions = useMemo<RowAction<QuartzJobRecord>[]>(
    () => [
      ...stateActions.map((a) => ({ ...a, inline: true })),
      {
        key: 'execute',
        label: '立即执行',
        code: QuartzJobPerm.execute,
        confirm: (job: QuartzJobRecord) => quartzJobFlow.actions.execute.confirm(job),
        onClick: (job: QuartzJobRecord) => executeNow(job, reload),
      },
      { key: 'runs', label: '执行记录', code: QuartzJobPerm.list, onClick: (job: QuartzJobRecord) => setHistory(job) },
    ],
    [stateActions, reload],
  );

  const definition = useMemo<ListDefinition<QuartzJobRecord, QuartzJobBody>>(
    () => ({
      key: LIST_KEY,
      ...resourceList(quartzJobResource, quartzJobApi),
      detail: false,
      actionColumnWidth: 220,
      search: [
        { name: 'jobKey', label: '任务', type: 'select', options: JOB_KEYS.map((key) => ({ value: key, label: JOB_DEFINITIONS[key].title })) },
        { name: 'status', label: '状态', type: 'dict', dictCode: 'quartz_status' },
      ],
      columns: [
        {
          title: '任务',
          dataIndex: 'jobKey',
          render: (_: unknown, job: QuartzJobRecord) => (
            <Space orientation="vertical" size={0}>
              <span>{job.jobTitle}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {job.jobKey}
              </Typography.Text>
            </Space>
          ),
        },
        { title: 'Cron 表达式', dataIndex: 'cronExpression', width: 150, render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
        { title: '参数', dataIndex: 'parameter', width: 180, ellipsis: true, defaultHidden: true },
        { title: '描述', dataIndex: 'description', ellipsis: true, defaultHidden: true },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          align: 'center',
          render: (value: number, job: QuartzJobRecord) => (
            <Space size={4}>
              <Tag color={value === JobStatus.running ? 'green' : 'default'}>{job.status_dictText}</Tag>
              {job.running && <Tag color="processing">执行中</Tag>}
            </Space>
          ),
        },
        { title: '下次执行', dataIndex: 'nextRunTime', width: 170, render: (value: string | null) => value ?? '—' },
        {
          title: '上次执行',
          dataIndex: 'lastRunTime',
          width: 230,
          render: (value: string | null, job: QuartzJobRecord) =>
            value ? (
              <Space size={4}>
                {value}
                {outcomeTag(job.lastOutcome)}
              </Space>
            ) : (
              '—'
            ),
        },
      ],
      form: { width: 720, fields: (mode) => fields(mode), initialValues: { status: JobStatus.running }, toBody },
      rowActions,
    }),
    [rowActions],
  );

  return (
    <>
      <ListPage definition={definition} />
      <JobRunsDrawer job={history} onClose={() => setHistory(null)} />
    </>
  );
}

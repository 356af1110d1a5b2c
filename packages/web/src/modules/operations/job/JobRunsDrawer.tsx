import { JobOutcomeText, JobTriggerText, type QuartzJobRecord, type QuartzJobRun } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { unwrap } from '../../../platform/result.ts';
import { quartzJobCalls } from './quartzJob.api.ts';
import { durationText, OUTCOME_COLORS } from './job.options.ts';

const PAGE_SIZE = 10;

/** 执行记录: a job's runs, newest first, with their duration, outcome, error text and the process that ran them. */
export function JobRunsDrawer({ job, onClose }: { job: QuartzJobRecord | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: ['system', 'quartzJob', 'runs', job?.id, page],
    queryFn: async ({ signal }) => unwrap(await quartzJobCalls.runList({ jobId: job!.id, pageNo: page, pageSize: PAGE_SIZE }, { signal })),
    enabled: job !== null,
    staleTime: 0,
  });
  return (
    <Drawer
      title={job ? `执行记录：${job.jobTitle}` : '执行记录'}
      open={job !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      size={960}
      destroyOnHidden
    >
      <DataTable<QuartzJobRun>
        loading={runs.isFetching}
        dataSource={runs.data?.records ?? []}
        empty="还没有执行记录"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: runs.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
        }}
        columns={[
          { title: '开始时间', dataIndex: 'startTime', width: 170 },
          { title: '方式', dataIndex: 'trigger', width: 70, render: (value: QuartzJobRun['trigger']) => JobTriggerText[value] },
          { title: '耗时', dataIndex: 'durationMs', width: 100, align: 'right', render: (value: number | null) => durationText(value) },
          {
            title: '结果',
            dataIndex: 'outcome',
            width: 80,
            align: 'center',
            render: (value: QuartzJobRun['outcome']) => <Tag color={OUTCOME_COLORS[value]}>{JobOutcomeText[value]}</Tag>,
          },
          {
            title: '说明',
            key: 'message',
            // the error text in the row itself (an expand column beside it stood empty on every successful run)
            render: (_: unknown, run: QuartzJobRun) =>
              run.errorText ? (
                <Typography.Paragraph
                  type="danger"
                  style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                  ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}
                >
                  {run.errorText}
                </Typography.Paragraph>
              ) : (
                (run.message ?? '')
              ),
          },
          { title: '进程', key: 'process', width: 170, render: (_: unknown, run: QuartzJobRun) => `${run.host}:${run.pid}` },
        ]}
      />
    </Drawer>
  );
}

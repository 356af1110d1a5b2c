import type { ApprovalRecord, ApprovalTodo, MenuNode, MyAnnouncementSendRecord } from '@sbwq/contracts';
import { Badge, Card, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { ellipsis, formatDate } from '../../../platform/format.ts';
import { unwrap } from '../../../platform/result.ts';
import { useSession } from '../../../platform/session.ts';
import { myNoticeApi } from '../../isps/isps.api.ts';
import { APPROVAL_TODO_PATH, approvalApi, RESULT_COLORS } from '../../approval/approval.api.ts';
import styles from '../dashboard.module.css';
import { usePanelQuery } from '../panels/usePanelQuery.ts';

const SHOWN = 5;
export const APPROVAL_LIST_PATH = '/rights/approval/list';
export const MY_NOTICES_PATH = '/isps/userAnnouncement';
const SHORT_TIME = 'YYYY-MM-DD HH:mm';

/** A list card: skeleton, 暂无数据, or the rows; 查看全部 opens the full list. */
/** One row: what it is, and who and when below. */
function RowMeta({ title, description }: { title: ReactNode; description: string }) {
  return (
    <>
      <div className={styles.rowTitle}>{title}</div>
      <div className={styles.rowDescription}>{description}</div>
    </>
  );
}

function ListCard<T>({ title, more, loading, rows, item }: { title: string; more: string; loading: boolean; rows: T[]; item: (row: T) => ReactNode }) {
  return (
    <Card title={title} extra={<Link to={more}>查看全部</Link>} styles={{ body: { paddingTop: 8, paddingBottom: 8 } }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : rows.length ? (
        <ul className={styles.rows}>
          {rows.map((row, i) => (
            <li key={i}>{item(row)}</li>
          ))}
        </ul>
      ) : (
        <EmptyData />
      )}
    </Card>
  );
}

/** 我的待办: the newest of what waits for my decision (the approvals workbench). */
export function TodoPanel() {
  const todo = usePanelQuery(['todo'], (signal) => approvalApi.todo({ pageNo: 1, pageSize: SHOWN, column: 'submitTime', order: 'desc' }, signal).then(unwrap));
  const total = todo.data?.total ?? 0;
  return (
    <ListCard<ApprovalTodo>
      title={`我的待办${todo.data ? `（${total}）` : ''}`}
      more={APPROVAL_TODO_PATH}
      loading={todo.isPending}
      rows={todo.data?.records ?? []}
      item={(row) => (
        <RowMeta
          title={
            <Link to={`${APPROVAL_TODO_PATH}?${new URLSearchParams({ bizType: row.bizType })}`}>
              <Space size={4} wrap>
                <Tag>{row.bizType_dictText ?? row.bizType}</Tag>
                {ellipsis(row.bizTitle)}
              </Space>
            </Link>
          }
          description={`${row.orgName}　${row.node_dictText ?? ''}　提交于 ${formatDate(row.submitTime, SHORT_TIME)}`}
        />
      )}
    />
  );
}

/** 最近动态: the latest decisions on what I may see (staff: all; an organisation: its own business). */
export function RecentApprovalsPanel() {
  const recent = usePanelQuery(['recentApprovals'], (signal) =>
    approvalApi.list({ pageNo: 1, pageSize: SHOWN, column: 'approveTime', order: 'desc' }, signal).then(unwrap),
  );
  return (
    <ListCard<ApprovalRecord>
      title="最近动态"
      more={APPROVAL_LIST_PATH}
      loading={recent.isPending}
      rows={recent.data?.records ?? []}
      item={(row) => (
        <RowMeta
          title={
            <Space size={4} wrap>
              <Tag color={RESULT_COLORS[row.result]}>{row.result_dictText ?? row.result}</Tag>
              {ellipsis(`${row.bizType_dictText ?? ''}：${row.bizTitle ?? ''}`)}
            </Space>
          }
          description={`${row.approverName}　${row.node_dictText ?? ''}　${formatDate(row.approveTime, SHORT_TIME)}`}
        />
      )}
    />
  );
}

/** 最新公告: my newest messages, unread marked. */
export function AnnouncementsPanel() {
  const notices = usePanelQuery(['myNotices'], (signal) => myNoticeApi.list({ pageNo: 1, pageSize: SHOWN }, signal).then(unwrap));
  return (
    <ListCard<MyAnnouncementSendRecord>
      title="最新公告"
      more={MY_NOTICES_PATH}
      loading={notices.isPending}
      rows={notices.data?.records ?? []}
      item={(row) => (
        <RowMeta
          title={
            <Link to={MY_NOTICES_PATH}>
              <Badge dot={row.readFlag === '0'} offset={[6, 0]}>
                {ellipsis(row.titile)}
              </Badge>
            </Link>
          }
          description={`${row.sender ?? ''}　${formatDate(row.sendTime, SHORT_TIME)}`}
        />
      )}
    />
  );
}

/** The screens of the user's own menu (what their roles open), the home pages left out. */
export function quickLinks(menu: MenuNode[], exclude: string[], limit = 8): { path: string; title: string }[] {
  const found: { path: string; title: string }[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.hidden || node.route === '0' || node.meta.internalOrExternal) continue;
      if (node.children?.length) walk(node.children);
      else if (node.component && !exclude.includes(node.path)) found.push({ path: node.path, title: node.meta.title });
    }
  };
  walk(menu);
  return found.slice(0, limit);
}

/** 快捷入口: by role, from the menu the server gave this user. */
export function QuickLinksPanel({ exclude }: { exclude: string[] }) {
  const menu = useSession((state) => state.menu) ?? [];
  const links = quickLinks(menu, exclude);
  return (
    <Card title="快捷入口">
      {links.length ? (
        <Space wrap size={[8, 8]}>
          {links.map((link) => (
            <Link key={link.path} to={link.path}>
              <Tag style={{ padding: '4px 10px', fontSize: 14 }}>{link.title}</Tag>
            </Link>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">暂无数据</Typography.Text>
      )}
    </Card>
  );
}

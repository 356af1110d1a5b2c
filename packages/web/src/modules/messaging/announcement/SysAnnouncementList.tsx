import { PlusOutlined } from '@ant-design/icons';
import { AnnouncementPerm, announcementResource, PRIORITIES, PRIORITY_TAG, SEND_STATUS, type AnnouncementRecord } from '@sbwq/contracts';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { Access } from '../../../components/access/Access.tsx';
import type { DetailItem } from '../../../components/detail/DetailModal.tsx';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { NoticeContent } from '../../../components/notice/NoticeContent.tsx';
import { PriorityTag } from '../../../components/notice/PriorityTag.tsx';
import { announcementApi, type AnnouncementBody } from './announcement.api.ts';
import { AnnouncementModal, OPEN_TYPE_OPTIONS } from './AnnouncementModal.tsx';
import { splitUserIds } from './UserIdsInput.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

export const LIST_KEY = 'system-announcement';
export const RELEASE_CONFIRM = '确定要发布吗?';
export const REVOKE_CONFIRM = '确定要撤销吗?';
/** send_status tag colours: 未发布, 已发布, 已撤销 */
export const SEND_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'orange' };

const released = (record: AnnouncementRecord) => record.sendStatus === SEND_STATUS.released;

const detail: DetailItem<AnnouncementRecord>[] = [
  { label: '标题', field: 'titile', span: 3 },
  { label: '消息类型', render: (r) => <DictTag code="msg_category" value={r.msgCategory} text={r.msgCategory_dictText} /> },
  { label: '优先级', render: (r) => <PriorityTag priority={r.priority} /> },
  {
    label: '通告对象',
    render: (r) => (
      <>
        <DictTag code="msg_type" value={r.msgType} text={r.msgType_dictText} />
        {r.msgType === 'USER' && `（${splitUserIds(r.userIds).length} 人）`}
      </>
    ),
  },
  { label: '发布状态', render: (r) => <DictTag code="send_status" value={r.sendStatus} text={r.sendStatus_dictText} colors={SEND_STATUS_COLORS} /> },
  { label: '发布人', render: (r) => r.senderName ?? r.sender },
  { label: '发布时间', field: 'sendTime' },
  { label: '开始时间', field: 'startTime' },
  { label: '结束时间', field: 'endTime' },
  { label: '撤销时间', field: 'cancelTime' },
  { label: '打开方式', render: (r) => OPEN_TYPE_OPTIONS.find((o) => o.value === r.openType)?.label ?? null },
  { label: '打开页面', field: 'openPage', span: 2 },
  { label: '摘要', field: 'msgAbstract', span: 3 },
  { label: '内容', render: (r) => <NoticeContent html={r.msgContent} />, span: 3 },
];

/**
 * 通告管理 (`system/SysAnnouncementList`; JEECG-API §5.2): search, add and edit (only while
 * not published: the server refuses a published one), 发布 and 撤销 with a confirmation, delete and
 * batch delete, 详情 with the body as users see it.
 */
export function SysAnnouncementList() {
  const [editing, setEditing] = useState<{ record: AnnouncementRecord | null } | null>(null);
  const reload = useReloadList(LIST_KEY);

  const definition = useMemo<ListDefinition<AnnouncementRecord, AnnouncementBody>>(
    () => ({
      key: LIST_KEY,
      ...resourceList(announcementResource, { list: announcementApi.list, remove: announcementApi.remove, removeBatch: announcementApi.removeBatch }),
      search: [
        { name: 'titile', label: '标题' },
        { name: 'msgCategory', label: '消息类型', type: 'dict', dictCode: 'msg_category' },
        { name: 'sendStatus', label: '发布状态', type: 'dict', dictCode: 'send_status' },
        { name: 'priority', label: '优先级', type: 'select', options: PRIORITIES.map((value) => ({ value, label: PRIORITY_TAG[value].text })), hidden: true },
        { name: 'sender', label: '发布人', hidden: true },
      ],
      columns: [
        { title: '标题', dataIndex: 'titile', ellipsis: true },
        {
          title: '消息类型',
          dataIndex: 'msgCategory',
          align: 'center',
          width: 90,
          render: (value, r) => <DictTag code="msg_category" value={value} text={r.msgCategory_dictText} />,
        },
        { title: '发布人', dataIndex: 'sender', align: 'center', width: 100, ellipsis: true, render: (value: string | null, r) => r.senderName ?? value },
        { title: '优先级', dataIndex: 'priority', align: 'center', width: 80, render: (value) => <PriorityTag priority={value} /> },
        {
          title: '通告对象',
          dataIndex: 'msgType',
          align: 'center',
          width: 90,
          render: (value, r) => <DictTag code="msg_type" value={value} text={r.msgType_dictText} />,
        },
        {
          title: '发布状态',
          dataIndex: 'sendStatus',
          align: 'center',
          width: 90,
          render: (value, r) => <DictTag code="send_status" value={value} text={r.sendStatus_dictText} colors={SEND_STATUS_COLORS} />,
        },
        { title: '发布时间', dataIndex: 'sendTime', kind: 'datetime', sorter: true },
        { title: '撤销时间', dataIndex: 'cancelTime', kind: 'datetime', sorter: true },
      ],
      detail,
      rowActions: [
        { key: 'edit', label: '编辑', code: AnnouncementPerm.edit, inline: true, visible: (r) => !released(r), onClick: (r) => setEditing({ record: r }) },
        {
          key: 'release',
          label: '发布',
          code: AnnouncementPerm.release,
          inline: true,
          visible: (r) => !released(r),
          confirm: RELEASE_CONFIRM,
          onClick: announcementApi.release,
        },
        {
          key: 'revoke',
          label: '撤销',
          code: AnnouncementPerm.release,
          inline: true,
          visible: released,
          confirm: REVOKE_CONFIRM,
          onClick: announcementApi.revoke,
        },
      ],
      toolbar: () => (
        <Access code={AnnouncementPerm.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
            新增
          </Button>
        </Access>
      ),
      actionColumnWidth: 200,
      // below this the table scrolls sideways rather than squeezing the title away
      scrollX: 1100,
    }),
    [],
  );

  return (
    <>
      <ListPage definition={definition} />
      <AnnouncementModal open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}

import { CheckOutlined } from '@ant-design/icons';
import { PRIORITIES, PRIORITY_TAG, type MyAnnouncementSendRecord } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { DictTag } from '../../components/dict/DictTag.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../components/list/types.ts';
import { useReloadList } from '../../components/list/useListData.ts';
import { MY_NOTICES_LIST_KEY, NOTICE_FEED_KEY, noticeApi, viewOfDelivery, type NoticeView } from '../../components/notice/notice.api.ts';
import { NoticeModal } from '../../components/notice/NoticeModal.tsx';
import { PriorityTag } from '../../components/notice/PriorityTag.tsx';
import { confirm } from '../../platform/feedback.ts';
import { useApiMutation } from '../../platform/useApiMutation.ts';
import { myNoticeApi } from './isps.api.ts';

export const READ_ALL_TEXT = '全部标注已读';
export const READ_ALL_CONFIRM = '是否全部标注已读?';
export const READ_FLAG = { unread: '0', read: '1' } as const;
export const READ_FLAG_OPTIONS = [
  { value: READ_FLAG.unread, label: '未读' },
  { value: READ_FLAG.read, label: '已读' },
];

function ReadFlagTag({ flag }: { flag: string }) {
  return flag === READ_FLAG.read ? <Tag>已读</Tag> : <Tag color="red">未读</Tag>;
}

/**
 * 我的消息 at /isps/userAnnouncement (`system/UserAnnouncementList`; spec §2 route table, JEECG-API
 * §5.2): the user's notices, unread first, with read state, search, 全部标注已读 and 查看, which opens
 * the notice modal and marks the notice read. The bell follows every change.
 */
export function UserAnnouncementList() {
  const [viewing, setViewing] = useState<NoticeView | null>(null);
  const reloadList = useReloadList(MY_NOTICES_LIST_KEY);
  const queryClient = useQueryClient();

  const reloadAll = useCallback(() => {
    reloadList();
    void queryClient.invalidateQueries({ queryKey: NOTICE_FEED_KEY });
  }, [reloadList, queryClient]);
  const { run: readAll } = useApiMutation<void>(() => myNoticeApi.readAll(), { onSuccess: reloadAll });

  const definition = useMemo<ListDefinition<MyAnnouncementSendRecord>>(() => {
    const handleView = async (record: MyAnnouncementSendRecord) => {
      setViewing(viewOfDelivery(record));
      if (record.readFlag === READ_FLAG.read) return;
      // The notice shows whether or not the mark succeeds; an unread one stays so, to be read again.
      await noticeApi.markRead(record.anntId).catch(() => undefined);
      reloadAll();
    };

    const handleReadAll = () => {
      confirm({
        title: '确认操作',
        content: READ_ALL_CONFIRM,
        onOk: () => readAll(),
      });
    };

    return {
      key: MY_NOTICES_LIST_KEY,
      entity: '消息',
      api: { list: myNoticeApi.list },
      // The server orders them itself: unread first, newest first.
      defaultSort: null,
      selectable: false,
      detail: false,
      search: [
        { name: 'titile', label: '标题' },
        { name: 'sender', label: '发布人' },
        { name: 'readFlag', label: '阅读状态', type: 'select', options: READ_FLAG_OPTIONS },
        { name: 'msgCategory', label: '消息类型', type: 'dict', dictCode: 'msg_category', hidden: true },
        { name: 'priority', label: '优先级', type: 'select', options: PRIORITIES.map((value) => ({ value, label: PRIORITY_TAG[value].text })), hidden: true },
      ],
      columns: [
        { title: '标题', dataIndex: 'titile', ellipsis: true },
        {
          title: '消息类型',
          dataIndex: 'msgCategory',
          align: 'center',
          width: 100,
          render: (value, r) => <DictTag code="msg_category" value={value} text={(r as { msgCategory_dictText?: string }).msgCategory_dictText} />,
        },
        { title: '发布人', dataIndex: 'sender', align: 'center', width: 110, ellipsis: true, render: (value: string | null, r) => r.senderName ?? value },
        { title: '发布时间', dataIndex: 'sendTime', kind: 'datetime' },
        { title: '优先级', dataIndex: 'priority', align: 'center', width: 90, render: (value) => <PriorityTag priority={value} /> },
        { title: '阅读状态', dataIndex: 'readFlag', align: 'center', width: 100, render: (value) => <ReadFlagTag flag={String(value)} /> },
      ],
      rowActions: [{ key: 'view', label: '查看', inline: true, onClick: (record) => handleView(record) }],
      toolbar: () => (
        <Button icon={<CheckOutlined />} onClick={handleReadAll}>
          {READ_ALL_TEXT}
        </Button>
      ),
      actionColumnWidth: 100,
      scrollX: 900,
    };
  }, [reloadAll, readAll]);

  return (
    <>
      <ListPage definition={definition} />
      <NoticeModal notice={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

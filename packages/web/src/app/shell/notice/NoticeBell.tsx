import { BellOutlined } from '@ant-design/icons';
import type { AnnouncementRecord, MenuNode } from '@sbwq/contracts';
import { Badge, Button, Popover, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { useReloadList } from '../../../components/list/useListData.ts';
import { useSession } from '../../../platform/session.ts';
import headerStyles from '../AppHeader.module.css';
import { useDevice } from '../../../platform/useDevice.ts';
import { MY_NOTICES_LIST_KEY, noticeApi, viewOfAnnouncement, type NoticeView } from '../../../components/notice/notice.api.ts';
import styles from './NoticeBell.module.css';
import { NoticeModal } from '../../../components/notice/NoticeModal.tsx';
import { PriorityTag } from '../../../components/notice/PriorityTag.tsx';
import { useNoticeFeed } from './useNoticeFeed.ts';
import { useNoticeSocket } from '../../../components/notice/useNoticeSocket.ts';

/** spec §9 "notice popover width 300"; §2 route table: the user notification list page. */
export const NOTICE_POPOVER_WIDTH = 300;
export const MY_NOTICES_PATH = '/isps/userAnnouncement';
export const NO_NOTICE_TEXT = '暂无消息';

type TabKey = 'annt' | 'sys';

/** Whether the signed-in user's menu has the page at `path`. */
export const inMenu = (nodes: MenuNode[] | null, path: string): boolean =>
  (nodes ?? []).some((node) => node.path === path || inMenu(node.children ?? null, path));

/**
 * The header bell (spec §2 "Announcement bell popover"; JeecgBoot HeaderNotice): a badge with the
 * unread count, and a 300 px popover with the 通知 and 系统消息 tabs (the five newest unread of each,
 * with title, publish time and priority tag) and 查看更多. Clicking a notice marks it read and opens
 * the notice modal. The feed polls every 6 s and reloads when the socket says something arrived.
 */
export function NoticeBell() {
  const feed = useNoticeFeed();
  useNoticeSocket(feed.reload);
  const reloadMyNotices = useReloadList(MY_NOTICES_LIST_KEY);
  const navigate = useNavigate();
  const device = useDevice();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TabKey>('annt');
  const [viewing, setViewing] = useState<NoticeView | null>(null);
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // 我的消息 is a menu page: a user without it (an organisation still onboarding) gets no dead link.
  const canSeeAll = useSession((state) => inMenu(state.menu, MY_NOTICES_PATH));

  const data = feed.data;
  const anntTotal = data?.anntMsgTotal ?? 0;
  const sysTotal = data?.sysMsgTotal ?? 0;
  const total = anntTotal + sysTotal;

  const handleOpenNotice = (record: AnnouncementRecord) => {
    setOpen(false);
    setViewing(viewOfAnnouncement(record));
    // The modal does not wait for this; a failed mark leaves the notice unread, to be read again.
    noticeApi
      .markRead(record.id)
      .catch(() => undefined)
      .finally(() => {
        feed.reload();
        reloadMyNotices();
      });
  };

  const handleMore = () => {
    setOpen(false);
    navigate(MY_NOTICES_PATH);
  };

  const list = (records: AnnouncementRecord[] | undefined) => {
    if (!records) {
      return <div className={styles.state}>{feed.loading ? <Spin size="small" /> : <EmptyData description={NO_NOTICE_TEXT} />}</div>;
    }
    if (records.length === 0)
      return (
        <div className={styles.state}>
          <EmptyData description={NO_NOTICE_TEXT} />
        </div>
      );
    return (
      <ul className={styles.list}>
        {records.map((record) => (
          <li key={record.id}>
            <button type="button" className={styles.item} onClick={() => handleOpenNotice(record)}>
              <span className={styles.itemBody}>
                <span className={styles.itemTitle} title={record.titile}>
                  {record.titile}
                </span>
                <span className={styles.itemTime}>发布时间：{record.sendTime ?? '-'}</span>
              </span>
              <PriorityTag priority={record.priority} />
            </button>
          </li>
        ))}
      </ul>
    );
  };

  // The panel is rendered at the end of the page, far from the bell in the Tab order: opening it takes
  // the focus there (Tab goes on to its tabs and items), and Escape brings it back to the bell.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => panelRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const handlePanelKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    bellRef.current?.focus();
  };

  const panel = (
    <div className={styles.panel} data-testid="notice-panel" ref={panelRef} role="dialog" aria-label="消息通知" tabIndex={-1} onKeyDown={handlePanelKeyDown}>
      <Tabs
        className={styles.tabs}
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        centered
        items={[
          { key: 'annt', label: `通知(${anntTotal})`, children: list(data?.anntMsgList) },
          { key: 'sys', label: `系统消息(${sysTotal})`, children: list(data?.sysMsgList) },
        ]}
      />
      {canSeeAll && (
        <div className={styles.footer}>
          <Button type="link" block onClick={handleMore}>
            查看更多
          </Button>
        </div>
      )}
    </div>
  );

  return (
    <span data-testid="header-notice-slot" className={styles.slot}>
      <Popover
        trigger="click"
        // On a phone the bell is not at the screen's edge: centred under it, antd shifts a 300 px
        // panel back inside the screen, which it does not do for bottomRight.
        placement={device === 'mobile' ? 'bottom' : 'bottomRight'}
        open={open}
        onOpenChange={setOpen}
        content={panel}
        arrow={{ pointAtCenter: true }}
        rootClassName="notice-popover"
        styles={{ container: { width: NOTICE_POPOVER_WIDTH, maxWidth: 'calc(100vw - 24px)', padding: 0 } }}
      >
        <button
          type="button"
          ref={bellRef}
          className={headerStyles.action}
          aria-expanded={open}
          aria-label={total > 0 ? `消息通知（${total}条未读）` : '消息通知'}
          title="消息通知"
        >
          <Badge count={total} size="small" overflowCount={99}>
            <BellOutlined className={styles.bellIcon} />
          </Badge>
        </button>
      </Popover>
      <NoticeModal notice={viewing} onClose={() => setViewing(null)} />
    </span>
  );
}

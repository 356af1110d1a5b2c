import { isInternalRoute } from '@sbwq/contracts';
import { Button, Divider, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { isClaimPage } from './claim.pages.ts';
import { openInNewWindow } from '../../platform/browser.ts';
import type { NoticeView } from './notice.api.ts';
import { NoticeContent } from './NoticeContent.tsx';
import styles from './NoticeModal.module.css';
import { PriorityTag } from './PriorityTag.tsx';

/** spec §9 "Default notice modal width 60%"; on a phone the dialog takes the screen's width. */
export const NOTICE_MODAL_WIDTH = { xs: '100%', md: '60%' } as const;
export const NOTICE_MODAL_TITLE = '通知消息';
export const HANDLE_TEXT = '去处理';
/**
 * spec §2 "Notice modal": the red reminder to upload expense-claim information in the payment
 * management menu. The spec words it in English only. It belongs to the notices whose 去处理 leads to
 * the claim pages (a closed batch whose money can be claimed, a claim sent back for invoices), not to
 * every notice with a page to go to.
 */
export const EXPENSE_REMINDER_TEXT = '温馨提示：请在“付款管理”菜单中上传报销信息。';

/**
 * The system's notices that ask for claim information (a closed batch with money to claim, a claim sent
 * back for invoices). Its other claim notices (已付款, 付款失败, review results) lead to the claim too but
 * ask for no upload, and the reminder would mislead there; a notice written by a person keeps it.
 */
const REMINDER_BUS_TYPES: ReadonlySet<string> = new Set(['claim_batch_closed', 'claim_returned']);
const asksForClaimInfo = (busType: string | null | undefined) => !busType || REMINDER_BUS_TYPES.has(busType);

type NoticeModalProps = {
  notice: NoticeView | null;
  onClose: () => void;
};

/**
 * The notice modal (spec §2 Dialogs; JeecgBoot ShowAnnouncement): title, sender and publish time,
 * the content, 关闭, and for openType url 去处理, which goes to openPage — a route of this app, or
 * an address the server allowed (SAFE_OPEN_HOSTS), opened in a new window.
 */
export function NoticeModal({ notice, onClose }: NoticeModalProps) {
  const navigate = useNavigate();
  const handle = notice?.openType === 'url' && notice.openPage ? notice.openPage : null;

  const handleGo = () => {
    if (!handle) return;
    onClose();
    if (isInternalRoute(handle)) navigate(handle);
    else if (/^https?:\/\//i.test(handle)) openInNewWindow(handle);
  };

  return (
    <Modal
      open={notice !== null}
      title={NOTICE_MODAL_TITLE}
      width={NOTICE_MODAL_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        handle && (
          <Button key="go" type="primary" onClick={handleGo}>
            {HANDLE_TEXT}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {notice && (
        <article>
          <h3 className={styles.title}>{notice.titile}</h3>
          <div className={styles.meta}>
            <span>发布人：{notice.senderName ?? notice.sender ?? '-'}</span>
            <span>发布时间：{notice.sendTime ?? '-'}</span>
            <PriorityTag priority={notice.priority} />
          </div>
          <Divider className={styles.divider} />
          <NoticeContent html={notice.msgContent} fallback={notice.msgAbstract} />
          {handle && isClaimPage(handle) && asksForClaimInfo(notice.busType) && <p className={styles.reminder}>{EXPENSE_REMINDER_TEXT}</p>}
        </article>
      )}
    </Modal>
  );
}

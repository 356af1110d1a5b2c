import { announcementFlow, announcementSendFlow, type AnnouncementRecord, type MyAnnouncementSendRecord, type Priority } from '@sbwq/contracts';
import { flowApi } from '../../platform/flowApi.ts';
import { unwrap } from '../../platform/result.ts';

const announcements = flowApi(announcementFlow);
const deliveries = flowApi(announcementSendFlow);

/** The user's own notification calls (spec §7 Notifications; JEECG-API §5.2). */
export const noticeApi = {
  /** The bell's feed. Silent: a failed load only stops the polling (spec §8 "Notification load failure"). */
  listByUser: (signal?: AbortSignal) => announcements.listByUser(undefined, { signal, silent: true }).then(unwrap),
  /** Marks the current user's delivery of one announcement read. */
  markRead: (anntId: string) => deliveries.markRead({ anntId }, { silent: true }),
};

/** Query keys: the bell's feed; 我的消息 is a list of the list kit. */
export const NOTICE_FEED_KEY = ['notice', 'listByUser'] as const;
export const MY_NOTICES_LIST_KEY = 'isps-user-announcement';

/** What the notice modal shows, from a bell item (an announcement) or a 我的消息 row (a delivery). */
export type NoticeView = {
  anntId: string;
  titile: string;
  sender: string | null;
  /** the sender's name (发布人), when the server gave it */
  senderName: string | null;
  sendTime: string | null;
  priority: Priority | null;
  msgContent: string | null;
  msgAbstract: string | null;
  openType: 'component' | 'url' | null;
  openPage: string | null;
  /** what the system wrote it about (a decision, a payment…); null for a notice written by a person */
  busType: string | null;
};

export function viewOfAnnouncement(record: AnnouncementRecord): NoticeView {
  const { id, titile, sender, senderName, sendTime, priority, msgContent, msgAbstract, openType, openPage, busType } = record;
  return { anntId: id, titile, sender, senderName: senderName ?? null, sendTime, priority, msgContent, msgAbstract, openType, openPage, busType };
}

export function viewOfDelivery(record: MyAnnouncementSendRecord): NoticeView {
  const { anntId, titile, sender, senderName, sendTime, priority, msgContent, msgAbstract, openType, openPage, busType } = record;
  return { anntId, titile, sender, senderName: senderName ?? null, sendTime, priority, msgContent, msgAbstract, openType, openPage, busType };
}

import type { MyAnnouncementSendRecord, Page } from '@sbwq/contracts';
import { http, type Query } from '../../platform/http.ts';

/** 我的消息 (JEECG-API §5.2 "My messages"): the current user's deliveries, and 全部已读. */
export const myNoticeApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<MyAnnouncementSendRecord>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', params, { signal }),
  readAll: () => http.put('/sys/sysAnnouncementSend/readAll'),
};

import { announcementSendFlow } from '@sbwq/contracts';
import { flowApi } from '../../platform/flowApi.ts';
import type { Query } from '../../platform/http.ts';

const flow = flowApi(announcementSendFlow);

/** 我的消息 (JEECG-API §5.2 "My messages"): the current user's deliveries, and 全部已读. */
export const myNoticeApi = {
  list: (params: Query, signal?: AbortSignal) => flow.list(params, { signal }),
  readAll: () => flow.readAll(undefined),
};

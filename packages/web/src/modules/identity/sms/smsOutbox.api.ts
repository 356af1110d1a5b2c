import { smsOutboxResource } from '@sbwq/contracts';
import { resourceApi } from '../../../platform/resourceApi.ts';

/** 短信发件箱 (sys_sms_outbox): what the development outbox "sent". */
export const smsOutboxApi = resourceApi(smsOutboxResource);

import { messageFlow, messageResource, messageTemplateFlow, messageTemplateResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 消息模板 (sys_sms_template) and 消息中心 (sys_sms), issue 38. */
export const messageTemplateApi = resourceApi(messageTemplateResource);
export type MessageTemplateBody = ResourceBody<typeof messageTemplateResource>;
export const messageApi = resourceApi(messageResource);
export type MessageBodyInput = ResourceBody<typeof messageResource>;

export const templateFlowApi = flowApi(messageTemplateFlow);
export const messageFlowApi = flowApi(messageFlow);

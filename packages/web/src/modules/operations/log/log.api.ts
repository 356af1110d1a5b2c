import { logResource } from '@sbwq/contracts';
import { resourceApi, type ResourceRecord } from '../../../platform/resourceApi.ts';

/**
 * 系统日志 (sys_log): 登录日志 and 操作日志, listed and exported. No delete: the server refuses it (the log
 * goes only by age, through the retention job), so the list offers neither 删除 nor 批量删除 nor 清空.
 */
export const logApi = { ...resourceApi(logResource), remove: undefined, removeBatch: undefined };
export type LogRecord = ResourceRecord<typeof logResource>;

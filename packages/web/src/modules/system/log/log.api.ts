import { LOG_CLEAR_ALL, logResource } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceRecord } from '../../../platform/resourceApi.ts';

/** 系统日志 (sys_log): 登录日志 and 操作日志, listed, exported and deleted as stock SysLogController. */
export const logApi = resourceApi(logResource);
export type LogRecord = ResourceRecord<typeof logResource>;

/** 清空日志: stock's `deleteBatch?ids=allclear`, both types at once. */
export const clearLogs = () => http.delete<unknown>(`${logResource.basePath}/deleteBatch`, { ids: LOG_CLEAR_ALL });

import { dataLogFlow, dataLogResource } from '@sbwq/contracts';
import { flowApi } from '../../platform/flowApi.ts';
import { resourceApi, type ResourceRecord } from '../../platform/resourceApi.ts';

/** 数据日志 (sys_data_log): the list, a record's versions, two versions compared, and the hash chain's 校验. */
export const dataLogApi = resourceApi(dataLogResource);
export type DataLogRecord = ResourceRecord<typeof dataLogResource>;
export const dataLogCalls = flowApi(dataLogFlow);

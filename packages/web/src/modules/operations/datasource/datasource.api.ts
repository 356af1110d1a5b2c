import { dataSourceFlow, dataSourceResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 多数据源 (sys_data_source): the sources the online reports read, and 测试连接. */
export const dataSourceApi = resourceApi(dataSourceResource);
export type DataSourceBody = ResourceBody<typeof dataSourceResource>;

export const dataSourceCalls = flowApi(dataSourceFlow);

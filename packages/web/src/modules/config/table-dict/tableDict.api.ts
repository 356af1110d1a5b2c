import { tableDictFlow, tableDictResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 表字典登记 (the registry of allowed table dictionaries, ARCHITECTURE "API conventions"). */
export const tableDictApi = resourceApi(tableDictResource);
export type TableDictBody = ResourceBody<typeof tableDictResource>;

const flow = flowApi(tableDictFlow);

/** The server's allow-list: the tables that may be registered, their selectable columns and fixed filters. */
export const tableDictSources = () => flow.sources(undefined).then(unwrap);

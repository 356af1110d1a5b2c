import { tableDictResource, type TableDictSource } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 表字典登记 (the registry of allowed table dictionaries, ARCHITECTURE "API conventions"). */
export const tableDictApi = resourceApi(tableDictResource);
export type TableDictBody = ResourceBody<typeof tableDictResource>;

/** The server's allow-list: the tables that may be registered, their selectable columns and fixed filters. */
export const tableDictSources = () => http.get<TableDictSource[]>(`${tableDictResource.basePath}/sources`).then(unwrap);

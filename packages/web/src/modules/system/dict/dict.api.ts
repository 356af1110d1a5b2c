import { DictItemPath, dictItemResource, dictResource, type DictItemTableBody, type DictRecord, type Envelope } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 数据字典 (JEECG-API §5.3): the dictionaries, and the items of one. */
export const dictApi = resourceApi(dictResource);
export type DictBody = ResourceBody<typeof dictResource>;
export const dictItemApi = resourceApi(dictItemResource);
export type DictItemBody = ResourceBody<typeof dictItemResource>;

/** spec §5 duplicate check: a dictionary code is unique among live and deleted dictionaries. */
export const checkDictCode = (dictCode: string, id?: string): Promise<Envelope<null>> =>
  http.get<null>('/sys/duplicate/check', { tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: dictCode, dataId: id }, { silent: true });

/** A value is unique within its dictionary; the answer's message says why not. */
export const checkItemValue = (dictId: string, itemValue: string, id?: string): Promise<Envelope<null>> =>
  http.get<null>(`${dictItemResource.basePath}/dictItemCheck`, { dictId, itemValue, id }, { silent: true });

/** 表格编辑 saved at once: every row or none; a refusal names its row. */
export const saveItemTable = (body: DictItemTableBody): Promise<Envelope<null>> => http.post<null>(DictItemPath.saveTable, body);

export const deletedDicts = () => http.get<DictRecord[]>(`${dictResource.basePath}/deleteList`).then(unwrap);
export const restoreDict = (id: string) => http.put(`${dictResource.basePath}/back/${encodeURIComponent(id)}`);
export const purgeDict = (id: string) => http.delete(`${dictResource.basePath}/deletePhysic/${encodeURIComponent(id)}`);

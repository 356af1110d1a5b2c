import { dictFlow, dictItemFlow, dictItemResource, dictResource, duplicateFlow, type DictItemTableBody } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 数据字典 (JEECG-API §5.3): the dictionaries, and the items of one. */
export const dictApi = resourceApi(dictResource);
export type DictBody = ResourceBody<typeof dictResource>;
export const dictItemApi = resourceApi(dictItemResource);
export type DictItemBody = ResourceBody<typeof dictItemResource>;

const dictFlowApi = flowApi(dictFlow);
const itemFlowApi = flowApi(dictItemFlow);
const duplicateApi = flowApi(duplicateFlow);

/** spec §5 duplicate check: a dictionary code is unique among live and deleted dictionaries. */
export const checkDictCode = (dictCode: string, id?: string) =>
  duplicateApi.check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: dictCode, dataId: id }, { silent: true });

/** A value is unique within its dictionary; the answer's message says why not. */
export const checkItemValue = (dictId: string, itemValue: string, id?: string) => itemFlowApi.dictItemCheck({ dictId, itemValue, id }, { silent: true });

/** 表格编辑 saved at once: every row or none; a refusal names its row. */
export const saveItemTable = (body: DictItemTableBody) => itemFlowApi.saveTable(body);

export const deletedDicts = () => dictFlowApi.deleteList(undefined).then(unwrap);
export const restoreDict = (id: string) => dictFlowApi.back({ id });
export const purgeDict = (id: string) => dictFlowApi.deletePhysic({ id });

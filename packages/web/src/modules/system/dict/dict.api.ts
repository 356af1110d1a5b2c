import type { DictItemRecord, DictRecord, Envelope, Page } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 数据字典 (JEECG-API §5.3). */
export type DictBody = { id?: string; dictName: string; dictCode: string; description?: string | null };
export type DictItemBody = { id?: string; dictId: string; itemText: string; itemValue: string; description?: string | null; sortOrder?: number | null; status?: string | number | null };

export const dictApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<DictRecord>>('/sys/dict/list', params, { signal }),
  add: (body: DictBody) => http.post('/sys/dict/add', body),
  edit: (body: DictBody) => http.put('/sys/dict/edit', body),
  remove: (dict: DictRecord) => http.delete('/sys/dict/delete', { id: dict.id }),
  removeBatch: (ids: string[]) => http.delete('/sys/dict/deleteBatch', { ids: ids.join(',') }),
};

export const dictItemApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<DictItemRecord>>('/sys/dictItem/list', params, { signal }),
  add: (body: DictItemBody) => http.post('/sys/dictItem/add', body),
  edit: (body: DictItemBody) => http.put('/sys/dictItem/edit', body),
  remove: (item: DictItemRecord) => http.delete('/sys/dictItem/delete', { id: item.id }),
  removeBatch: (ids: string[]) => http.delete('/sys/dictItem/deleteBatch', { ids: ids.join(',') }),
};

/** spec §5 duplicate check: a dictionary code is unique among live and deleted dictionaries. */
export const checkDictCode = (dictCode: string, id?: string): Promise<Envelope<null>> =>
  http.get<null>('/sys/duplicate/check', { tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: dictCode, dataId: id }, { silent: true });

/** A value is unique within its dictionary; the answer's message says why not. */
export const checkItemValue = (dictId: string, itemValue: string, id?: string): Promise<Envelope<null>> =>
  http.get<null>('/sys/dictItem/dictItemCheck', { dictId, itemValue, id }, { silent: true });

export const deletedDicts = () => http.get<DictRecord[]>('/sys/dict/deleteList').then(unwrap);
export const restoreDict = (id: string) => http.put(`/sys/dict/back/${encodeURIComponent(id)}`);
export const purgeDict = (id: string) => http.delete(`/sys/dict/deletePhysic/${encodeURIComponent(id)}`);

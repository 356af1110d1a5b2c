import type { Page, TableDictRecord, TableDictSource } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 表字典登记 (the registry of allowed table dictionaries, ARCHITECTURE "API conventions"). */
export type TableDictBody = {
  id?: string;
  tableName: string;
  textField: string;
  codeField: string;
  filterKey?: string | null;
  description?: string | null;
  enabled?: number;
};

export const tableDictApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<TableDictRecord>>('/sys/tableDict/list', params, { signal }),
  add: (body: TableDictBody) => http.post('/sys/tableDict/add', body),
  edit: (body: TableDictBody) => http.put('/sys/tableDict/edit', body),
  remove: (entry: TableDictRecord) => http.delete('/sys/tableDict/delete', { id: entry.id }),
  removeBatch: (ids: string[]) => http.delete('/sys/tableDict/deleteBatch', { ids: ids.join(',') }),
};

/** The server's allow-list: the tables that may be registered, their selectable columns and fixed filters. */
export const tableDictSources = () => http.get<TableDictSource[]>('/sys/tableDict/sources').then(unwrap);

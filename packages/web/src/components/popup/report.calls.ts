import { REPORT_CACHE_MS, reportFlow, type Envelope } from '@sbwq/contracts';
import { flowApi } from '../../platform/flowApi.ts';
import type { Query } from '../../platform/http.ts';
import { unwrap } from '../../platform/result.ts';
import type { ReportSource } from './ReportView.tsx';

/** The spec §7 online-report calls, for the report screens and the popup picker. */
export const reportCalls = flowApi(reportFlow);

/** The Excel export of a report's searched rows. */
export const reportExportUrl = (id: string) => `/online/cgreport/api/exportXls/${encodeURIComponent(id)}`;

const remembered = new Map<string, { at: number; answer: Promise<Envelope<unknown>> }>();

/**
 * Spec §7/§9: answers are remembered 30 s when the caller names a group id (several pickers of one
 * form share a report's columns and first page); without one every call goes to the server.
 */
export function grouped<T>(groupId: string | undefined, key: string, load: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
  if (!groupId) return load();
  const name = `${groupId}\n${key}`;
  const hit = remembered.get(name);
  if (hit && Date.now() - hit.at < REPORT_CACHE_MS) return hit.answer as Promise<Envelope<T>>;
  const answer = load();
  remembered.set(name, { at: Date.now(), answer });
  answer.then(
    (a) => (a.success ? undefined : remembered.delete(name)),
    () => remembered.delete(name),
  );
  return answer;
}

export const rpColumns = (code: string, groupId?: string) => grouped(groupId, `columns:${code}`, () => reportCalls.getRpColumns({ code }));
export const queryInfo = (id: string, groupId?: string) => grouped(groupId, `query:${id}`, () => reportCalls.getQueryInfo({ id }));
export const reportData = (id: string, query: Query, groupId?: string, signal?: AbortSignal) =>
  grouped(groupId, `data:${id}:${JSON.stringify(query)}`, () => reportCalls.getData({ id, ...query } as Parameters<typeof reportCalls.getData>[0], { signal }));

/** A report by code as a ReportView source. */
export function reportSource(code: string, groupId?: string): ReportSource {
  return {
    key: `report:${code}`,
    meta: async () => {
      const cols = unwrap(await rpColumns(code, groupId));
      const info = unwrap(await queryInfo(cols.cgRpConfigId, groupId));
      return { id: cols.cgRpConfigId, name: cols.cgRpConfigName, columns: cols.columns, dictOptions: cols.dictOptions, queryInfo: info };
    },
    rows: async (id, query, signal) => unwrap(await reportData(id, query, groupId, signal)),
  };
}

/** A table registered for the online-form list component, as a ReportView source. */
export function cgformSource(code: string): ReportSource {
  return {
    key: `cgform:${code}`,
    meta: async () => {
      const form = unwrap(await reportCalls.cgformColumns({ code }));
      return { id: form.code, name: form.name, columns: form.columns, dictOptions: form.dictOptions, queryInfo: form.queryInfo };
    },
    rows: async (id, query, signal) => unwrap(await reportCalls.cgformData({ code: id, ...query } as Parameters<typeof reportCalls.cgformData>[0], { signal })),
  };
}

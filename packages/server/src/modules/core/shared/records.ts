import { isCalendarDate } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { ListParams, ListResource } from '../../../platform/list/list-query.ts';
import type { DictService } from '../../config/dict/dict.service.ts';

/** `<field>_dictText` for the given field → dictionary code map (JEECG-API §6.2). */
export function dictTexts<T extends Record<string, unknown>>(dicts: DictService, rows: T[], fields: Record<string, string>) {
  return dicts.withDictText(rows, fields) as Promise<(T & Record<string, string>)[]>;
}

/**
 * list-query checks a date's shape but not the calendar: `2026-02-30` would reach PostgreSQL and fail
 * there. Until platform/list does it, the rights lists refuse such values first (400, not 500).
 */
export function checkDateParams(resource: ListResource, params: ListParams) {
  for (const [key, raw] of Object.entries(params)) {
    const name = key.replace(/_(begin|end|MultiString)$/, '');
    const type = resource.fields[name]?.type;
    if (type !== 'date' && type !== 'datetime') continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      for (const m of String(value ?? '').matchAll(/(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/g)) {
        const timeOk = m[2] === undefined || (Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60);
        if (!isCalendarDate(m[1]) || !timeOk) throw new BizError(`查询条件 ${name} 不是有效日期`, 500, 400);
      }
    }
  }
}

import dayjs, { type Dayjs } from 'dayjs';
import type { Query } from '../../platform/http.ts';
import type { SearchField } from './types.ts';

const DATE = 'YYYY-MM-DD';

/** The search form's values as JeecgBoot query parameters (JEECG-API §6.1: `*x*` LIKE, `_begin`/`_end`). */
export function toSearchParams(fields: SearchField[], values: Record<string, unknown>): Query {
  const params: Query = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    switch (field.type) {
      case undefined:
      case 'text': {
        const text = String(value).trim();
        if (text) params[field.name] = field.exact ? text : `*${text}*`;
        break;
      }
      case 'dateRange': {
        const [begin, end] = value as [Dayjs | null, Dayjs | null];
        if (begin) params[`${field.name}_begin`] = begin.format(DATE);
        if (end) params[`${field.name}_end`] = end.format(DATE);
        break;
      }
      default:
        params[field.name] = Array.isArray(value) ? value.join(',') : (value as string | number);
    }
  }
  return params;
}

/**
 * The search form's values from an address's query (`?expiryFlag=expiringSoon&expireDate_begin=…`), so
 * a dashboard figure opens its list already filtered. Only the list's own search fields are read.
 */
export function fromSearchParams(fields: SearchField[], query: URLSearchParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'dateRange') {
      const begin = query.get(`${field.name}_begin`);
      const end = query.get(`${field.name}_end`);
      if (begin || end) values[field.name] = [begin ? dayjs(begin) : null, end ? dayjs(end) : null];
      continue;
    }
    const value = query.get(field.name);
    if (value) values[field.name] = field.type === undefined || field.type === 'text' ? value.replace(/^\*|\*$/g, '') : value;
  }
  return values;
}

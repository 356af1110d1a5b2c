import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '@sbwq/contracts';
import { MAX_PAGE_SIZE, type FieldSpec, type ListResource } from './list-query.ts';

/** A filter value is at most this long (longer ones are refused before they reach a query). */
const MAX_FILTER_LENGTH = 500;

const VALUE_FORMS: Record<FieldSpec['type'], string> = {
  string: '文本：精确值；*值* 包含，值* 开头，*值 结尾；a,b 为其中之一；,a,b, 包含其中之一；!值 不等于',
  number: '数字：精确值；a,b 为其中之一；!值 不等于；">= 值"、"<= 值"、"> 值"、"< 值"、"!= 值" 比较（运算符后有空格）',
  date: '日期 YYYY-MM-DD：精确值；a,b 为其中之一；">= 值" 等比较',
  datetime: '时间 YYYY-MM-DD HH:mm:ss（或 YYYY-MM-DD，按北京时间）：">= 值" 等比较',
};

const filterParam = (description: string) => z.string().max(MAX_FILTER_LENGTH).optional().describe(description);

const paging = {
  pageNo: z.string().max(10).optional().describe('页码，从 1 开始，默认 1'),
  pageSize: z.string().max(10).optional().describe(`每页条数，默认 ${DEFAULT_PAGE_SIZE}，最多 ${MAX_PAGE_SIZE}`),
};

/**
 * The query schema of a list route, written from the same whitelist `parseListParams` reads: paging,
 * sorting and each filterable field (with `_begin`/`_end` for numbers and dates), so the OpenAPI page
 * shows the real parameters instead of a catch-all. `extra` documents the route's own parameters
 * (a parent id, a derived flag). Other parameters still pass through unvalidated and are ignored by
 * the whitelist, as JeecgBoot ignores them (the stock client adds `_t`, `field`, `superQueryParams`).
 */
export function listQuerySchema(resource: ListResource, extra: z.ZodRawShape = {}) {
  const fields = Object.entries(resource.fields);
  const sortable = fields.filter(([, spec]) => spec.sort !== false).map(([name]) => name);
  const defaultSort = resource.defaultSort ? `；默认按 ${resource.defaultSort.field} ${resource.defaultSort.order === 'asc' ? '升序' : '降序'}` : '';
  const shape: Record<string, z.ZodType> = { ...paging };
  if (sortable.length) {
    shape.column = z
      .string()
      .max(100)
      .optional()
      .describe(`排序字段（也接受 字段_dictText）：${sortable.join('、')}${defaultSort}`);
    shape.order = z.string().max(10).optional().describe('排序方向：asc 升序，desc 降序（默认）');
  }
  for (const [name, spec] of fields) {
    if (spec.filter === false) continue;
    shape[name] = filterParam(`按 ${spec.column.name} 筛选，${VALUE_FORMS[spec.type]}`);
    if (spec.type !== 'string') {
      shape[`${name}_begin`] = filterParam(`${name} 不小于（范围起点，含）`);
      const wholeDay = spec.type === 'datetime' ? '；只写日期时到当天 23:59:59' : '';
      shape[`${name}_end`] = filterParam(`${name} 不大于（范围终点，含${wholeDay}）`);
    }
  }
  return z.looseObject({ ...shape, ...extra });
}

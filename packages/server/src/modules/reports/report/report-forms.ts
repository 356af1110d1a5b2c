import { SORTABLE_REPORT_TYPES, type ReportAccess, type ReportColumn } from '@sbwq/contracts';

/**
 * Tables the stock online-form list component (`OnlCgformAutoList`, menu address `/online/cgformList/<code>`)
 * may show as a built-in read-only list. Only these: the code from the address is a key here, never a
 * table name, and each lists the columns it shows, so nothing else of the table is read.
 */
export type RegisteredForm = { code: string; name: string; table: string; access: ReportAccess; columns: ReportColumn[]; defaultSort: string };

const column = (fieldName: string, fieldTxt: string, more: Partial<ReportColumn> = {}): ReportColumn => ({
  fieldName,
  fieldTxt,
  fieldType: 'String',
  isShow: true,
  isSearch: false,
  searchMode: 'single',
  dictCode: null,
  fieldWidth: null,
  orderNum: 0,
  ...more,
  // numbers and dates sort unless a column says otherwise (as 解析SQL ticks them)
  isOrder: more.isOrder ?? SORTABLE_REPORT_TYPES.includes(more.fieldType ?? 'String'),
});

export const REGISTERED_FORMS: readonly RegisteredForm[] = [
  {
    code: 'sys_position',
    name: '职务',
    table: 'sys_position',
    access: 'staff',
    defaultSort: 'code',
    columns: [
      column('code', '职务编码', { isSearch: true, searchMode: 'like', isOrder: true }),
      column('name', '职务名称', { isSearch: true, searchMode: 'like' }),
      column('post_rank', '职级', { dictCode: 'position_rank' }),
      column('create_time', '创建时间', { fieldType: 'Datetime', isOrder: true }),
    ],
  },
  {
    code: 'fin_capital_pool',
    name: '资金池',
    table: 'fin_capital_pool',
    access: 'staff',
    defaultSort: 'pool_code',
    columns: [
      column('pool_code', '资金池编号', { isSearch: true, searchMode: 'like', isOrder: true }),
      column('pool_name', '资金池名称', { isSearch: true, searchMode: 'like' }),
      column('pool_year', '年度', { fieldType: 'Integer', isOrder: true }),
      column('valid_from', '生效日期', { fieldType: 'Date', isOrder: true }),
      column('valid_to', '截止日期', { fieldType: 'Date' }),
    ],
  },
];

export const formOf = (code: string): RegisteredForm | undefined => REGISTERED_FORMS.find((f) => f.code === code);

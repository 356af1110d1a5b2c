import type { Envelope, Page, PermCodes } from '@sbwq/contracts';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { Query } from '../../platform/http.ts';
import type { DetailItem } from '../detail/DetailModal.tsx';
import type { KindColumn } from './columnKinds.tsx';

/**
 * The one explicit definition that drives a list screen (STYLE.md "A list screen is driven by one
 * explicit definition"): what to call, what to show, what to search and edit, who may do what.
 */
export type ListDefinition<T extends object, B = Record<string, unknown>> = {
  /** query-cache key of the list; lists sharing it refresh together */
  key: string;
  /** what one row is, for dialog titles: 新增用户, 编辑用户 */
  entity: string;
  /**
   * The feature's codes from contracts (`XxxPerm`, made by `permCodes`): toolbar and row buttons need
   * its add, edit, delete, export, import (spec §6); an action it does not name needs `<prefix>:<action>`.
   * Without it the list guards nothing: no guarded button shows, every column does (我的消息).
   */
  permission?: PermCodes;
  /** codes that do not follow the feature's */
  codes?: Partial<Record<ListAction, string>>;
  /** field prefix of column permissions (spec §6, type "1"); default the feature's prefix and a colon */
  columnPrefix?: string;
  rowKey?: (keyof T & string) | ((record: T) => string);
  api: ListApi<T, B>;
  columns: ListColumn<T>[];
  search?: SearchField[];
  form?: FormDefinition<T, B>;
  /** 详情 items; default: the columns; false: no 详情 */
  detail?: DetailItem<T>[] | false;
  detailColumns?: number;
  rowActions?: RowAction<T>[];
  /** the resource's own actions on the selected rows, beside 批量删除 and 导出选中 */
  batchActions?: BatchAction<T>[];
  /** extra toolbar content (after 新增, 导出, 导入), given the selection */
  toolbar?: (context: ListContext<T>) => ReactNode;
  /** sort sent while the user has chosen none (JeecgListMixin: createTime desc); null sends none */
  defaultSort?: Sort | null;
  /** rows can be selected (selection bar, 批量删除); default true */
  selectable?: boolean;
  /** file name used when the export answer names none */
  exportName?: string;
  /** width of the 操作 column until its buttons are measured (it then fits the widest row's buttons) */
  actionColumnWidth?: number;
  /** scroll width of the table when more than its columns add up to (see `tableScrollX`) */
  scrollX?: number;
};

export type ListAction = 'add' | 'edit' | 'delete' | 'export' | 'import';

/**
 * A list column: antd's, with a `kind` for amounts and dates (`columnKinds.tsx`: width, alignment and
 * formatting set by the kit) and `defaultHidden` for a column shown only once the user ticks it in 列设置
 * (what a list shows by default fits a 1440 px screen without a sideways scroll).
 */
export type ListColumn<T> = KindColumn<T> & { defaultHidden?: boolean };

export type Sort = { column: string; order: 'asc' | 'desc' };

export type ListApi<T, B> = {
  list: (params: Query, signal?: AbortSignal) => Promise<Envelope<Page<T>>>;
  add?: (body: B) => Promise<Envelope<unknown>>;
  edit?: (body: B) => Promise<Envelope<unknown>>;
  remove?: (record: T) => Promise<Envelope<unknown>>;
  removeBatch?: (ids: string[]) => Promise<Envelope<unknown>>;
  /** GET address of the Excel export of the current filter */
  exportUrl?: string;
  /** the export takes `selections=id1,id2` (导出选中); without it only the filter is exported */
  exportSelections?: boolean;
  /** POST address of the multipart Excel import */
  importUrl?: string;
  /** GET address of the empty import template (.xlsx header row); without it no 下载模板 */
  importTemplateUrl?: string;
};

/** An action on the selected rows; its answer is shown, and a success clears the selection and reloads. */
export type BatchAction<T> = {
  key: string;
  label: ReactNode;
  /** permission code; without it the action shows for everybody */
  code?: string;
  icon?: ReactNode;
  danger?: boolean;
  /** asks first, given the number of selected rows */
  confirm?: (count: number) => string;
  onClick: (keys: string[], rows: T[], context: ListContext<T>) => Promise<Envelope<unknown>>;
};

type SearchBase = {
  name: string;
  label: string;
  /** shown only when the search form is expanded (展开) */
  hidden?: boolean;
};

/** A search field and how its value becomes a JeecgBoot query parameter (JEECG-API §6.1). */
export type SearchField = SearchBase &
  (
    | { type?: 'text'; /** sent as typed; default: `*value*` (LIKE) */ exact?: boolean }
    | { type: 'dict'; dictCode: string }
    | { type: 'select'; options: { label: string; value: string | number }[] }
    | { type: 'dateRange' }
    | { type: 'custom'; input: ReactNode }
  );

export type FormMode = 'add' | 'edit';

export type FormField = {
  name: string;
  label: string;
  input: ReactNode;
  rules?: FormRule[];
  /** shows the required mark (the rules carry the check) */
  required?: boolean;
  extra?: ReactNode;
  valuePropName?: string;
  dependencies?: string[];
  /** ms to wait after typing before validating (server checks) */
  validateDebounce?: number;
};

export type FormDefinition<T, B> = {
  width?: number;
  fields: (mode: FormMode, record: T | null) => FormField[];
  initialValues?: Record<string, unknown>;
  /** form values of a record to edit (e.g. its roles fetched); default: the record */
  load?: (record: T) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** request body of the form values; default: the values, plus the id on edit */
  toBody?: (values: Record<string, unknown>, mode: FormMode, record: T | null) => B;
};

export type ListContext<T> = {
  reload: () => void;
  openAdd: (initial?: Record<string, unknown>) => void;
  openEdit: (record: T) => void;
  openDetail: (record: T) => void;
  selectedKeys: string[];
  selectedRows: T[];
  clearSelection: () => void;
  /** the filter of the current list (search form + screen params) */
  params: Query;
};

export type RowAction<T> = {
  key: string;
  label: ReactNode | ((record: T) => ReactNode);
  /** permission code; without it the action shows for everybody */
  code?: string;
  visible?: (record: T) => boolean;
  /** asks first: Popconfirm inline, a confirm dialog in 更多 */
  confirm?: string | ((record: T) => string);
  danger?: boolean;
  /** inline link instead of an entry of 更多 */
  inline?: boolean;
  /** shown but not usable (spec §6 authorisation strategy "2"); ListPage sets it from `code` */
  disabled?: boolean;
  /** an answer it returns is shown, and a success reloads the list */
  onClick: (record: T, context: ListContext<T>) => void | Promise<Envelope<unknown> | void>;
};

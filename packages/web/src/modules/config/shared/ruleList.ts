import type { ListColumn, SearchField } from '../../../components/list/types.ts';

/** 规则名称 and 规则编码: what the check-rule and fill-rule lists are searched by. */
export const RULE_SEARCH: SearchField[] = [
  { name: 'ruleName', label: '规则名称' },
  { name: 'ruleCode', label: '规则编码' },
];

/** The columns both rule lists begin with. */
export const ruleNameColumns = <T>(): ListColumn<T>[] => [
  { title: '规则名称', dataIndex: 'ruleName', sorter: true },
  { title: '规则编码', dataIndex: 'ruleCode', sorter: true },
];

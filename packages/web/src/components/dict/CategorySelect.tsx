import type { CategoryTreeNode } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { http } from '../../platform/http.ts';
import { unwrap } from '../../platform/result.ts';
import { EmptyData } from '../list/EmptyData.tsx';

/** GET /sys/category/loadTreeData: the category tree (or the subtree under pcode), nested. */
export function fetchCategoryTree(pcode: string | undefined, signal?: AbortSignal): Promise<CategoryTreeNode[]> {
  return http.get<CategoryTreeNode[]>('/sys/category/loadTreeData', pcode ? { pcode } : undefined, { signal }).then(unwrap);
}

type TreeOption = { title: string; value: string; key: string; isLeaf: boolean; children?: TreeOption[] };

const toOptions = (nodes: CategoryTreeNode[]): TreeOption[] =>
  nodes.map((node) => ({
    title: node.title,
    value: node.value,
    key: node.key,
    isLeaf: node.isLeaf,
    ...(node.children?.length ? { children: toOptions(node.children) } : {}),
  }));

type CategorySelectProps = Omit<TreeSelectProps<string | string[]>, 'treeData' | 'value' | 'onChange' | 'multiple'> & {
  /** only the categories under the one with this code (e.g. `A01`); the whole tree when absent */
  pcode?: string;
  /** category id, or a comma list of ids when multiple */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
};

/**
 * A category picker (JeecgBoot `j-category-select`): a searchable tree select over the 分类字典 tree
 * from loadTreeData. The value is the category id (a comma list of ids when multiple), as the
 * `sys_category,name,id` table dictionary translates it.
 */
export function CategorySelect({ pcode, value, onChange, multiple = false, placeholder = '请选择', ...rest }: CategorySelectProps) {
  const tree = useQuery({
    queryKey: ['category', 'tree', pcode ?? ''],
    queryFn: ({ signal }) => fetchCategoryTree(pcode, signal),
    staleTime: 60_000,
  });
  const selected = value === null || value === undefined || value === '' ? undefined : multiple ? value.split(',').filter(Boolean) : value;
  return (
    <TreeSelect<string | string[]>
      allowClear
      {...rest}
      multiple={multiple}
      placeholder={placeholder}
      loading={tree.isLoading}
      treeData={toOptions(tree.data ?? [])}
      value={selected}
      onChange={(next) => {
        const joined = Array.isArray(next) ? next.join(',') : next;
        onChange?.(joined ? joined : undefined);
      }}
      showSearch={{ treeNodeFilterProp: 'title' }}
      notFoundContent={<EmptyData />}
    />
  );
}

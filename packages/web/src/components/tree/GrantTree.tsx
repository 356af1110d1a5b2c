import { Button, Space, Spin, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { EmptyData } from '../list/EmptyData.tsx';

/** A node of the permission trees the grant calls answer ({treeList}: JEECG-API §3.2, §3.3). */
export type GrantNode = {
  key: string;
  title?: string;
  slotTitle?: string;
  ruleFlag?: number;
  menuType?: number;
  children?: GrantNode[];
};

type GrantTreeProps = {
  nodes: GrantNode[];
  checked: string[];
  onChange: (keys: string[]) => void;
  loading?: boolean;
  /** extra content after a node's title (e.g. a 数据规则 link) */
  renderExtra?: (node: GrantNode) => ReactNode;
};

export function allKeys(nodes: GrantNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

function parentKeys(nodes: GrantNode[]): string[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.key, ...parentKeys(node.children)] : []));
}

/**
 * What a linked (父子关联) tree may be given as checked without changing the grant: leaves, and
 * parents all of whose descendants are granted. A parent granted with only some children shows
 * half-checked; the rest follow from its children.
 */
export function linkedCheckedKeys(nodes: GrantNode[], granted: Set<string>): string[] {
  const out: string[] = [];
  const walk = (node: GrantNode): boolean => {
    const children = node.children ?? [];
    const allChildren = children.map(walk).every(Boolean);
    const full = granted.has(node.key) && allChildren;
    if (full) out.push(node.key);
    return full;
  };
  nodes.forEach(walk);
  return out;
}

const titleOf = (node: GrantNode) => node.slotTitle ?? node.title ?? node.key;

/**
 * The checkable permission tree of the role, department and department-role grants, as JeecgBoot's
 * RoleModal: parents and children are independent by default (checkStrictly), so a grant is exactly
 * the keys checked; 父子关联 links them, and then the half-checked parents are granted too (a menu
 * must be granted for its buttons to be reachable). 全部勾选, 取消全选, 展开全部, 折叠全部.
 */
export function GrantTree({ nodes, checked, onChange, loading, renderExtra }: GrantTreeProps) {
  const [linked, setLinked] = useState(false);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const parents = useMemo(() => parentKeys(nodes), [nodes]);
  const everything = useMemo(() => allKeys(nodes), [nodes]);
  const expandedKeys = expanded ?? parents;

  const treeData = useMemo(() => {
    const convert = (node: GrantNode): TreeDataNode => ({
      key: node.key,
      title: (
        <span>
          <span>{titleOf(node)}</span>
          {renderExtra?.(node)}
        </span>
      ),
      children: node.children?.length ? node.children.map(convert) : undefined,
    });
    return nodes.map(convert);
  }, [nodes, renderExtra]);

  const handleCheck: TreeProps['onCheck'] = (value, info) => {
    if (linked) {
      const keys = Array.isArray(value) ? value : value.checked;
      onChange([...new Set([...keys.map(String), ...(info.halfCheckedKeys ?? []).map(String)])]);
    } else {
      onChange((Array.isArray(value) ? value : value.checked).map(String));
    }
  };

  const checkedKeys = linked ? linkedCheckedKeys(nodes, new Set(checked)) : { checked, halfChecked: [] };

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setLinked((on) => !on)}>
          {linked ? '取消关联' : '父子关联'}
        </Button>
        <Button size="small" onClick={() => onChange(everything)}>
          全部勾选
        </Button>
        <Button size="small" onClick={() => onChange([])}>
          取消全选
        </Button>
        <Button size="small" onClick={() => setExpanded(parents)}>
          展开全部
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          折叠全部
        </Button>
      </Space>
      <Spin spinning={Boolean(loading)}>
        {nodes.length === 0 && !loading ? (
          <EmptyData />
        ) : (
          <Tree
            checkable
            blockNode
            selectable={false}
            checkStrictly={!linked}
            checkedKeys={checkedKeys}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={handleCheck}
            treeData={treeData}
          />
        )}
      </Spin>
    </div>
  );
}

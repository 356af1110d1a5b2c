import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, dbKind, json } from '../../../test/harness.ts';
import { sysUser } from '../../identity/user/user.table.ts';

/**
 * Issue 36, the stock client's system screens: `/sys/dict/loadTreeData` behind 分类字典's parent picker and
 * every JTreeSelect — tables and columns only from the server's registry, every value bound.
 */
describe(`/sys/dict/loadTreeData (stock JTreeSelect) on ${dbKind}`, async () => {
  const t = await createTestApp();
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(token);
  const tree = async (params: Record<string, string>) => json(await call('GET', `/sys/dict/loadTreeData?${new URLSearchParams(params)}`));
  // What SysCategoryModal's <j-tree-select dict="sys_category,name,id" pidField="pid" pidValue="0"> sends.
  const category = { tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', hasChildField: '', condition: '' };

  const root = json(await call('POST', '/sys/category/add', { pid: '0', name: '树形测试' })).result;
  const child = json(await call('POST', '/sys/category/add', { pid: root.id, name: '树形子节点' })).result;

  it('answers one level as the stock TreeSelectModel: key/value the code column, title the text, leaf and isLeaf from has_child', async () => {
    const roots = await tree({ ...category, pid: '0' });
    expect(roots.success).toBe(true);
    const node = roots.result.find((n: { key: string }) => n.key === root.id);
    expect(node).toEqual({ key: root.id, value: root.id, title: '树形测试', parentId: '0', isLeaf: false, leaf: false });
    const children = (await tree({ ...category, pid: root.id, hasChildField: 'has_child' })).result;
    expect(children).toEqual([{ key: child.id, value: child.id, title: '树形子节点', parentId: root.id, isLeaf: true, leaf: true }]);
    expect((await tree({ ...category, pid: root.id, condition: JSON.stringify({ name: '树形子节点' }) })).result).toHaveLength(1);
    expect((await tree({ ...category, pid: root.id, condition: JSON.stringify({ name: "x' or '1'='1" }) })).result).toEqual([]);
  });

  it('departments: deleted ones never shown, leaf computed from the children', async () => {
    const tops = (await tree({ tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id', pid: '' })).result as {
      key: string;
      leaf: boolean;
    }[];
    expect(tops.length).toBeGreaterThan(0);
    const withChildren = tops.find((n) => !n.leaf)!;
    const below = (await tree({ tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id', pid: withChildren.key })).result;
    expect(below.length).toBeGreaterThan(0);
  });

  it('hostile inputs are refused in Chinese and reach no SQL: unregistered tables and columns, a foreign pid field, SQL in condition keys, arrays', async () => {
    await t.database.db.insert(sysUser).values({ id: 'tree-secret', username: 'tree_secret', realname: '秘', password: 'argon2-hash-secret', orgCode: 'A01' });
    const refused = [
      [{ ...category, tableName: 'sys_user', text: 'password', code: 'id' }, '该表字典未登记，不允许查询'],
      [{ ...category, text: 'name from sys_user --' }, '该表字典未登记，不允许查询'],
      [{ tableName: 'sys_user', text: 'realname', code: 'id', pidField: 'username', pid: 'tree_secret' }, '该表字典不支持树形加载'],
      [{ ...category, pidField: 'code' }, '父级字段或子节点标记字段不在该树的登记范围内'],
      [{ ...category, pidField: 'pid) or (1=1' }, '父级字段或子节点标记字段不在该树的登记范围内'],
      [{ ...category, hasChildField: 'create_by' }, '父级字段或子节点标记字段不在该树的登记范围内'],
      [{ ...category, condition: JSON.stringify({ '1=1 or name': 'x' }) }, '查询条件须为 JSON 对象，且只能按登记的字段比较'],
      [{ ...category, condition: JSON.stringify({ create_by: 'admin' }) }, '查询条件须为 JSON 对象，且只能按登记的字段比较'],
      [{ ...category, condition: '[1]' }, '查询条件须为 JSON 对象，且只能按登记的字段比较'],
      [{ ...category, condition: '{"name":{"$ne":1}}' }, '查询条件须为 JSON 对象，且只能按登记的字段比较'],
      [{ ...category, condition: "name='x'" }, '查询条件须为 JSON 对象，且只能按登记的字段比较'],
    ] as const;
    for (const [params, message] of refused) expect(await tree({ pid: '0', ...params }), JSON.stringify(params)).toMatchObject({ success: false, message });
    expect((await t.request(null, 'GET', `/sys/dict/loadTreeData?${new URLSearchParams({ ...category, pid: '0' })}`)).statusCode).toBe(401);
  });
});

import { defineResource } from '@sbwq/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { http } from './http.ts';
import { resourceApi } from './resourceApi.ts';

const body = z.object({ name: z.string() });
const full = defineResource<{ id: string; name: string }>()({
  basePath: '/test/widget',
  entity: '示例物品',
  perm: {
    list: 'test:widget:list',
    add: 'test:widget:add',
    edit: 'test:widget:edit',
    delete: 'test:widget:delete',
    export: 'test:widget:export',
    import: 'test:widget:import',
  },
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: body,
  importTemplate: true,
});
const readOnly = defineResource<{ id: string }>()({ basePath: '/test/log', entity: '日志', perm: { list: 'test:log:list' }, routes: ['list', 'queryById'] });

describe('§4 one web resource skeleton: the typed API object of a declared resource', () => {
  afterEach(() => vi.restoreAllMocks());

  it('calls the standard JeecgBoot routes under the declared base path with the JeecgBoot methods and parameters', async () => {
    const answer = Promise.resolve({ success: true, code: 200, message: '', result: null, timestamp: 0 });
    const get = vi.spyOn(http, 'get').mockReturnValue(answer);
    const post = vi.spyOn(http, 'post').mockReturnValue(answer);
    const put = vi.spyOn(http, 'put').mockReturnValue(answer);
    const del = vi.spyOn(http, 'delete').mockReturnValue(answer);
    const api = resourceApi(full);
    await api.list({ pageNo: 1 });
    await api.queryById('a1');
    await api.add!({ name: '登记证' });
    await api.edit!({ id: 'a1', name: '登记证书' });
    await api.remove!({ id: 'a1' });
    await api.removeBatch!(['a1', 'a2']);
    expect(get.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['/test/widget/list', { pageNo: 1 }],
      ['/test/widget/queryById', { id: 'a1' }],
    ]);
    expect(post).toHaveBeenCalledWith('/test/widget/add', { name: '登记证' });
    expect(put).toHaveBeenCalledWith('/test/widget/edit', { id: 'a1', name: '登记证书' });
    expect(del.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['/test/widget/delete', { id: 'a1' }],
      ['/test/widget/deleteBatch', { ids: 'a1,a2' }],
    ]);
    expect(api).toMatchObject({
      exportUrl: '/test/widget/exportXls',
      exportSelections: true,
      importUrl: '/test/widget/importExcel',
      importTemplateUrl: '/test/widget/importTemplate',
    });
  });

  it('offers only what the declaration lists, so a list screen shows no 新增, 删除, 导出 or 导入 it cannot do', () => {
    const api = resourceApi(readOnly);
    expect([api.add, api.edit, api.remove, api.removeBatch, api.exportUrl, api.importUrl, api.importTemplateUrl]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { allPositions, positionApi } from '../position/position.api.ts';
import { userApi } from '../user/user.api.ts';
import { tenantApi } from './tenant.api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the system screens call the routes their contract declares', () => {
  it('a tenant keeps its integer id: add sends it in the body, delete names it in the query', async () => {
    const sent: string[] = [];
    fakeServer({
      'POST /sys/tenant/add': (_url, init) => {
        sent.push(String(init.body));
        return { body: envelope(7) };
      },
      'DELETE /sys/tenant/delete': (url) => {
        sent.push(url.search);
        return { body: envelope(null) };
      },
    });
    await tenantApi.add!({ id: 7, name: '地方协会', status: 1 });
    await tenantApi.remove!({ id: 7 });
    expect(JSON.parse(sent[0])).toMatchObject({ id: 7, name: '地方协会' });
    expect(sent[1]).toBe('?id=7');
  });

  it('position and user lists, exports and imports are under their base paths; the 职务 select reads every position silently', async () => {
    fakeServer({
      'GET /sys/position/list': (url) => ({
        body: envelope({ records: [{ id: 'p1', code: url.searchParams.get('pageSize') }], total: 1, size: 1000, current: 1, pages: 1 }),
      }),
    });
    expect(await allPositions()).toEqual([{ id: 'p1', code: '1000' }]);
    expect(positionApi).toMatchObject({ exportUrl: '/sys/position/exportXls', exportSelections: true, importUrl: '/sys/position/importExcel' });
    // the stock 职务 screen offers no 下载模板
    expect(positionApi.importTemplateUrl).toBeUndefined();
    expect(userApi).toMatchObject({
      exportUrl: '/sys/user/exportXls',
      exportSelections: true,
      importUrl: '/sys/user/importExcel',
      importTemplateUrl: '/sys/user/importTemplate',
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictFlow, fillRuleFlow } from '@sbwq/contracts';
import { envelope, fakeServer } from '../test/fakeServer.ts';
import { flowApi } from './flowApi.ts';

afterEach(() => vi.unstubAllGlobals());

describe('flowApi: an action whose path has parameters', () => {
  it('puts them into the path, encoded, and sends the rest of the input as the query', async () => {
    const seen: string[] = [];
    fakeServer({
      'GET /sys/dict/*': (url) => {
        url.searchParams.delete('_t');
        seen.push(url.pathname.replace(/^\/jeecg-boot/, '') + url.search);
        return { body: envelope(['甲']) };
      },
    });
    const dict = flowApi(dictFlow);
    expect((await dict.loadDictItem({ dictCode: 'sys_user,realname,id', key: 'a,b' })).result).toEqual(['甲']);
    await dict.getDictText({ dictCode: 'sex', key: '1/2' });
    expect(seen).toEqual(['/sys/dict/loadDictItem/sys_user%2Crealname%2Cid?key=a%2Cb', '/sys/dict/getDictText/sex/1%2F2']);
  });

  it('sends the declared method when the route answers several (executeRuleByCode: GET, PUT too)', async () => {
    const fetchMock = fakeServer({ 'GET /sys/fillRule/executeRuleByCode/XS': () => ({ body: envelope('XS001') }) });
    expect((await flowApi(fillRuleFlow).executeRuleByCode({ ruleCode: 'XS' })).result).toBe('XS001');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { buildApp } from '../../../app.ts';
import { sysDictItem } from './dict.table.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(Boolean(redisUrl))('with REDIS_URL, a dictionary change clears the cache in every server process', async () => {
  const a = await createTestApp({ REDIS_URL: redisUrl ?? '' });
  const b = await buildApp(a.config, a.database.db);
  await b.app.ready();
  afterAll(() => b.app.close());
  const token = await a.loginAs('admin', ADMIN_PASSWORD);
  const headers = { 'X-Access-Token': token };

  it('refleshCache on one process makes the change visible on the other', async () => {
    const read = async () => json(await b.app.inject({ url: a.api('/sys/dict/queryAllDictItems'), headers })).result.yn;
    expect(await read()).toHaveLength(2);
    await a.database.db.update(sysDictItem).set({ itemText: '是的' }).where(eq(sysDictItem.itemText, '是'));
    expect((await read())[0].text).toBe('是');
    await a.inject({ url: a.api('/sys/dict/refleshCache'), headers });
    await expect.poll(async () => (await read())[0].text, { timeout: 3000 }).toBe('是的');
  });
});

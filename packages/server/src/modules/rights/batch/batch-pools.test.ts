import { describe, expect, it } from 'vitest';
import { BATCH_POOL_OPTIONS_PATH } from '@sbwq/contracts';
import { createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';

const PASSWORD = 'Passw0rd!pools';

describe(`线索批次 pool picker (${BATCH_POOL_OPTIONS_PATH}) on ${dbKind}`, async () => {
  const t = await createTestApp();
  await t.createUser({ username: 'fin_po', password: PASSWORD, roleIds: [RoleId.finance] });
  await t.createUser({ username: 'agent_po', password: PASSWORD, roleIds: [RoleId.agency] });
  await t.createUser({ username: 'rev_po', password: PASSWORD, roleIds: [RoleId.reviewer] });
  const finance = t.as(await t.loginAs('fin_po', PASSWORD));
  const agency = t.as(await t.loginAs('agent_po', PASSWORD));
  const reviewer = t.as(await t.loginAs('rev_po', PASSWORD));

  const addPool = async (poolName: string, subsidyPerCase: string | null, enable: boolean) => {
    const id = json(await finance('POST', '/rights/capitalPool/add', { poolName, fundSource: '1', poolYear: 2026, totalAmount: '100000', subsidyPerCase, orgCap: '50000' })).result as string;
    if (enable) expect(json(await finance('PUT', '/rights/capitalPool/enable', { id })).success).toBe(true);
    return id;
  };

  it('DOMAIN clue batch: an agency, which may not read 资金池, is offered the enabled pools that pay a subsidy per case', async () => {
    expect((await agency('GET', '/rights/capitalPool/list')).statusCode).toBe(403);
    const open = await addPool('可申请资金池', '300', true);
    await addPool('筹备中资金池', '300', false);
    await addPool('无补贴标准资金池', null, true);
    const answer = json(await agency('GET', BATCH_POOL_OPTIONS_PATH));
    expect(answer.success).toBe(true);
    expect(answer.result).toEqual([{ id: open, poolName: '可申请资金池', poolYear: 2026, subsidyPerCase: '300.00', orgCap: '50000.00', validTo: null }]);
  });

  it('§6 the picker belongs to who may add a batch: a reviewer is refused', async () => {
    expect((await reviewer('GET', BATCH_POOL_OPTIONS_PATH)).statusCode).toBe(403);
  });
});

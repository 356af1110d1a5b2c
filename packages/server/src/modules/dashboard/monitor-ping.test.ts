import { describe, expect, it } from 'vitest';
import { MONITOR_PING } from '@sbwq/contracts';
import { connect, listenLocal, pause } from '../../platform/socket/socket.testkit.ts';
import { batchRig } from '../rights/batch/batch.fixtures.ts';

describe('业务监控 live over the notification socket (spec §4 Sockets; dashboards: the monitor updates without reloading)', async () => {
  const s = await batchRig();
  const { rig, reviewer, a, rightA } = s;
  const base = `${await listenLocal(rig.app)}${rig.config.apiBase}`;

  it('a submission and a decision each ping every open notification socket once they commit; a refused one pings nobody', async () => {
    const staffTab = await connect(`${base}/websocket/${reviewer.id}`, [reviewer.token]);
    const id = await s.draft(a, rightA, 1);
    expect((await rig.call(a.token, 'POST', '/rights/threaded/submit', { id })).success).toBe(true);
    expect(await staffTab.next()).toEqual(MONITOR_PING);

    expect((await rig.call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass', approvedAmount: '1000' })).success).toBe(true);
    expect(await staffTab.next()).toEqual(MONITOR_PING);

    const before = staffTab.messages.length;
    expect((await rig.call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass', approvedAmount: '1000' })).success).toBe(false);
    await pause(150);
    expect(staffTab.messages).toHaveLength(before);
  });
});

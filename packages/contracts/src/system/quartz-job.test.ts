import { describe, expect, it } from 'vitest';
import {
  cronError,
  JOB_DEFINITIONS,
  JOB_KEYS,
  jobClassNameOf,
  jobKeyOfClassName,
  nextRunTimes,
  parseJobParameter,
  quartzJobAddBody,
  QuartzJobMsg,
} from './quartz-job.ts';

// Issue #25 定时任务: the cron expression is validated and its next five run times shown while typing
// (the same functions on the server and in the browser); the parameter is JSON checked per job.

describe('定时任务 cron expressions (issue #25)', () => {
  it('accepts 5, 6 and 7 fields (minutes first, seconds first, with a year) and Quartz\'s "?"', () => {
    for (const cron of ['*/5 * * * *', '0 0 2 * * ?', '0 30 2 * * *', '* * * * * *', '0 0 9 1 1 ? 2099']) expect(cronError(cron), cron).toBeNull();
  });

  it('refuses with a Chinese reason: empty, the wrong number of fields, a value out of range, a date that never comes', () => {
    expect(cronError('  ')).toBe(QuartzJobMsg.cronRequired);
    expect(cronError('* * *')).toBe(QuartzJobMsg.cronFields);
    expect(cronError('0 0 0 0 0 0 0 0')).toBe(QuartzJobMsg.cronFields);
    expect(cronError('61 * * * *')).toBe(QuartzJobMsg.cronInvalid);
    expect(cronError('0 0 25 * * *')).toBe(QuartzJobMsg.cronInvalid);
    expect(cronError('abc def * * *')).toBe(QuartzJobMsg.cronInvalid);
    expect(cronError('0 0 2 * * ? 2020')).toBe(QuartzJobMsg.cronNever);
  });

  it('reads the expression in China time: 02:30 every day is 18:30 UTC the day before', () => {
    const from = new Date('2026-11-26T00:00:00Z');
    expect(nextRunTimes('0 30 2 * * *', 3, from).map((d) => d.toISOString())).toEqual([
      '2026-11-26T18:30:00.000Z',
      '2026-11-27T18:30:00.000Z',
      '2026-11-28T18:30:00.000Z',
    ]);
    expect(nextRunTimes('0 0 9 * * 1', 5, from)).toHaveLength(5);
    expect(nextRunTimes('61 * * * *', 5, from)).toEqual([]);
  });
});

describe("定时任务 parameters, JSON checked by each job's schema (issue #25)", () => {
  it('every seeded default parameter and cron expression passes its own checks', () => {
    for (const key of JOB_KEYS) {
      const def = JOB_DEFINITIONS[key];
      expect(cronError(def.cron), key).toBeNull();
      expect(parseJobParameter(key, JSON.stringify(def.parameter)).ok, key).toBe(true);
    }
  });

  it('an empty parameter means the defaults', () => {
    expect(parseJobParameter('logRetention', '')).toEqual({ ok: true, value: { days: 180, chunk: 1000 } });
    expect(parseJobParameter('rightExpiryReminder', null)).toEqual({ ok: true, value: { days: [90, 30, 7] } });
  });

  it('refuses text that is not a JSON object, values out of range, repeated days and unknown keys, naming the field', () => {
    expect(parseJobParameter('logRetention', '{days: 1}')).toEqual({ ok: false, error: QuartzJobMsg.parameterJson });
    expect(parseJobParameter('logRetention', '[1]')).toEqual({ ok: false, error: QuartzJobMsg.parameterJson });
    expect(parseJobParameter('logRetention', '{"days": 0}')).toEqual({ ok: false, error: '参数 days：保留天数须在1到3650之间' });
    expect(parseJobParameter('logRetention', '{"days": "30"}')).toEqual({ ok: false, error: '参数 days：保留天数须为整数' });
    expect(parseJobParameter('rightExpiryReminder', '{"days": [30, 30]}')).toEqual({ ok: false, error: '参数 days：提醒天数不能重复' });
    expect(parseJobParameter('rightExpiryReminder', '{"days": [90, 400]}')).toEqual({ ok: false, error: '参数 days[1]：提醒天数须在1到365之间' });
    expect(parseJobParameter('ledgerReconcile', '{"className": "java.lang.Runtime"}')).toEqual({ ok: false, error: '不认识的参数：className' });
  });

  it('the add body puts each message under its own field and refuses a key the registry does not have', () => {
    const bad = quartzJobAddBody.safeParse({ jobKey: 'logRetention', cronExpression: '61 * * * *', parameter: '{"days": -1}' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cronExpression', QuartzJobMsg.cronInvalid],
      ['parameter', '参数 days：保留天数须在1到3650之间'],
    ]);
    const unknown = quartzJobAddBody.safeParse({ jobKey: 'org.jeecg.modules.quartz.job.SampleJob', cronExpression: '0 0 2 * * ?' });
    expect(unknown.error!.issues[0]).toMatchObject({ path: ['jobKey'], message: QuartzJobMsg.keyUnknown });
    expect(quartzJobAddBody.parse({ jobKey: 'statsWarmup', cronExpression: ' 0  */10 * * * * ', status: '-1' })).toMatchObject({
      cronExpression: '0 */10 * * * *',
      status: -1,
    });
  });

  it("the stock client's jobClassName names a registry job (issue 36): the full class, the short class or the key; any other class is refused by name", () => {
    expect(jobClassNameOf('logRetention')).toBe('org.jeecg.modules.quartz.job.LogRetentionJob');
    expect(JOB_KEYS.every((key) => jobKeyOfClassName(jobClassNameOf(key)) === key)).toBe(true);
    expect(jobKeyOfClassName('LogRetentionJob')).toBe('logRetention');
    expect(jobKeyOfClassName('logRetention')).toBe('logRetention');
    expect(jobKeyOfClassName('org.jeecg.modules.quartz.job.SampleJob')).toBeNull();
    expect(quartzJobAddBody.parse({ jobClassName: ' org.jeecg.modules.quartz.job.StatsWarmupJob ', cronExpression: '0 */10 * * * *' })).toMatchObject({
      jobClassName: ' org.jeecg.modules.quartz.job.StatsWarmupJob ',
    });
    const sample = quartzJobAddBody.safeParse({ jobClassName: 'org.jeecg.modules.quartz.job.SampleJob', cronExpression: '0 0 2 * * ?' });
    expect(sample.error!.issues[0]).toMatchObject({ path: ['jobClassName'], message: QuartzJobMsg.classUnknown('org.jeecg.modules.quartz.job.SampleJob') });
    expect(quartzJobAddBody.safeParse({ cronExpression: '0 0 2 * * ?' }).error!.issues[0]).toMatchObject({
      path: ['jobKey'],
      message: QuartzJobMsg.keyRequired,
    });
  });
});

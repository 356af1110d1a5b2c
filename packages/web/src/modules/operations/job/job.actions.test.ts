import { availableActions, JobStatus, jobOffers, quartzJobFlow, type QuartzJobRecord } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';

// Issue 37: a job's 启动 / 停止 are offered by one contracts rule (jobOffers), the one the server refuses by.

const job = (status: number) => ({ id: 'j1', jobTitle: '消息发送', status }) as QuartzJobRecord;
const offered = (status: number) => availableActions(quartzJobFlow, job(status), () => true);

describe('定时任务 row actions follow the job status (issue 37)', () => {
  it('a running job offers 停止 and 立即执行, not 启动', () => {
    expect(offered(JobStatus.running)).toEqual(['pause', 'execute']);
  });

  it('a stopped job offers 启动 and 立即执行, not 停止', () => {
    expect(offered(JobStatus.paused)).toEqual(['resume', 'execute']);
  });

  it('the buttons are the rule the server refuses by', () => {
    expect(jobOffers('resume', job(JobStatus.paused))).toBe(true);
    expect(jobOffers('resume', job(JobStatus.running))).toBe(false);
    expect(jobOffers('pause', job(JobStatus.running))).toBe(true);
    expect(jobOffers('pause', job(JobStatus.paused))).toBe(false);
  });
});

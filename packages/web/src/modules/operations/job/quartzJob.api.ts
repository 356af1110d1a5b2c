import { quartzJobFlow, quartzJobResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 定时任务 (sys_quartz_job): the registry's jobs, their schedules and their run history. */
export const quartzJobApi = resourceApi(quartzJobResource);
export type QuartzJobBody = ResourceBody<typeof quartzJobResource>;

export const quartzJobCalls = flowApi(quartzJobFlow);

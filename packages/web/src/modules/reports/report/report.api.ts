import { reportResource } from '@sbwq/contracts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** Online报表 configurations (`/online/cgreport/head/*`); the report calls are the kit's (components/popup/report.calls.ts). */
export const reportApi = resourceApi(reportResource);
export type ReportBody = ResourceBody<typeof reportResource>;

import { tenantResource } from '@sbwq/contracts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 租户 (sys_tenant): integer ids chosen on add. */
export const tenantApi = resourceApi(tenantResource);
export type TenantFormBody = ResourceBody<typeof tenantResource>;

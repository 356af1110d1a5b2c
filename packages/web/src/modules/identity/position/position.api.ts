import { positionResource, type Page, type PositionRecord } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 职务 (sys_position), scoped by the server to the request's tenant. */
export const positionApi = resourceApi(positionResource);
export type PositionFormBody = ResourceBody<typeof positionResource>;

/** Every position of the tenant, oldest first, for the user form's 职务 select; none when the list is refused. */
export const allPositions = () =>
  http
    .get<Page<PositionRecord>>(`${positionResource.basePath}/list`, { pageNo: 1, pageSize: 1000, column: 'createTime', order: 'asc' }, { silent: true })
    .then((answer) => (answer.success ? answer.result.records : []));

import type { FastifyInstance } from 'fastify';
import { Msg, PositionMsg, positionBody, positionResource, type PositionRecord } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { dictValueOf, resourceExcel } from '../../../platform/resource/resource-excel.ts';
import { columnsOf, importColumnsOf } from '../../../platform/excel/excel.ts';
import * as service from './position.service.ts';

/** The stock SysPosition's Excel columns (its 公司id and 组织机构编码 are not ours to set): 职级 as its text. */
const excel = resourceExcel({
  title: '职务表',
  asciiName: 'positions.xlsx',
  columns: columnsOf<PositionRecord>({ code: '职务编码', name: ['职务名称', 24], postRank: ['职级', (p) => p.postRank_dictText ?? p.postRank ?? ''] }),
  list: service.listPositions,
  importColumns: importColumnsOf({ code: '*职务编码', name: '*职务名称', postRank: '职级' }),
  body: positionBody,
  add: service.addPosition,
  toBody: async (ctx, values) => ({ ...values, postRank: await dictValueOf(ctx, 'position_rank', '职级', values.postRank) }),
});

/** 职务管理 (JEECG-API §4.5), scoped to the request's tenant. */
export async function positionRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, positionResource, {
    tags: ['职务管理'],
    listResource: service.positionWhitelist,
    service: { ...service.resource, ...excel },
    messages: { added: PositionMsg.added, edited: PositionMsg.edited, deleted: PositionMsg.deleted, batchDeleted: PositionMsg.batchDeleted, queried: Msg.ok },
  });
}

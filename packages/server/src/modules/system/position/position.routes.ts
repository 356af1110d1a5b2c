import type { FastifyInstance } from 'fastify';
import { Msg, PositionMsg, positionResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './position.service.ts';

/** 职务管理 (JEECG-API §4.5), scoped to the request's tenant. */
export async function positionRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, positionResource, {
    tags: ['职务管理'],
    listResource: service.positionWhitelist,
    service: {
      list: service.listPositions,
      byId: service.positionById,
      add: service.addPosition,
      edit: service.editPosition,
      remove: service.deletePositions,
    },
    messages: { added: PositionMsg.added, edited: PositionMsg.edited, deleted: PositionMsg.deleted, batchDeleted: PositionMsg.batchDeleted, queried: Msg.ok },
  });
}

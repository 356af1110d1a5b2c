import type { FastifyInstance } from 'fastify';
import { duplicateFlow } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { answer, registerFlow } from '../../../platform/flow/flow-routes.ts';
import { checkDuplicate } from './duplicate.service.ts';

export async function duplicateRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, duplicateFlow, {
    tags: ['重复校验'],
    docs: {
      check: {
        description:
          '只接受服务端登记的 (表, 字段)，如 sys_user 的 username/phone/email/work_no、sys_role.role_code、sys_dict.dict_code、sys_depart.org_code、sys_category.code、sys_fill_rule.rule_code、sys_check_rule.rule_code、sys_position.code、onl_cgreport_head.code、sys_data_source.code、sys_sms_template.template_code、sys_permission.perms、sys_depart_role.role_code；已逻辑删除的行也算存在。编辑时传 dataId 排除自身。可用：该值可用！；已存在：该值不可用，系统中已存在！',
      },
    },
    // the answer's message says whether the value is free
    handlers: { check: async (c, query) => answer(null, await checkDuplicate(c.db, query)) },
  });
}

import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysCheckRule } from './check-rule.table.ts';

/** JeecgBoot's `common` rule (JEECG-API §5.4): first character a letter; letters, digits and `_` only; 3–12 long. */
export const COMMON_RULE = [
  { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
  { digits: '*', pattern: '^[0-9a-zA-Z_]{0,}$', message: '只能填写数字、大小写字母、下划线' },
  { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
  { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位数' },
];

export async function seedCheckRules(db: Db): Promise<void> {
  await db
    .insert(sysCheckRule)
    .values({
      id: newId(),
      ruleName: '通用编码规则',
      ruleCode: 'common',
      ruleJson: JSON.stringify(COMMON_RULE),
      ruleDescription: '首位字母；只能包含字母、数字和下划线；长度3–12位',
      createBy: 'system',
    })
    .onConflictDoNothing();
}

import type { FormRule } from 'antd';

/** What a form rule needs of a zod schema (structural, so the web needs no zod import of its own). */
export type Parser = {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: { message: string }[] } };
};

/**
 * An antd rule from one field of a shared contracts schema (STYLE.md: forms derive their rules from
 * the schemas the server validates with), so both sides refuse the same input with the same words.
 * An empty input counts as absent.
 */
export function zodRule(schema: Parser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const input = value === '' || value === null ? undefined : value;
      const result = schema.safeParse(input);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入不正确');
    },
  };
}

/**
 * A rule that asks the server whether a value is still free (spec §5 "Duplicate-value and rule-code
 * checks: call the server and show the returned message on failure").
 */
export function serverCheckRule(check: (value: string) => Promise<{ success: boolean; message: string }>): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || String(value).trim() === '') return;
      const answer = await check(String(value).trim());
      if (!answer.success) throw new Error(answer.message);
    },
  };
}

import { isStrongPassword, Msg, PASSWORD_RULE_MESSAGE } from '@sbwq/contracts';
import type { FormRule } from 'antd';

/** spec §5 "Change password" messages word for word, with the strength rule of new passwords. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: Msg.newPasswordRequired },
  { validator: (_, value: string | undefined) => (!value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MESSAGE))) },
];

export const confirmPasswordRules = (field = 'password'): FormRule[] => [
  { required: true, message: Msg.confirmPasswordRequired },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(Msg.passwordsDiffer)),
  }),
];

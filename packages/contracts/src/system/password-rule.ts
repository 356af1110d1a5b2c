// No zod here: the signed-out pages (注册, 找回密码) check a new password with it without the auth schemas (issue 35).

/** Password strength for new passwords: 8–64 characters with letters and digits. */
export const PASSWORD_RULE_MESSAGE = '密码至少8位，须同时包含字母和数字';
export function isStrongPassword(value: string): boolean {
  return value.length >= 8 && value.length <= 64 && /[A-Za-z]/.test(value) && /\d/.test(value);
}

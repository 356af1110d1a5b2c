/**
 * A logged request body as the detail drawer shows it: JSON indented two spaces, or the stored text
 * as it is when it is not JSON (a truncated body, `[文件上传，内容不记录]`).
 */
export function prettyParams(text: string | null | undefined): string {
  if (!text) return '（无）';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

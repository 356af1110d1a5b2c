import Mustache from 'mustache';
import { sql } from 'drizzle-orm';
import { MessageMsg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';

// 消息模板 (issue 38): the stock `${name}` variables, rendered by mustache with those delimiters. Only
// plain variables are allowed: no sections, partials or delimiter changes, so a template an administrator
// types can only put the given values in place. The table is the message module's (system/message); the
// notifier reads it by SQL so that every area can send by template code.

const TAGS: [string, string] = ['${', '}'];
// Every template typed in the preview would otherwise stay in mustache's parse cache for the life of the process.
Mustache.templateCache = undefined;
export type TemplateVars = Record<string, unknown>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The variable names of a template; a syntax error or anything but `${name}` is a refusal. */
export function templateVariables(text: string): string[] {
  let tokens: unknown[][];
  try {
    tokens = Mustache.parse(text, TAGS) as unknown[][];
  } catch (error) {
    throw new BizError(MessageMsg.syntax(error instanceof Error ? error.message : String(error)));
  }
  const names: string[] = [];
  for (const token of tokens) {
    if (token[0] === 'text') continue;
    if (token[0] !== 'name' && token[0] !== '&') throw new BizError(MessageMsg.sectionsRefused);
    names.push(String(token[1]));
  }
  return [...new Set(names)];
}

function valueAt(vars: TemplateVars, name: string): unknown {
  let value: unknown = vars;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * A template with its variables; a variable not given (or null) is refused with its name, never left as
 * an empty hole. `html`: the values are escaped (a system notice's content is HTML), else put in as given.
 */
export function renderTemplate(text: string, vars: TemplateVars, opts: { html?: boolean } = {}): string {
  const missing = templateVariables(text).filter((name) => valueAt(vars, name) == null);
  if (missing.length) throw new BizError(MessageMsg.missingVars(missing));
  // an object or list would come out as "[object Object]" or a comma list: a hole of another kind
  const notScalar = templateVariables(text).filter((name) => typeof valueAt(vars, name) === 'object');
  if (notScalar.length) throw new BizError(MessageMsg.notScalar(notScalar));
  return Mustache.render(text, vars, {}, { tags: TAGS, escape: opts.html ? (v: unknown) => escapeHtml(String(v)) : (v: unknown) => String(v) });
}

export type StoredTemplate = { code: string; name: string; content: string; type: string };

export async function templateOf(db: Db, code: string): Promise<StoredTemplate | null> {
  const [row] = await rows<{ template_code: string; template_name: string; template_content: string; template_type: string }>(
    db,
    sql`select template_code, template_name, template_content, template_type from sys_sms_template where template_code = ${code}`,
  );
  return row ? { code: row.template_code, name: row.template_name, content: row.template_content, type: row.template_type } : null;
}

/** A template's title and content with these variables; an unknown code is a clear refusal. */
export async function renderStored(
  db: Db,
  code: string,
  vars: TemplateVars,
  opts: { html?: boolean } = {},
): Promise<{ title: string; content: string; type: string }> {
  const template = await templateOf(db, code);
  if (!template) throw new BizError(`${MessageMsg.templateNotFound}：${code}`);
  return { title: renderTemplate(template.name, vars), content: renderTemplate(template.content, vars, opts), type: template.type };
}

/** Lines of a notice as HTML paragraphs, each escaped: a list the code composes, for a `${&x}` variable. */
export const paras = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of a rendered HTML notice, its paragraphs joined by `；` (a notice's 摘要, an e-mail's body). */
export function plainText(html: string, separator = '；'): string {
  return (
    html
      .split(/<\/p>|<br\s*\/?>|<\/li>/i)
      .map((part) =>
        part
          .replace(/<[^>]*>/g, '')
          .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
          .replace(/&([a-z]+);/gi, (all, name: string) => ENTITIES[name.toLowerCase()] ?? all)
          .trim(),
      )
      .filter(Boolean)
      // as a one-line list (the 摘要) the paragraphs lose their full stops, and a lead-in its separator
      .map((part) => (separator === '；' ? part.replace(/。$/, '') : part))
      .join(separator)
      .replaceAll(`：${separator}`, '：')
  );
}

/**
 * A system notice's title, content and 摘要 from its template, to spread into `writeNotice`'s notice: the
 * 摘要 is the content's text, so a rewording reaches it too — no notice has a summary line of its own in code.
 */
export async function noticeText(db: Db, code: string, vars: TemplateVars): Promise<{ titile: string; msgContent: string; msgAbstract: string }> {
  const { title, content } = await renderStored(db, code, vars, { html: true });
  return { titile: title, msgContent: content, msgAbstract: plainText(content).slice(0, 500) };
}

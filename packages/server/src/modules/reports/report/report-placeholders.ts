import { ReportMsg } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';

// A report's `${param}` and `#{system}` placeholders: read out of the SQL as bind markers before the
// statement is checked (report-sql.ts), and given their values in order when it runs.

const fail = (message: string): never => {
  throw new BizError(message);
};

export type ReportSqlValues = { params: Record<string, string | null>; system: Record<string, string> };
/**
 * `plain`: one SELECT that reads rows as they are — no aggregate, window, GROUP BY, HAVING, DISTINCT,
 * LIMIT or set operation anywhere in it — so a page of it is found without reading all of it, and its
 * total counted apart (report-data.service.ts pageRows).
 */
export type CheckedSql = BoundSql & { plain: boolean };
/** The SQL with its placeholders as bind markers, and the names of the markers in order. */
export type BoundSql = { text: string; markers: readonly string[] };

/**
 * Control characters (but tab and line ends), line and paragraph separators and the byte-order mark:
 * no report needs one, and readers disagree on whether they end a comment.
 */
// eslint-disable-next-line no-control-regex
const UNUSUAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0085\u2028\u2029\ufeff]/;

/**
 * Turns `${name}` and `#{name}` into bind markers `$1…` (one per distinct name), splitting a string that
 * holds one (`'%${kw}%'` → `('%' || $1::text || '%')`), so JeecgBoot's way of writing a LIKE still works
 * and no value is ever written into the text. Identifiers and comments may not hold one. Backslashes and
 * other `$` (dollar quoting, positional parameters) are refused, so this reading of where strings end is
 * PostgreSQL's; should it still differ, the tree PostgreSQL's parser makes of the result is what is checked.
 */
export function bindPlaceholders(source: string): BoundSql {
  if (UNUSUAL.test(source)) fail(ReportMsg.unusualCharacter);
  if (source.includes('\\')) fail(ReportMsg.backslash);
  if (/\$(?!\{)/.test(source)) fail(ReportMsg.dollar);
  const markers: string[] = [];
  const markerOf = (key: string) => {
    let index = markers.indexOf(key);
    if (index < 0) index = markers.push(key) - 1;
    return `$${index + 1}`;
  };
  let out = '';
  let i = 0;
  let state: 'code' | 'string' | 'ident' | 'line' | 'block' = 'code';
  let depth = 0;
  let stringStart = -1;
  let stringSplit = false;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    const placeholder = (c === '$' || c === '#') && next === '{' ? /^[$#]\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(source.slice(i)) : null;
    if (state === 'code') {
      if (placeholder) {
        out += `${markerOf(`${c}${placeholder[1]}`)}`;
        i += placeholder[0].length;
        continue;
      }
      if (c === '$') fail(ReportMsg.dollar);
      if (c === "'") {
        state = 'string';
        stringStart = out.length;
        stringSplit = false;
      } else if (c === '"') state = 'ident';
      else if (c === '-' && next === '-') state = 'line';
      else if (c === '/' && next === '*') {
        state = 'block';
        depth = 1;
        out += '/*';
        i += 2;
        continue;
      }
      out += c;
      i++;
      continue;
    }
    if (state === 'string') {
      if (placeholder) {
        out += `' || ${markerOf(`${c}${placeholder[1]}`)}::text || '`;
        stringSplit = true;
        i += placeholder[0].length;
        continue;
      }
      if (c === '$') fail(ReportMsg.dollar);
      if (c === "'" && next === "'") {
        out += "''";
        i += 2;
        continue;
      }
      out += c;
      i++;
      if (c === "'") {
        state = 'code';
        if (stringSplit) out = `${out.slice(0, stringStart)}(${out.slice(stringStart)})`;
      }
      continue;
    }
    if (placeholder) fail(ReportMsg.placeholderPlace);
    if (c === '$') fail(ReportMsg.dollar);
    if (state === 'ident' && c === '"') state = 'code';
    // PostgreSQL ends a line comment at a carriage return as at a line feed
    else if (state === 'line' && (c === '\n' || c === '\r')) state = 'code';
    else if (state === 'block') {
      // PostgreSQL nests block comments
      if (c === '/' && next === '*') {
        depth++;
        out += '/*';
        i += 2;
        continue;
      }
      if (c === '*' && next === '/') {
        depth--;
        out += '*/';
        i += 2;
        if (depth === 0) state = 'code';
        continue;
      }
    }
    out += c;
    i++;
  }
  return { text: out, markers };
}

/** The values of the markers, in order: a parameter's from the request or its default, a system variable's from the caller. */
export function markerValues(checked: CheckedSql, values: ReportSqlValues): (string | null)[] {
  return checked.markers.map((key) => (key.startsWith('$') ? (values.params[key.slice(1)] ?? null) : (values.system[key.slice(1)] ?? '')));
}

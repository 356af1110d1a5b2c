import { describe, expect, it } from 'vitest';
import { prettyParams } from './logDetail.ts';

// Issue #25: the detail drawer shows an operation's request parameters pretty-printed.
describe('prettyParams', () => {
  it('indents a JSON body two spaces, one field a line', () => {
    expect(prettyParams('{"ruleName":"规则","password":"******","items":[1,2]}')).toBe(
      '{\n  "ruleName": "规则",\n  "password": "******",\n  "items": [\n    1,\n    2\n  ]\n}',
    );
  });

  it('shows a stored text that is not JSON as it is (a cut-short body, an upload), and （无） for none', () => {
    expect(prettyParams('{"a":"x…（已截断）')).toBe('{"a":"x…（已截断）');
    expect(prettyParams('[文件上传，内容不记录]')).toBe('[文件上传，内容不记录]');
    expect(prettyParams(null)).toBe('（无）');
    expect(prettyParams('')).toBe('（无）');
  });
});

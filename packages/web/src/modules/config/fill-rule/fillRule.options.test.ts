import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { sampleCode } from './fillRule.options.ts';

describe('fill rule sample number', () => {
  it('is prefix + date part + the first sequence number padded to its width', () => {
    expect(sampleCode({ prefix: 'XS', datePattern: 'yyyyMMdd', seqWidth: 3 })).toBe(`XS${dayjs().format('YYYYMMDD')}001`);
    expect(sampleCode({ prefix: 'ZJC', datePattern: 'yyyy', seqWidth: 3 })).toBe(`ZJC${dayjs().format('YYYY')}001`);
    expect(sampleCode({ prefix: null, datePattern: 'none', seqWidth: 5 })).toBe('00001');
  });
});

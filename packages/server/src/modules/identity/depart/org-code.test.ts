import { describe, expect, it } from 'vitest';
import { nextOrgCode, nextSegment } from './org-code.ts';

describe('JEECG-API §4.2 org_code scheme', () => {
  it('roots are A01…A99 then B01; a child appends its own segment', () => {
    expect(nextOrgCode('', null)).toBe('A01');
    expect(nextOrgCode('', 'A01')).toBe('A02');
    expect(nextOrgCode('', 'A99')).toBe('B01');
    expect(nextOrgCode('A01', null)).toBe('A01A01');
    expect(nextOrgCode('A01', 'A01A05')).toBe('A01A06');
    expect(nextOrgCode('A01A05', 'A01A05A09')).toBe('A01A05A10');
  });
  it('after Z99 a new segment is appended', () => {
    expect(nextSegment('Z99')).toBe('Z99A01');
    expect(nextOrgCode('', 'Z99')).toBe('Z99A01');
  });
});

import { UploadMsg } from '@sbwq/contracts';
import type { UploadFile } from 'antd';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, countMessage, failureText, filesOfValue, refusalOf, roomFor, SETTLED_STATUSES, shortName, valueOfFiles } from './upload.rules.ts';

const MB = 1024 * 1024;

describe('§5 Upload rules (before a file is sent)', () => {
  it('only JPG/JPEG/PNG/PDF: 仅支持JPG/JPEG/PNG或PDF文件上传', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.pdf']) expect(refusalOf({ name, size: 10 }), name).toBeNull();
    for (const name of ['a.gif', 'b.exe', 'c.svg', 'd.html', 'noext', 'e.pdf.exe', 'f.docx'])
      expect(refusalOf({ name, size: 10 }), name).toBe('仅支持JPG/JPEG/PNG或PDF文件上传');
  });

  it('a narrower field (image or PDF) names what it takes; other types still get the spec text', () => {
    expect(refusalOf({ name: 'a.pdf', size: 1 }, 'image')).toBe('仅支持JPG/JPEG/PNG图片上传');
    expect(refusalOf({ name: 'a.png', size: 1 }, 'pdf')).toBe('仅支持PDF文件上传');
    expect(refusalOf({ name: 'a.exe', size: 1 }, 'pdf')).toBe(UploadMsg.type);
    expect(refusalOf({ name: 'a.jpg', size: 1 }, 'image')).toBeNull();
    expect(acceptAttribute('all')).toBe('.png,.jpg,.jpeg,.pdf');
    expect(acceptAttribute('image')).toBe('.png,.jpg,.jpeg');
    expect(acceptAttribute('pdf')).toBe('.pdf');
  });

  it('under 10 MB: 文件最大支持10M (10 MB itself passes)', () => {
    expect(refusalOf({ name: 'a.pdf', size: 10 * MB })).toBeNull();
    expect(refusalOf({ name: 'a.pdf', size: 10 * MB + 1 })).toBe('文件最大支持10M');
  });

  it('no / \\ * : ? " < > | in the name: the special-character message', () => {
    for (const name of ['a*b.png', 'a:b.png', 'a?b.png', 'a"b.png', 'a<b.png', 'a>b.png', 'a|b.png', 'a\\b.png'])
      expect(refusalOf({ name, size: 1 }), name).toBe(UploadMsg.name);
    expect(UploadMsg.name).toBe('文件名不能包含下列特殊字符：/ \\ * : ? " < > |');
    expect(refusalOf({ name: '商标 注册证(1).png', size: 1 })).toBeNull();
  });

  it('at most 3 files: 文件上传限制3个以内; what is left of a pick', () => {
    expect(countMessage(3)).toBe('文件上传限制3个以内');
    expect(countMessage(1)).toBe('文件上传限制1个以内');
    expect(roomFor(0, 3)).toBe(3);
    expect(roomFor(2, 3)).toBe(1);
    expect(roomFor(3, 3)).toBe(0);
    expect(roomFor(5, 3)).toBe(0);
  });
});

describe('§3/§4/§8/§9 the list and the value', () => {
  it('§9 file names are shown cut to 5 characters', () => {
    expect(shortName('营业执照副本扫描件.pdf')).toBe('营业执照副…');
    expect(shortName('a.png')).toBe('a.png');
    expect(shortName('ab.png')).toBe('ab.pn…');
  });

  it('§3 a comma-separated value becomes done entries with static urls, and back', () => {
    const value = 'rights/20260101/0123456789abcdef0123456789abcdef.png,rights/20260101/fedcba9876543210fedcba9876543210.pdf';
    const files = filesOfValue(value, { 'rights/20260101/0123456789abcdef0123456789abcdef.png': '图样.png' });
    expect(files.map((f) => [f.name, f.status, f.url])).toEqual([
      ['图样.png', 'done', '/jeecg-boot/sys/common/static/rights/20260101/0123456789abcdef0123456789abcdef.png'],
      ['fedcba9876543210fedcba9876543210.pdf', 'done', '/jeecg-boot/sys/common/static/rights/20260101/fedcba9876543210fedcba9876543210.pdf'],
    ]);
    expect(valueOfFiles(files)).toBe(value);
    expect(filesOfValue('')).toEqual([]);
    expect(filesOfValue(null)).toEqual([]);
  });

  it('§4 only done entries count in the value; uploading and failed ones do not; none is undefined', () => {
    const done = filesOfValue('a/20260101/0123456789abcdef0123456789abcdef.pdf')[0];
    const uploading: UploadFile = { uid: 'u', name: 'x.pdf', status: 'uploading' };
    const failed: UploadFile = { uid: 'e', name: 'y.pdf', status: 'error', response: '未知错误' };
    expect(valueOfFiles([done, uploading, failed])).toBe('a/20260101/0123456789abcdef0123456789abcdef.pdf');
    expect(valueOfFiles([uploading, failed])).toBeUndefined();
    expect(SETTLED_STATUSES).toEqual(['done', 'removed', 'error']);
  });

  it('§8 upload failure: {name} 上传失败, with 未知错误 when the server gave no message', () => {
    expect(failureText('图样.png', '文件最大支持10M')).toEqual({ title: '图样.png 上传失败', reason: '文件最大支持10M' });
    expect(failureText('图样.png', '')).toEqual({ title: '图样.png 上传失败', reason: '未知错误' });
    expect(failureText('图样.png', null).reason).toBe('未知错误');
  });
});

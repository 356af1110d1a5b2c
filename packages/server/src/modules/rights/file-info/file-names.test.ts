import { describe, expect, it } from 'vitest';
import { FILE_NAMES_PATH, MAX_FILE_NAMES } from '@sbwq/contracts';
import { RoleId } from '../../../test/harness.ts';
import { certifiedOrg, rightsRig } from '../shared/test-fixtures.ts';

describe('the names files were uploaded under, for the links that show them (spec §3 Uploaded file; DOMAIN 文件信息)', async () => {
  const rig = await rightsRig();
  const reviewer = await rig.staff('rev1', [RoleId.reviewer]);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const b = await certifiedOrg(rig, reviewer.token, 2);
  const pdf = await rig.upload(a.token, 'pdf');
  const png = await rig.upload(a.token, 'png');
  const names = async (token: string, paths: string[]) => rig.call(token, 'GET', `${FILE_NAMES_PATH}?paths=${encodeURIComponent(paths.join(','))}`);

  it('answers path → uploaded name for the files the caller may read, as the static route decides', async () => {
    expect((await names(a.token, [pdf, png])).result).toEqual({ [pdf]: '文件.pdf', [png]: '图样.png' });
    expect((await names(reviewer.token, [pdf])).result).toEqual({ [pdf]: '文件.pdf' });
    expect((await names(b.token, [pdf, png])).result).toEqual({});
  });

  it('ignores what is not a stored path, and refuses more than the limit with a clear message', async () => {
    expect((await names(a.token, ['../../etc/passwd', 'x', pdf])).result).toEqual({ [pdf]: '文件.pdf' });
    const many = Array.from({ length: MAX_FILE_NAMES + 1 }, (_, i) => `rights/20260101/${i.toString(16).padStart(32, '0')}.pdf`);
    expect(await names(a.token, many)).toMatchObject({ success: false, message: `一次最多查询 ${MAX_FILE_NAMES} 个文件` });
  });
});

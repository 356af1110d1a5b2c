import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { FILE_TOO_LARGE_TEXT, IMAGE_MAX_BYTES, IMAGE_TYPE_TEXT, uploadFailedText, uploadImage } from './announcement.api.ts';

afterEach(() => vi.unstubAllGlobals());

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('pictures in an announcement body go through the upload call (spec §5 Upload, §7 Files)', () => {
  it('POST /sys/common/upload with the file and biz=announcement; the answered path becomes a static address', async () => {
    let sent: FormData | null = null;
    fakeServer({
      'POST /sys/common/upload': (_url, init) => {
        sent = init.body as FormData;
        return { body: envelope({ fileName: 'a.png', filePath: 'announcement/20260105/x.png', fileSize: 10 }, { message: 'announcement/20260105/x.png' }) };
      },
    });
    expect(await uploadImage(file('图.png'))).toBe('/jeecg-boot/sys/common/static/announcement/20260105/x.png');
    expect((sent as FormData | null)?.get('biz')).toBe('announcement');
    expect(((sent as unknown as FormData).get('file') as File).name).toBe('图.png');
  });

  it('refuses other types and files over 10 MB before sending; a refused upload says {name} 上传失败 with the reason', async () => {
    const fetchMock = fakeServer({
      'POST /sys/common/upload': () => ({ body: { success: false, message: '文件类型不正确', code: 500, result: null, timestamp: 0 } }),
    });
    await expect(uploadImage(file('a.pdf'))).rejects.toThrow(IMAGE_TYPE_TEXT);
    await expect(uploadImage(file('a.jpg', IMAGE_MAX_BYTES + 1))).rejects.toThrow(FILE_TOO_LARGE_TEXT);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(uploadImage(file('b.jpeg'))).rejects.toThrow(`${uploadFailedText('b.jpeg')}：文件类型不正确`);
  });
});

import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { FileUpload } from './FileUpload.tsx';
import { UploadModal } from './UploadModal.tsx';

configure({ asyncUtilTimeout: 5_000 });

const PATH = 'temp/20260101/0123456789abcdef0123456789abcdef.png';
const SAVED = 'temp/20260101/fedcba9876543210fedcba9876543210.pdf';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const pick = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const messages = () => [...document.querySelectorAll('.ant-message-notice')].map((el) => el.textContent ?? '');
const png = (name = '商标图样.png', size = 16) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('FileUpload (spec §3–§5, §8, §9)', () => {
  it('§5 refuses a wrong type, an oversize file and a bad name before sending anything', async () => {
    const fetchMock = fakeServer({});
    const onChange = vi.fn();
    render(
      <AntApp>
        <FileUpload onChange={onChange} />
      </AntApp>,
    );
    pick(new File(['x'], 'virus.exe'));
    await waitFor(() => expect(messages()).toContain('仅支持JPG/JPEG/PNG或PDF文件上传'));
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    pick(big);
    await waitFor(() => expect(messages()).toContain('文件最大支持10M'));
    pick(png('a|b.png'));
    await waitFor(() => expect(messages()).toContain('文件名不能包含下列特殊字符：/ \\ * : ? " < > |'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('§4 uploading → done updates the value with the path; the name is cut to 5 characters; removing deletes on the server', async () => {
    const fetchMock = fakeServer({
      'POST /sys/common/upload': () => ({ body: envelope({ fileName: '商标图样.png', filePath: PATH, fileSize: 16 }, { message: PATH }) }),
      'DELETE /rights/sbFileInfo/deleteFileFetch': () => ({ body: envelope(null, { message: '删除成功!' }) }),
    });
    const onChange = vi.fn();
    render(
      <AntApp>
        <FileUpload onChange={onChange} biz="rights" fileType="3" />
      </AntApp>,
    );
    pick(png('商标图样文件.png'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(PATH));
    const body = fetchMock.mock.calls[0][1]?.body as FormData;
    expect(body.get('biz')).toBe('rights');
    expect(body.get('fileType')).toBe('3');
    expect(screen.getByText('商标图样文…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /删除文件|Remove file/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(undefined));
    const deleted = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('deleteFileFetch'));
    expect(deleted).toContain(`fileUrl=${encodeURIComponent(PATH)}`);
  });

  it('sends the record the file belongs to with the upload (DOMAIN 文件信息: 所属业务)', async () => {
    const fetchMock = fakeServer({
      'POST /sys/common/upload': () => ({ body: envelope({ fileName: '证据.png', filePath: PATH, fileSize: 16 }, { message: PATH }) }),
    });
    const onChange = vi.fn();
    render(
      <AntApp>
        <FileUpload onChange={onChange} biz="files" fileType="4" fields={{ bizType: 'rights_right', bizId: 'r1' }} />
      </AntApp>,
    );
    pick(png('证据.png'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(PATH));
    const body = fetchMock.mock.calls[0][1]?.body as FormData;
    expect([body.get('fileType'), body.get('bizType'), body.get('bizId')]).toEqual(['4', 'rights_right', 'r1']);
  });

  it('§8 a refused upload: {name} 上传失败 with the server reason, or 未知错误; the value leaves it out', async () => {
    let answer = envelope(null, { success: false, message: '文件内容与扩展名不符', code: 500 });
    fakeServer({ 'POST /sys/common/upload': () => ({ body: answer }) });
    const onChange = vi.fn();
    render(
      <AntApp>
        <FileUpload onChange={onChange} />
      </AntApp>,
    );
    pick(png('假图片.png'));
    await waitFor(() => expect(messages()).toContain('假图片.png 上传失败：文件内容与扩展名不符'));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    answer = envelope(null, { success: false, message: '', code: 500 });
    pick(png('另一个.png'));
    await waitFor(() => expect(messages()).toContain('另一个.png 上传失败：未知错误'));
  });

  it('issue 36: a refused picture (an avatar) leaves the cards — no thumbnail stays as if it were taken; the one saved before stays', async () => {
    fakeServer({
      'POST /sys/common/upload': () => ({ body: envelope(null, { success: false, message: '文件内容与扩展名不符', code: 500 }) }),
      'GET /sys/common/fileNames': () => ({ body: envelope({}) }),
    });
    const onChange = vi.fn();
    render(
      <AntApp>
        <FileUpload listType="picture-card" accept="image" max={2} value={PATH} onChange={onChange} />
      </AntApp>,
    );
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(1));
    pick(png('假头像.png'));
    await waitFor(() => expect(messages()).toContain('假头像.png 上传失败：文件内容与扩展名不符'));
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(1));
    expect(document.querySelector('.ant-upload-list-item-error')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(PATH);
  });

  it('§5 at most 3 files: the fourth of a pick is refused with 文件上传限制3个以内', async () => {
    let n = 0;
    fakeServer({
      'POST /sys/common/upload': () => {
        n += 1;
        const path = `temp/20260101/${String(n).repeat(32)}.png`;
        return { body: envelope({ fileName: `${n}.png`, filePath: path, fileSize: 1 }, { message: path }) };
      },
    });
    const onChange = vi.fn();
    render(
      <AntApp>
        <FileUpload onChange={onChange} />
      </AntApp>,
    );
    pick(png('1.png'), png('2.png'), png('3.png'), png('4.png'));
    await waitFor(() => expect(messages()).toContain('文件上传限制3个以内'));
    await waitFor(() => expect(String(onChange.mock.lastCall?.[0]).split(',')).toHaveLength(3));
    expect(n).toBe(3);
  });

  it('a file saved with the record is removed only after confirmation', async () => {
    const fetchMock = fakeServer({ 'DELETE /rights/sbFileInfo/deleteFileFetch': () => ({ body: envelope(null, { message: '删除成功!' }) }) });
    const onChange = vi.fn();
    render(
      <AntApp>
        <FileUpload value={SAVED} onChange={onChange} />
      </AntApp>,
    );
    expect(screen.getByText('fedcb…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /删除文件|Remove file/ }));
    await waitFor(() => expect(document.body.textContent).toContain('文件将从服务器删除，不可恢复'));
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(undefined));
    expect(deletes()).toHaveLength(1);
  });

  it('§3 a file saved before is listed under the name it was uploaded under, once the server tells it', async () => {
    const path = 'temp/20260102/0123456789abcdef0123456789abcdef.pdf';
    fakeServer({ 'GET /sys/common/fileNames': () => ({ body: envelope({ [path]: '公证书.pdf' }) }) });
    render(
      <AntApp>
        <FileUpload value={path} onChange={() => undefined} />
      </AntApp>,
    );
    expect(await screen.findByText('公证书.p…')).toBeTruthy();
  });
});

describe('UploadModal (spec §5, §9: 520 × 200)', () => {
  it('确定 with no file warns 未上传任何文件 and stays open', async () => {
    fakeServer({});
    const onOk = vi.fn();
    render(
      <AntApp>
        <UploadModal open onOk={onOk} onCancel={() => undefined} />
      </AntApp>,
    );
    const popup = document.querySelector('.upload-popup') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(messages()).toContain('未上传任何文件'));
    expect(onOk).not.toHaveBeenCalled();
    expect(popup.style.width).toBe('520px');
  });
});

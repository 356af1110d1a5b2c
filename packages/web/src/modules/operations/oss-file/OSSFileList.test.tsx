import { OssFileMsg, OssFilePerm, type OssFileRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { grantedEach } from '../../../test/render.tsx';
import { noticesSaying, toastsSaying } from '../../../test/notices.ts';
import { DELETE_CONFIRM_TEXT } from '../../../components/list/ListPage.tsx';
import { FileBiz } from '../../rights/file-info/fileInfo.api.ts';
import { OSSFileList } from './OSSFileList.tsx';

configure({ asyncUtilTimeout: 5_000 });

const SHA = 'ab12cd34'.repeat(8);
const audit = { createBy: 'admin', createTime: '2026-11-28 10:15:00', updateBy: null, updateTime: null };
const screenshot: OssFileRecord = {
  id: 'f1',
  fileName: '侵权截图.png',
  filePath: `rights/20261128/${'1'.repeat(32)}.png`,
  fileSize: 2048,
  fileExt: 'png',
  mimeType: 'image/png',
  fileType: null,
  bizType: FileBiz.right,
  bizId: 'r1',
  bizTitle: '蓝鲸（第12345678号）',
  sysOrgCode: 'A01',
  uploaderId: 'u1',
  sha256: SHA,
  storage: 's3',
  delFlag: '0',
  url: `/jeecg-boot/sys/common/static/rights/20261128/${'1'.repeat(32)}.png`,
  createByName: '系统管理员',
  ...audit,
};
const letter: OssFileRecord = {
  ...screenshot,
  id: 'f2',
  fileName: '委托书.pdf',
  filePath: `oss/20261128/${'2'.repeat(32)}.pdf`,
  fileSize: 3 * 1024 * 1024,
  fileExt: 'pdf',
  mimeType: 'application/pdf',
  bizType: null,
  bizId: null,
  bizTitle: null,
  sha256: null,
  storage: 'local',
  url: `/jeecg-boot/sys/common/static/oss/20261128/${'2'.repeat(32)}.pdf`,
};
const IN_USE = `${OssFileMsg.inUse}受保护权利「蓝鲸（第12345678号）」${OssFileMsg.inUseHint}`;

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>
        <OSSFileList />
      </QueryClientProvider>
    </AntApp>,
  );
}

/** The fake /oss/file calls: the list answers what `files` holds now; delete refuses the file a record uses. */
function serve(files: OssFileRecord[]) {
  const listed: URLSearchParams[] = [];
  const deleted: string[] = [];
  fakeServer({
    'GET /oss/file/list': (url) => {
      listed.push(url.searchParams);
      return { body: envelope({ records: files, total: files.length, size: 10, current: 1, pages: 1 }) };
    },
    'DELETE /oss/file/delete': (url) => {
      const id = url.searchParams.get('id')!;
      deleted.push(id);
      if (id === screenshot.id) return { body: envelope(null, { success: false, code: 500, message: IN_USE }) };
      files.splice(
        files.findIndex((f) => f.id === id),
        1,
      );
      return { body: envelope(null, { message: OssFileMsg.deleted }) };
    },
  });
  return { listed, deleted };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

grantedEach(Object.values(OssFilePerm));
afterEach(() => {
  vi.restoreAllMocks();
});

// issue 39 文件列表: "every stored file with name, type, size, uploader, time, storage, the business record it belongs to
// (link), preview for images and PDF; … a file a record still uses cannot be deleted".
describe('文件列表 (modules/oss/OSSFileList)', { timeout: 60_000 }, () => {
  it('lists every stored file with its type, size, uploader, time, storage, fingerprint and the record it belongs to', async () => {
    const { listed } = serve([screenshot, letter]);
    show();
    await screen.findByText('侵权截图.png');
    expect(listed[0]!.get('pageNo')).toBe('1');
    const image = within(rowOf('侵权截图.png'));
    expect(image.getByText('PNG')).toBeTruthy();
    expect(image.getByText('2.0 KB')).toBeTruthy();
    expect(image.getByText('系统管理员')).toBeTruthy();
    expect(image.getByText('2026-11-28 10:15:00')).toBeTruthy();
    expect(image.getByText('对象存储')).toBeTruthy();
    expect(image.getByText(`${SHA.slice(0, 8)}…`)).toBeTruthy();
    expect(image.getByText('受保护权利：')).toBeTruthy();
    // the record's name is a link that opens the record
    expect(image.getByRole('button', { name: '蓝鲸（第12345678号）' })).toBeTruthy();
    const pdf = within(rowOf('委托书.pdf'));
    expect(pdf.getByText('PDF')).toBeTruthy();
    expect(pdf.getByText('3.0 MB')).toBeTruthy();
    expect(pdf.getByText('本地')).toBeTruthy();
    expect(pdf.getByText('无')).toBeTruthy();
    expect(pdf.getByText('未关联')).toBeTruthy();
    // 上传文件 for a holder of system:ossFile:upload
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeTruthy();
  });

  it('预览: an image opens in the preview from the file address; a PDF opens the same address in a new window', async () => {
    serve([screenshot, letter]);
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    show();
    await screen.findByText('侵权截图.png');
    fireEvent.click(within(rowOf('侵权截图.png')).getByRole('button', { name: '预览' }));
    await waitFor(() => expect(document.querySelector(`.ant-image-preview img[src="${screenshot.url}"]`)).toBeTruthy());
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(within(rowOf('委托书.pdf')).getByRole('button', { name: '预览' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(letter.url, '_blank', 'noopener,noreferrer'));
  });

  it('删除 asks 确定删除吗? first, and on 确定 deletes the file and reloads the list without it', async () => {
    const { deleted, listed } = serve([screenshot, letter]);
    show();
    await screen.findByText('委托书.pdf');
    fireEvent.click(within(rowOf('委托书.pdf')).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText(DELETE_CONFIRM_TEXT)).closest('.ant-popover') as HTMLElement;
    expect(deleted).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(deleted).toEqual([letter.id]));
    await waitFor(() => expect(toastsSaying(OssFileMsg.deleted)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('委托书.pdf')).toBeNull());
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('侵权截图.png')).toBeTruthy();
  });

  it("a file a record still uses is refused with the server's words naming the record, and stays in the list", async () => {
    const { deleted } = serve([screenshot, letter]);
    show();
    await screen.findByText('侵权截图.png');
    fireEvent.click(within(rowOf('侵权截图.png')).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText(DELETE_CONFIRM_TEXT)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(noticesSaying(IN_USE)).toHaveLength(1));
    expect(deleted).toEqual([screenshot.id]);
    expect(screen.getByText('侵权截图.png')).toBeTruthy();
  });
});

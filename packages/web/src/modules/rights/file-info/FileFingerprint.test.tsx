import { FILE_FINGERPRINT_PATH, FingerprintMsg, type FileInfoRecord } from '@sbwq/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { FileFingerprint } from './FileFingerprint.tsx';

const RECORDED = 'a'.repeat(64);
const file = { id: 'f1', fileName: '侵权截图.png', filePath: 'rights/20261128/' + '0'.repeat(32) + '.png', storage: 's3', sha256: RECORDED } as FileInfoRecord;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// issue 39 Evidence fingerprints: "A download can be checked against its fingerprint (a button …)".
describe('文件指纹校验', () => {
  it('asks the server to rehash the file and shows both fingerprints and the verdict', async () => {
    const asked: string[] = [];
    fakeServer({
      [`GET ${FILE_FINGERPRINT_PATH}`]: (url) => {
        asked.push(url.searchParams.get('id') ?? '');
        return { body: envelope({ id: 'f1', recorded: RECORDED, actual: RECORDED, match: true }, { message: FingerprintMsg.match }) };
      },
    });
    render(<FileFingerprint file={file} onClose={vi.fn()} />);
    expect(await screen.findByText(FingerprintMsg.match)).toBeTruthy();
    expect(asked).toEqual(['f1']);
    expect(screen.getAllByText(RECORDED)).toHaveLength(2);
    expect(screen.getByText('对象存储')).toBeTruthy();
  });

  it('a changed file is reported as changed, with the fingerprint of what is stored today', async () => {
    const today = 'b'.repeat(64);
    fakeServer({
      [`GET ${FILE_FINGERPRINT_PATH}`]: () => ({
        body: envelope({ id: 'f1', recorded: RECORDED, actual: today, match: false }, { message: FingerprintMsg.mismatch }),
      }),
    });
    render(<FileFingerprint file={file} onClose={vi.fn()} />);
    expect(await screen.findByText(FingerprintMsg.mismatch)).toBeTruthy();
    expect(screen.getByText(today)).toBeTruthy();
  });
});

import { MAX_FILE_NAMES } from '@sbwq/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createNameLoader } from './fileNames.ts';

describe('uploaded names for file links (spec §3 Uploaded file: the link shows the file’s name)', () => {
  it('gathers the paths asked for in the same moment into one call; a path without an answer has no name', async () => {
    const fetch = vi.fn(async (paths: string[]) => Object.fromEntries(paths.filter((p) => p !== 'b').map((p) => [p, `${p}.pdf`])));
    const load = createNameLoader(fetch);
    const names = await Promise.all([load('a'), load('b'), load('a'), load('c')]);
    expect(names).toEqual(['a.pdf', null, 'a.pdf', 'c.pdf']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toEqual(['a', 'b', 'c']);
  });

  it('asks in parts of at most the server’s limit, and a failed call leaves the stored names', async () => {
    const fetch = vi.fn(async (paths: string[]) => {
      if (paths.includes('p0')) throw new Error('network');
      return Object.fromEntries(paths.map((p) => [p, p]));
    });
    const load = createNameLoader(fetch);
    const paths = Array.from({ length: MAX_FILE_NAMES + 1 }, (_, i) => `p${i}`);
    const names = await Promise.all(paths.map(load));
    expect(fetch.mock.calls.map(([part]) => part.length)).toEqual([MAX_FILE_NAMES, 1]);
    expect(names.slice(0, 2)).toEqual([null, null]);
    expect(names.at(-1)).toBe(`p${MAX_FILE_NAMES}`);
  });
});

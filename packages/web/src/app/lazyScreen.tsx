import { CloseCircleFilled } from '@ant-design/icons';
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { reloadPage } from '../platform/browser.ts';
import styles from './RouteError.module.css';
import { PrimaryButton } from '../components/primary-button/PrimaryButton.tsx';

/** spec §9: a screen's code that has not come after this long is given up, and the user may retry. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A screen's code that did not load: the network (or a wait over CHUNK_TIMEOUT_MS), or a new release. */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    /** the file is gone from the server: a release replaced the build the open tab came from */
    readonly newVersion: boolean,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

type Module<P> = { default: ComponentType<P> };

/** The file of a failed `import()`, as the browsers name it in the error. */
const failedUrl = (error: unknown) => (error instanceof Error ? /(https?:\/\/\S+?\.js)\b/.exec(error.message)?.[1] : undefined);

/**
 * Whether the file is gone (404, or the page the server answers for unknown paths) rather than
 * unreachable: the build's file names change with each release, so the open tab's are gone after one.
 */
async function isGone(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.status === 404 || !/javascript/.test(res.headers.get('content-type') ?? '');
  } catch {
    return false;
  }
}

async function loadWithin<P>(load: () => Promise<Module<P>>): Promise<Module<P>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('页面加载超时', false)), CHUNK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load(), late]);
  } catch (error) {
    if (error instanceof ChunkLoadError) throw error;
    throw new ChunkLoadError(error instanceof Error ? error.message : String(error), await isGone(failedUrl(error)));
  } finally {
    clearTimeout(timer);
  }
}

export function ChunkFailed({ newVersion, onRetry }: { newVersion: boolean; onRetry: () => void }) {
  return (
    <div className={styles.page} role="alert">
      <CloseCircleFilled className={styles.icon} />
      <div className={styles.title}>{newVersion ? '系统已更新' : '页面加载失败'}</div>
      <div className={styles.detail}>
        {newVersion ? '系统已发布新版本，本页的程序文件已不在服务器上，请加载新版本后继续' : '网络异常或加载超时，请检查网络后重试'}
      </div>
      {newVersion ? <PrimaryButton onClick={reloadPage}>加载新版本</PrimaryButton> : <PrimaryButton onClick={onRetry}>重试</PrimaryButton>}
    </div>
  );
}

/**
 * `React.lazy` for a route's screen (spec §9): a load that fails or takes over CHUNK_TIMEOUT_MS shows
 * 页面加载失败 with 重试 in the screen's place instead of a blank page or the whole app's error page, and
 * a file gone after a release offers 加载新版本. The failure is what the lazy component resolves to, not
 * an error thrown at React (which would log it and leave the layout to the route's error page); a retry
 * is a new lazy component, since React keeps the first one's outcome.
 */
export function lazyScreen<P extends object = object>(load: () => Promise<Module<P>>): ComponentType<P> {
  const waiting = new Set<() => void>();
  const attempt = () =>
    lazy(() =>
      loadWithin(load).catch((error: unknown) => {
        const newVersion = error instanceof ChunkLoadError && error.newVersion;
        const retry = () => {
          Current = attempt();
          waiting.forEach((rerender) => rerender());
        };
        return { default: (() => <ChunkFailed newVersion={newVersion} onRetry={retry} />) as ComponentType<P> };
      }),
    );
  let Current = attempt();
  function LazyScreen(props: P) {
    const [, setTries] = useState(0);
    useEffect(() => {
      const rerender = () => setTries((n) => n + 1);
      waiting.add(rerender);
      return () => void waiting.delete(rerender);
    }, []);
    return <Current {...props} />;
  }
  return LazyScreen;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client.ts';
import { sealChain } from './datalog-chain.ts';

/**
 * Said once per installation, when the keyed chain's head is first signed; said again, it means the head's
 * signature was wiped in the database and the history before it should be checked against a backup.
 */
export const firstSignatureText = (legacy: number) =>
  `数据日志哈希链首次以服务器密钥签署链头${legacy > 0 ? `：第 1–${legacy} 条为启用密钥前链接的（按 SHA-256 核对）` : ''}。每个安装只应出现一次；再次出现说明链头被人删除或抹去签名，请对照备份核查`;

/** How long after a write the sealer runs: writes that come together are linked in one go. */
export const SEAL_DELAY_MS = 1000;

/**
 * Links the new entries into the hash chain soon after a write, outside any request: the business
 * transaction wrote its rows without a hash (and without a lock), and the answer is not delayed. A
 * lost seal costs nothing but time: the next write, the next start or the next 校验 links what is left.
 * One per app (its database); `stop` at close lets the running seal finish before the database closes.
 */
export function createSealer(db: Db, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  return {
    schedule() {
      if (timer || stopped) return;
      timer = setTimeout(() => {
        timer = null;
        running = sealChain(db, { onFirstSignature: (legacy) => log.warn(firstSignatureText(legacy)) })
          .catch((error: unknown) => log.warn({ err: error }, '数据日志哈希链链接失败（下次写入或校验时重试）'))
          .finally(() => (running = null));
      }, SEAL_DELAY_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

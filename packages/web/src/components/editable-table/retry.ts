/** spec §9 "Sub-table popover retries 3 times at 100 ms"; after that spec §8 says 打开子表失败. */
export const SUB_TABLE_RETRIES = 3;
export const SUB_TABLE_RETRY_MS = 100;
export const SUB_TABLE_FAILED = '打开子表失败';

/** Runs `attempt`; a failure is retried `retries` times `delayMs` apart before the last error is thrown. */
export async function withRetries<T>(attempt: () => T | Promise<T>, retries = SUB_TABLE_RETRIES, delayMs = SUB_TABLE_RETRY_MS): Promise<T> {
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

import { Msg } from '@sbwq/contracts';
import type { MessageInstance } from 'antd/es/message/interface';
import { setPrimaryColor } from '../../../platform/settings.store.ts';

/** JeecgBoot's colour swatches (settingConfig colorList). */
export const colorList = [
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '拂晓蓝（默认）', color: '#1890FF' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
] as const;

type Message = Pick<MessageInstance, 'open'> & Partial<Pick<MessageInstance, 'destroy'>>;

const NOTICE_KEY = 'theme-compiling';
/** The notice leaves this long after the new colour has painted. */
const DONE_AFTER_S = 0.3;

/**
 * spec §4 "Theme colour change": JeecgBoot compiled less in the browser; antd 6 recomputes its design
 * tokens at run time, so "compiling" is one render. The notice still shows while it happens, and a
 * failure says `Failed to update theme` (spec §8).
 */
export function changePrimaryColor(color: string, message: Message, afterPaint = nextPaint): void {
  // One keyed notice, replaced rather than closed: antd queues notices, and a close can overtake the
  // open it is meant for, leaving a loading notice up for good.
  message.open({ key: NOTICE_KEY, type: 'loading', content: Msg.compilingTheme, duration: 0 });
  try {
    setPrimaryColor(color);
  } catch {
    message.open({ key: NOTICE_KEY, type: 'error', content: Msg.themeFailed, duration: 3 });
    return;
  }
  afterPaint(() => {
    message.open({ key: NOTICE_KEY, type: 'loading', content: Msg.compilingTheme, duration: DONE_AFTER_S });
    // On a busy machine the replacement can still lose to the queued first notice (seen in CI): by
    // now both have long been processed, so removing the key cannot overtake anything.
    setTimeout(() => message.destroy?.(NOTICE_KEY), SAFETY_CLOSE_MS);
  });
}

const SAFETY_CLOSE_MS = 1_500;

function nextPaint(done: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(done));
}

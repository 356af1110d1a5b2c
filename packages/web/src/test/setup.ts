import { cleanup } from '@testing-library/react';
import { message, Modal, notification } from 'antd';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());

/*
 * React must have nothing left to render when a file's DOM environment goes away, or its scheduler
 * throws "window is not defined" on a loaded machine. antd's static message, notification and modal
 * functions (what non-React code uses in tests) render in roots of their own that cleanup() does not
 * unmount, and a message closes itself by a timer seconds later: close them all, then let the last
 * renders and leave animations run.
 */
afterAll(async () => {
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  await new Promise<void>((resolve) => setTimeout(resolve, 500));
});

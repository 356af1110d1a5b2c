import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedbackFrame } from './FeedbackFrame.tsx';

// A file of its own: the theme's code must not have been loaded by an earlier test, as on a first visit.
// One test, in this order: each step runs before the theme's code has loaded (its import is still on its way).
describe('FeedbackFrame with a chosen look (issue 35, WCAG 1.4.3 on the login page)', () => {
  it('the default look shows at once; a look chosen later (系统设置) never hides the page; a look chosen before (高对比度) keeps it hidden until the theme’s variables arrive', async () => {
    const first = render(
      <FeedbackFrame notification={{ duration: 4 }}>
        <button type="button">保存</button>
      </FeedbackFrame>,
    );
    const page = () => screen.getByText('保存').parentElement!;
    expect(page().style.visibility).toBe('');
    first.rerender(
      <FeedbackFrame notification={{ duration: 4 }} themed>
        <button type="button">保存</button>
      </FeedbackFrame>,
    );
    expect(page().style.visibility).toBe('');
    first.unmount();

    render(
      <FeedbackFrame notification={{ duration: 4 }} themed>
        <button type="button">登录</button>
      </FeedbackFrame>,
    );
    const frame = screen.getByText('登录').parentElement!;
    expect(frame.style.visibility).toBe('hidden');
    expect(frame.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(frame.style.visibility).toBe(''), { timeout: 5000 });
    expect(frame.className).toMatch(/css-var/);
    expect(frame.getAttribute('aria-busy')).toBeNull();
  });
});

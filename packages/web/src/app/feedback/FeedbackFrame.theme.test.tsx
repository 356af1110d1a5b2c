import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedbackFrame } from './FeedbackFrame.tsx';

// A file of its own: the theme's code must not have been loaded by an earlier test, as on a first visit.
describe('FeedbackFrame with a chosen look (issue 35, WCAG 1.4.3 on the login page)', () => {
  it("a chosen look (高对比度) keeps the page hidden until the theme's variables arrive, then shows it themed; the default look shows at once", async () => {
    const { unmount } = render(
      <FeedbackFrame notification={{ duration: 4 }}>
        <button type="button">登录</button>
      </FeedbackFrame>,
    );
    const plain = screen.getByRole('button', { name: '登录' }).parentElement!;
    expect(plain.style.visibility).toBe('');
    unmount();

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

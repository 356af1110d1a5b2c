import { MoneyMsg, positiveMoney } from '@sbwq/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { MoneyInput } from './MoneyInput.tsx';
import { zodRule } from './zodRule.ts';

describe('money inputs (DEVELOPERS: an amount at the limit gets a message that names the limit)', () => {
  it('a 20-digit amount stays whole in the box and is refused with the column limit', async () => {
    render(
      <Form>
        <Form.Item name="amount" label="金额" rules={[zodRule(positiveMoney)]}>
          <MoneyInput />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    const box = screen.getByLabelText('金额') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '12345678901234567890' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(screen.getByText(MoneyMsg.tooLarge)).toBeTruthy());
    expect(box.value).toBe('12345678901234567890');
    expect(screen.queryByText(MoneyMsg.positive)).toBeNull();
  });
});

import { Button } from 'antd';
import { useNavigate } from 'react-router';

/** A button that opens another page of the app (the next onboarding step). */
export function NextStepButton({ to, text }: { to: string; text: string }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(to)}>
      {text}
    </Button>
  );
}

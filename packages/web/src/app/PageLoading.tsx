import { Spinner } from '../components/spinner/Spinner.tsx';

export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, height: '100%' }}>
      <Spinner size="large" />
    </div>
  );
}

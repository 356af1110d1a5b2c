import { SYSTEM_TITLE } from '@sbwq/contracts';

/** The product mark, served from public/ so it is never fetched from elsewhere. */
export function Logo({ size = 32 }: { size?: number }) {
  return <img src="/logo.svg" width={size} height={size} alt={SYSTEM_TITLE} />;
}

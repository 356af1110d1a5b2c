import { randomUUID } from 'node:crypto';

/** Server-generated ids: 32 hex characters, as the older JeecgBoot seed uses. */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}

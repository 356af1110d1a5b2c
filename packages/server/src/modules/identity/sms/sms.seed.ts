import { randomInt } from 'node:crypto';
import { desc, isNotNull } from 'drizzle-orm';
import { SmsMode } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { smsText } from './sms.provider.ts';
import { sysSmsOutbox } from './sms.table.ts';

const MINUTE = 60_000;

/**
 * 短信发件箱 demo (SEED_DEMO): the codes the organisations' contacts would have received — a registration
 * code a few minutes before each of the latest organisations was created, and for some a later
 * phone-login or password-recovery code — so the administrator's screen shows what it is for.
 */
export async function seedSmsOutboxDemo(db: Db): Promise<void> {
  const orgs = await db
    .select({ phone: rightsOrg.contactPhone, created: rightsOrg.createTime })
    .from(rightsOrg)
    .where(isNotNull(rightsOrg.contactPhone))
    .orderBy(desc(rightsOrg.createTime))
    .limit(8);
  const rows: (typeof sysSmsOutbox.$inferInsert)[] = [];
  const code = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
  for (const [i, org] of orgs.entries()) {
    if (!org.phone || !org.created) continue;
    const ip = `36.${110 + i}.${20 + i * 7}.${10 + i * 3}`;
    const registered = new Date(org.created.getTime() - (3 + i) * MINUTE);
    const c = code();
    rows.push({ id: newId(), mobile: org.phone, smsmode: SmsMode.register, content: smsText(c), code: c, ip, createTime: registered });
    if (i % 3 === 0) {
      const later = code();
      rows.push({
        id: newId(),
        mobile: org.phone,
        smsmode: i % 2 ? SmsMode.forgot : SmsMode.login,
        content: smsText(later),
        code: later,
        ip,
        createTime: new Date(org.created.getTime() + (2 + i) * 86_400_000 + 47 * MINUTE),
      });
    }
  }
  if (rows.length) await db.insert(sysSmsOutbox).values(rows);
}

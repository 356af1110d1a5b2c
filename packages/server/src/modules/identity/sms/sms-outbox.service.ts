import type { Page, SmsOutboxRecord } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { sysSmsOutbox } from './sms.table.ts';

export const smsOutboxWhitelist: ListResource = {
  table: sysSmsOutbox,
  fields: fieldsOf(sysSmsOutbox, { mobile: 'string', smsmode: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysSmsOutbox.$inferSelect;

export async function listOutbox(db: Db, params: ListParams): Promise<Page<SmsOutboxRecord>> {
  const page = await pageOf<Row>(db, smsOutboxWhitelist, params, { tieBreak: sysSmsOutbox.id });
  return { ...page, records: page.records.map((r) => withDateTexts(r, ['createTime'])) };
}

import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Msg, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, SMS_LIMITS, SMS_RESEND_SECONDS, SmsMode, SmsMsg, type SmsBody } from '@sbwq/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { keyedHash } from '../../../platform/secrets/app-secret.ts';
import { consumeCaptcha } from '../auth/captcha.service.ts';
import type { ClientInfo } from '../../operations/log/log.service.ts';
import { sysUser } from '../user/user.table.ts';
import { providerOf, type SmsProvider } from './sms.provider.ts';
import { sysSmsCode } from './sms.table.ts';

export type SmsDeps = { db: Db; provider: SmsProvider; onSendError: (error: unknown) => void };

/** The configured provider (the outbox when none is), its failures logged for the operator. */
export function smsDepsOf(app: FastifyInstance, deps: AppDeps): SmsDeps {
  const provider = providerOf(deps.config.sms, deps.db);
  return { db: deps.db, provider, onSendError: (error: unknown) => app.log.error({ err: error, provider: provider.name }, 'SMS send failed') };
}

/** The account ticket of /user/alteration step 1 lives this long: time to type the phone and ask for a code. */
export const TICKET_TTL_MS = 10 * 60_000;
const TICKET = 'A';
const HOUR_MS = 3_600_000;

// Keyed with the server secret: a six-digit code hashed without a key is found from its row in a second.
// Codes stored before the key existed no longer match; they lived minutes, so a new one is simply asked for.
const hashOf = (id: string, secret: string) => keyedHash('sms-code', `${id}:${secret}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const accountKey = (username: string) => username.trim().toLowerCase();

/** Every purpose a code is sent for: the limits count them all together (the ticket of /user/alteration is no SMS). */
const CODE_PURPOSES = Object.values(SmsMode);

/** An active (not deleted) user by phone, any status: the caller decides what a frozen account may do. */
export async function userByPhone(db: Db, mobile: string) {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.phone, mobile), eq(sysUser.delFlag, 0)))
    .limit(1);
  return row ?? null;
}

async function countSince(db: Db, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysSmsCode)
    .where(and(where, inArray(sysSmsCode.purpose, CODE_PURPOSES), gt(sysSmsCode.createTime, new Date(Date.now() - HOUR_MS))));
  return row.n;
}

/**
 * The limits are counted on what was asked (phone, address, account name), never on what exists, so
 * hitting one tells nothing about accounts: one code per phone per 60 s, and per hour 5 per phone,
 * 20 per address and 5 per account name.
 */
async function assertWithinLimits(db: Db, mobile: string, ip: string, account: string | null): Promise<void> {
  const [last] = await db
    .select({ at: sysSmsCode.createTime })
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.mobile, mobile), inArray(sysSmsCode.purpose, CODE_PURPOSES)))
    .orderBy(desc(sysSmsCode.createTime))
    .limit(1);
  if (last && Date.now() - last.at.getTime() < SMS_RESEND_SECONDS * 1000) throw new BizError(SmsMsg.tooFrequent);
  if ((await countSince(db, eq(sysSmsCode.mobile, mobile))) >= SMS_LIMITS.perPhonePerHour) throw new BizError(SmsMsg.tooFrequent);
  if ((await countSince(db, eq(sysSmsCode.ip, ip))) >= SMS_LIMITS.perIpPerHour) throw new BizError(SmsMsg.tooFrequent);
  if (account && (await countSince(db, eq(sysSmsCode.account, account))) >= SMS_LIMITS.perAccountPerHour) throw new BizError(SmsMsg.tooFrequent);
}

/** /user/alteration step 1: a ticket for the account name, issued whether or not the account exists. */
export async function issueTicket(db: Db, username: string, ip: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  const id = newId();
  await db
    .insert(sysSmsCode)
    .values({ id, purpose: TICKET, account: accountKey(username), codeHash: hashOf(id, ticket), ip, expiresAt: new Date(Date.now() + TICKET_TTL_MS) });
  return `${id}.${ticket}`;
}

async function ticketValid(db: Db, username: string, ticket: string): Promise<boolean> {
  const [id, secret] = ticket.split('.');
  if (!id || !secret) return false;
  const [row] = await db
    .select()
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.id, id), eq(sysSmsCode.purpose, TICKET)))
    .limit(1);
  return !!row && row.account === accountKey(username) && row.expiresAt.getTime() > Date.now() && sameHash(row.codeHash, hashOf(id, secret));
}

/**
 * Records one asked-for code (it counts against the limits either way) and answers the six digits to send.
 * An undeliverable code is stored as the hash of a secret nobody knows: it can never be matched.
 */
async function storeCode(
  db: Db,
  row: { purpose: string; mobile: string; account: string | null; userId: string | null; ip: string },
  deliver: boolean,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = newId();
  const secret = deliver ? code : randomBytes(24).toString('hex');
  await db.insert(sysSmsCode).values({ id, ...row, codeHash: hashOf(id, secret), expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS) });
  return code;
}

/**
 * POST /sys/sms. The answer is the same whether or not an account has the phone (or, for smsmode 2,
 * whether the account exists and has that phone): a code is recorded either way, and delivered only
 * to a phone that may use it.
 */
export async function sendSms(deps: SmsDeps, body: SmsBody, client: ClientInfo): Promise<void> {
  const { db } = deps;
  const mobile = body.mobile;
  let account: string | null = null;
  if (body.smsmode === SmsMode.forgot) {
    if (!body.username || !body.ticket || !(await ticketValid(db, body.username, body.ticket))) throw new BizError(SmsMsg.ticketInvalid);
    account = accountKey(body.username);
  } else {
    if (!body.captcha?.trim() || !body.checkKey) throw new BizError(SmsMsg.captchaRequired);
    if (!(await consumeCaptcha(db, body.checkKey, body.captcha))) throw new BizError(Msg.captchaWrong);
  }
  await pruneCodes(db);
  await assertWithinLimits(db, mobile, client.ip, account);

  const owner = await userByPhone(db, mobile);
  let userId: string | null = null;
  let deliver: boolean;
  if (body.smsmode === SmsMode.register) deliver = !owner;
  else if (body.smsmode === SmsMode.login) {
    deliver = owner?.status === 1;
    userId = deliver ? owner!.id : null;
  } else {
    deliver = owner?.status === 1 && accountKey(owner.username) === account;
    userId = deliver ? owner!.id : null;
  }

  const code = await storeCode(db, { purpose: body.smsmode, mobile, account, userId, ip: client.ip }, deliver);
  if (!deliver) return;
  try {
    await deps.provider.send({ mobile, smsmode: body.smsmode, code, ip: client.ip });
  } catch (error) {
    // The answer stays the same (a different one would tell that the phone has an account); the operator sees the log.
    deps.onSendError(error);
  }
}

/**
 * A code to a signed-in user's new phone (安全设置, smsmode 3): bound to that user, under the same limits
 * (per phone, per address, per account) as the public purposes. `refusal` is the caller's reason the
 * phone cannot be this user's (another account has it): the ask is recorded all the same, as a code
 * nobody can match, and only then refused, so that asking about phones one by one runs into the limits
 * like asking for codes does. A failed delivery is told: a signed-in user learns nothing from it.
 */
export async function sendChangePhoneCode(
  deps: SmsDeps,
  user: { id: string; username: string },
  mobile: string,
  client: ClientInfo,
  refusal: string | null,
): Promise<void> {
  const { db } = deps;
  const account = accountKey(user.username);
  await pruneCodes(db);
  await assertWithinLimits(db, mobile, client.ip, account);
  const code = await storeCode(db, { purpose: SmsMode.changePhone, mobile, account, userId: refusal ? null : user.id, ip: client.ip }, !refusal);
  if (refusal) throw new BizError(refusal);
  try {
    await deps.provider.send({ mobile, smsmode: SmsMode.changePhone, code, ip: client.ip });
  } catch (error) {
    deps.onSendError(error);
    throw new BizError(SmsMsg.sendFailed);
  }
}

export type CodeCheck = {
  purpose: string;
  mobile: string;
  code: string;
  /** the user the code must be bound to; null for a registration code (bound to no user yet) */
  userId: string | null;
  /** 'verify' marks the code verified and keeps it; 'consume' uses it up (and may require it verified first) */
  mode: 'verify' | 'consume';
  requireVerified?: boolean;
};

/**
 * Checks a code: the latest one asked for that phone and purpose, not expired, not used, bound to the
 * given user. A wrong try counts against the code; the fifth kills it. Consuming is one conditional
 * update, so two requests racing with the same code cannot both succeed.
 */
export async function checkCode(db: Db, c: CodeCheck): Promise<boolean> {
  const [row] = await db
    .select()
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.mobile, c.mobile), eq(sysSmsCode.purpose, c.purpose)))
    .orderBy(desc(sysSmsCode.createTime))
    .limit(1);
  if (!row || row.consumedAt || row.expiresAt.getTime() <= Date.now()) return false;
  const matches = sameHash(row.codeHash, hashOf(row.id, c.code.trim())) && row.userId === c.userId;
  if (!matches) {
    await db
      .update(sysSmsCode)
      .set({
        attempts: sql`${sysSmsCode.attempts} + 1`,
        consumedAt: sql`case when ${sysSmsCode.attempts} + 1 >= ${SMS_CODE_MAX_ATTEMPTS} then now() else null end`,
      })
      .where(and(eq(sysSmsCode.id, row.id), isNull(sysSmsCode.consumedAt)));
    return false;
  }
  if (c.requireVerified && !row.verifiedAt) return false;
  const live = and(eq(sysSmsCode.id, row.id), isNull(sysSmsCode.consumedAt), gt(sysSmsCode.expiresAt, new Date()));
  const done = await db
    .update(sysSmsCode)
    .set(c.mode === 'consume' ? { consumedAt: new Date() } : { verifiedAt: new Date() })
    .where(live)
    .returning({ id: sysSmsCode.id });
  return done.length === 1;
}

/** Codes and tickets a day old are of no use, not even to the hourly limits. */
export async function pruneCodes(db: Db): Promise<void> {
  await db.delete(sysSmsCode).where(sql`${sysSmsCode.createTime} < now() - interval '1 day'`);
}

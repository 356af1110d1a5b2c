import { createHmac, randomUUID } from 'node:crypto';
import type { AliyunSmsConfig, SmsConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysSmsOutbox } from './sms.table.ts';
import { renderStored } from '../../core/notice/notice-template.ts';

export type SmsMessage = { mobile: string; smsmode: string; code: string; ip: string | null };

/** Where a code goes. `send` resolves once the provider accepted the message and throws when it did not. */
export type SmsProvider = { name: string; send: (message: SmsMessage) => Promise<void> };

/** The seeded wording of the 消息模板 sms_verify_code (the demo outbox writes it as the template first said). */
export const smsText = (code: string) => `【商标维权服务系统】您的验证码为 ${code}，5分钟内有效，请勿告诉他人。`;

/** The development outbox (no provider configured): the message lands in sys_sms_outbox, readable in 短信发件箱. */
export function outboxProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    send: async (m) => {
      // the wording is the 消息模板 sms_verify_code (issue 38), so an administrator can reword it
      const { content } = await renderStored(db, 'sms_verify_code', { code: m.code });
      await db
        .insert(sysSmsOutbox)
        .values({ id: newId(), mobile: m.mobile, smsmode: m.smsmode, content: content.slice(0, 500), code: m.code, ip: m.ip, createTime: new Date() });
    },
  };
}

/** RFC 3986 percent-encoding as Alibaba Cloud's RPC signature wants it (space %20, `*` %2A, `~` kept). */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Alibaba Cloud RPC signature version 1.0: HMAC-SHA1 with key `secret&` over
 * `METHOD&%2F&encode(sorted, encoded query)`, base64.
 */
export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** 阿里云短信服务 Dysms `SendSms` (API version 2017-05-25) over its RPC HTTP API; the template's variable is `code`. */
export function aliyunProvider(config: AliyunSmsConfig, fetcher: typeof fetch = fetch): SmsProvider {
  return {
    name: 'aliyun',
    send: async (m) => {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: m.mobile,
        RegionId: 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code: m.code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = new URLSearchParams({ ...params, Signature: aliyunSignature('POST', params, config.accessKeySecret) });
      const res = await fetcher(config.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        signal: AbortSignal.timeout(8000),
      });
      const answer = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null;
      if (!res.ok || answer?.Code !== 'OK') throw new Error(`阿里云短信发送失败：${answer?.Code ?? res.status} ${answer?.Message ?? ''}`.trim());
    },
  };
}

export function providerOf(config: SmsConfig, db: Db): SmsProvider {
  return config.provider === 'aliyun' && config.aliyun ? aliyunProvider(config.aliyun) : outboxProvider(db);
}

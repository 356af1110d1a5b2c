import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the tests read it: the first receiver, the subject and the text body. */
export type ReceivedMail = { to: string; subject: string; text: string };

export type TestSmtp = { port: number; received: ReceivedMail[]; state: { refuse: boolean }; close: () => Promise<void> };

/**
 * A real SMTP server on a local port (0: any free one), for the message module's server tests and e2e:
 * what arrives is parsed with mailparser; `state.refuse` makes it answer 451 to every message (an outage).
 */
export async function startTestSmtp(port = 0, refuse = false): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { refuse };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('邮件服务暂不可用'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          received.push({ to: to?.value[0]?.address ?? '', subject: mail.subject ?? '', text: (mail.text ?? '').trim() });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { port: (server.server.address() as AddressInfo).port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

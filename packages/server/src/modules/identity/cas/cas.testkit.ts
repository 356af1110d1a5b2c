import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CAS server of the protocol's own rules, for the tests (server and e2e): `/login` (a form, or a
 * ticket at once for `?username=`), `/serviceValidate` and `/p3/serviceValidate` (a ticket is good for one
 * validation, for the service it was issued for), `/logout` (ends the CAS session, back to `service`).
 */
export type FakeCas = {
  url: string;
  /** a ticket as `/login` would hand it to the browser */
  issueTicket: (username: string, service: string) => string;
  /** the services `/logout` was called with, in order */
  logouts: string[];
  validations: number;
  /** the next validation answers this body as is */
  nextAnswer: string | null;
  close: () => Promise<void>;
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeCas(): Promise<FakeCas> {
  const tickets = new Map<string, { username: string; service: string }>();
  const issueTicket = (username: string, service: string) => {
    const ticket = `ST-${randomBytes(12).toString('hex')}`;
    tickets.set(ticket, { username, service });
    return ticket;
  };
  const withTicket = (service: string, ticket: string) => `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
  const xml = (inner: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${inner}</cas:serviceResponse>`;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.local');
    const service = url.searchParams.get('service') ?? '';
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>统一身份认证</title></head><body><main>${body}</main></body></html>`);
    };
    if (url.pathname === '/login' && req.method === 'GET') {
      const username = url.searchParams.get('username');
      if (username && service) {
        res.writeHead(302, { location: withTicket(service, issueTicket(username, service)) }).end();
        return;
      }
      html(
        `<h1>统一身份认证</h1><form method="post" action="/login?service=${encodeURIComponent(service)}"><label>CAS 用户名 <input name="username" required></label><button type="submit">CAS 登录</button></form>`,
      );
      return;
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const username = new URLSearchParams(body).get('username') ?? '';
        res.writeHead(302, { location: withTicket(service, issueTicket(username, service)) }).end();
      });
      return;
    }
    if (url.pathname === '/serviceValidate' || url.pathname === '/p3/serviceValidate') {
      fake.validations++;
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      if (fake.nextAnswer !== null) {
        res.end(fake.nextAnswer);
        fake.nextAnswer = null;
        return;
      }
      const ticket = url.searchParams.get('ticket') ?? '';
      const found = tickets.get(ticket);
      // Protocol: a ticket is spent by its first validation, whatever its outcome.
      tickets.delete(ticket);
      if (!found) {
        res.end(xml(`<cas:authenticationFailure code="INVALID_TICKET">Ticket ${esc(ticket)} not recognized</cas:authenticationFailure>`));
      } else if (found.service !== service) {
        res.end(xml(`<cas:authenticationFailure code="INVALID_SERVICE">Ticket ${esc(ticket)} does not match supplied service</cas:authenticationFailure>`));
      } else {
        res.end(
          xml(
            `<cas:authenticationSuccess><cas:user>${esc(found.username)}</cas:user><cas:attributes><cas:mail>${esc(found.username)}@example.org</cas:mail></cas:attributes></cas:authenticationSuccess>`,
          ),
        );
      }
      return;
    }
    if (url.pathname === '/logout') {
      fake.logouts.push(service);
      if (service) res.writeHead(302, { location: service }).end();
      else html('<h1>您已退出统一身份认证</h1>');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeCas = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issueTicket,
    logouts: [],
    validations: 0,
    nextAnswer: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}

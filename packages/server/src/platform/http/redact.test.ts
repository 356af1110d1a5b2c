import { describe, expect, it } from 'vitest';
import { redactedPath, redactedQuery, redactedUrl } from './redact.ts';

describe('addresses keep no secrets: a one-time token in a path, a token, ticket, code or password in a query', () => {
  it('a path segment filling a secret parameter of its route is replaced; other parameters stay', () => {
    expect(redactedPath('/jeecg-boot/thirdLogin/getLoginUser/abcDEF123', '/jeecg-boot/thirdLogin/getLoginUser/:token')).toBe(
      '/jeecg-boot/thirdLogin/getLoginUser/***',
    );
    expect(redactedPath('/jeecg-boot/sys/dict/getDictItems/sex', '/jeecg-boot/sys/dict/getDictItems/:dictCode')).toBe('/jeecg-boot/sys/dict/getDictItems/sex');
    expect(redactedPath('/a/b', undefined)).toBe('/a/b');
  });

  it('query values of token, ticket, code and password are replaced whatever the case; names and other values are kept', () => {
    expect(redactedQuery('ticket=ST-1-abc&service=http%3A%2F%2Fx%2Fuser%2Flogin')).toBe('ticket=***&service=http%3A%2F%2Fx%2Fuser%2Flogin');
    expect(redactedQuery('Token=t1&code=c1&PASSWORD=p1&state=s&dictCode=sex')).toBe('Token=***&code=***&PASSWORD=***&state=s&dictCode=sex');
    expect(redactedQuery('flag&to%6Ben=x')).toBe('flag&to%6Ben=***');
  });

  it('a request address: both at once', () => {
    expect(
      redactedUrl({ url: '/api/thirdLogin/getLoginUser/secret-1?token=secret-2&page=1', routeOptions: { url: '/api/thirdLogin/getLoginUser/:token' } }),
    ).toBe('/api/thirdLogin/getLoginUser/***?token=***&page=1');
  });
});

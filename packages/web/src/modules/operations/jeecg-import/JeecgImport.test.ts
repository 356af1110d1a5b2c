import { describe, expect, it } from 'vitest';
import { parseMysqlUrl } from './JeecgImport.tsx';

describe('数据导入: a pasted connection address fills the form (issue 40)', () => {
  it('reads user, password, host, port and database, decoding what the address escapes', () => {
    expect(parseMysqlUrl(' mysql://reader:p%40ss%3Aword@10.0.0.5:3307/jeecg-boot ')).toEqual({
      host: '10.0.0.5',
      port: 3307,
      database: 'jeecg-boot',
      user: 'reader',
      password: 'p@ss:word',
    });
  });

  it('takes 3306 when no port is given, and mariadb:// alike', () => {
    expect(parseMysqlUrl('mariadb://root@db.example/jeecg')).toEqual({ host: 'db.example', port: 3306, database: 'jeecg', user: 'root', password: '' });
  });

  it('is no address without a database, or of another scheme, or half typed', () => {
    expect(parseMysqlUrl('mysql://root@127.0.0.1:3306/')).toBeNull();
    expect(parseMysqlUrl('postgres://postgres@127.0.0.1:5432/x')).toBeNull();
    expect(parseMysqlUrl('mysql://')).toBeNull();
  });
});

import { ReportMsg } from '@sbwq/contracts';

/**
 * Hostile report SQL (two statements, `;` tricks, pg_sleep, COPY, writes inside CTEs, functions with side
 * effects, secret tables, comments and quotes that another reader ends elsewhere than PostgreSQL, unusual
 * characters, dollar quoting, `E''` strings, CTE names shadowing tables, casts and operators), each with the
 * refusal it gets — '' where PostgreSQL's own "cannot parse" answer is the refusal. The guard's unit test
 * and the route-level robustness test (parseSql, add, edit and stored reports run, on both databases) read
 * the same list.
 */
export const HOSTILE_SQL: readonly (readonly [sql: string, message: string])[] = [
  // more than one statement, however the `;` is hidden
  ['select 1; select 2', ReportMsg.oneStatement],
  ['select 1; delete from rights_batch', ReportMsg.oneStatement],
  ["select ';' as a; drop table rights_batch", ReportMsg.oneStatement],
  ['select/*+*/1/**/;/**/delete from rights_batch', ReportMsg.oneStatement],
  // sleeping, reading files, changing settings, side effects
  ['select pg_sleep(10)', ReportMsg.functionDenied('pg_sleep')],
  ['select PG_SLEEP(1)', ReportMsg.functionDenied('pg_sleep')],
  ['select "pg_sleep"(1)', ReportMsg.functionDenied('pg_sleep')],
  ['select pg_catalog.pg_sleep(1)', ReportMsg.functionDenied('pg_catalog.pg_sleep')],
  ['select * from rights_batch where pg_sleep(1) is null', ReportMsg.functionDenied('pg_sleep')],
  ['select count(*) from rights_batch where (select pg_sleep(1)) is null', ReportMsg.functionDenied('pg_sleep')],
  ['select * from rights_batch b, lateral (select pg_sleep(1)) x', ReportMsg.functionDenied('pg_sleep')],
  ["select pg_read_file('/etc/passwd')", ReportMsg.functionDenied('pg_read_file')],
  ["select lo_import('/etc/passwd')", ReportMsg.functionDenied('lo_import')],
  ["select set_config('role', 'postgres', false)", ReportMsg.functionDenied('set_config')],
  ["select current_setting('data_directory')", ReportMsg.functionDenied('current_setting')],
  ["select nextval('some_seq')", ReportMsg.functionDenied('nextval')],
  ['select txid_current()', ReportMsg.functionDenied('txid_current')],
  ['select pg_advisory_lock(1)', ReportMsg.functionDenied('pg_advisory_lock')],
  ["select dblink('host=x', 'select 1')", ReportMsg.functionDenied('dblink')],
  ["select query_to_xml('delete from rights_batch', true, true, '')", ReportMsg.functionDenied('query_to_xml')],
  ['select fin_capital_pool_book(1, 2, 3)', ReportMsg.functionDenied('fin_capital_pool_book')],
  ['select row_to_json(u) from sys_role u', ReportMsg.functionDenied('row_to_json')],
  // other statements: COPY, writes, DDL, locks, procedures, transactions, sessions
  ['copy rights_batch to stdout', ReportMsg.onlySelect],
  ["copy (select 1) to program 'id'", ReportMsg.onlySelect],
  ['delete from rights_batch', ReportMsg.noWrites],
  ['create table x as select 1', ReportMsg.onlySelect],
  ['explain analyze delete from rights_batch', ReportMsg.onlySelect],
  ['call fin_capital_pool_book(1)', ReportMsg.onlySelect],
  ['lock table rights_batch', ReportMsg.onlySelect],
  ["notify x, 'y'", ReportMsg.onlySelect],
  ['prepare p as delete from rights_batch', ReportMsg.onlySelect],
  ['execute p', ReportMsg.onlySelect],
  ['begin', ReportMsg.onlySelect],
  ['set role postgres', ReportMsg.onlySelect],
  ['table sys_user', ReportMsg.tableDenied('sys_user')],
  // writes inside CTEs, at any depth
  ['with d as (delete from rights_batch returning *) select * from d', ReportMsg.noWrites],
  ["with u as (update sys_role set role_name = 'x' returning id) select id from u", ReportMsg.noWrites],
  ["with i as (insert into sys_role(id) values ('x') returning id) select id from i", ReportMsg.noWrites],
  ['select 1 as a where exists (with d as (delete from rights_batch returning 1) select 1 from d)', ReportMsg.noWrites],
  ['select * from (with d as (delete from rights_batch returning id) select id from d) x', ReportMsg.noWrites],
  // locking reads and SELECT INTO
  ['select * from rights_batch for update', ReportMsg.noLocking],
  ['select * from rights_batch for share', ReportMsg.noLocking],
  ['select * from rights_batch for no key update', ReportMsg.noLocking],
  ['select * into evil from rights_batch', ReportMsg.onlySelect],
  // the password table and the other secrets, however named
  ['select username, password, salt from sys_user', ReportMsg.tableDenied('sys_user')],
  ['select b.id from rights_batch b join sys_user u on u.id = b.submit_by', ReportMsg.tableDenied('sys_user')],
  ['select (select password from sys_user limit 1) as p', ReportMsg.tableDenied('sys_user')],
  ['select 1 union all select password from sys_user', ReportMsg.tableDenied('sys_user')],
  ['values ((select password from sys_user limit 1))', ReportMsg.tableDenied('sys_user')],
  ['select array(select password from sys_user)', ReportMsg.tableDenied('sys_user')],
  ['select max(password) over () from sys_user', ReportMsg.tableDenied('sys_user')],
  ['select * from public.SYS_USER', ReportMsg.tableDenied('sys_user')],
  ['select * from public."sys_user"', ReportMsg.tableDenied('sys_user')],
  ['select * from U&"sys_user"', ReportMsg.tableDenied('sys_user')],
  ['select * from sys_session', ReportMsg.tableDenied('sys_session')],
  ['select * from sys_data_source', ReportMsg.tableDenied('sys_data_source')],
  ['select * from pg_catalog.pg_authid', ReportMsg.schemaDenied('pg_catalog.pg_authid')],
  ['select * from pg_shadow', ReportMsg.schemaDenied('pg_shadow')],
  ['select * from pg_stat_activity', ReportMsg.schemaDenied('pg_stat_activity')],
  ['select * from information_schema.tables', ReportMsg.schemaDenied('information_schema.tables')],
  // comments hiding keywords: PostgreSQL nests block comments, so this is SQL after the first */
  ['select 1 /* a comment */ ; delete from rights_batch', ReportMsg.oneStatement],
  ['sel/**/ect 1', ''],
  ['select 1 -- harmless\n; delete from rights_batch', ReportMsg.oneStatement],
  // where two parsers could disagree on where a string ends
  ["select '\\'; delete from rights_batch; --'", ReportMsg.backslash],
  ["select * from rights_batch where batch_name = E'\\x27'", ReportMsg.backslash],
  ['select $$x$$', ReportMsg.dollar],
  ['select $1', ReportMsg.dollar],
  // what a reader other than PostgreSQL's own may take for a comment or a string, and so may not check
  // (the review read every password hash through the first of these)
  ['select 1 as a /* -- */ , username, password from sys_user /*\n*/', ReportMsg.tableDenied('sys_user')],
  ["select 1 as a /* ' */ , username, password from sys_user /* ' */", ReportMsg.tableDenied('sys_user')],
  ['select 1 as a /* " */ , password from sys_user /* " */', ReportMsg.tableDenied('sys_user')],
  ['select 1 as a /* /* nested */ still a comment */ , password from sys_user', ReportMsg.tableDenied('sys_user')],
  ['select 1 as a -- a line comment\r, password from sys_user', ReportMsg.tableDenied('sys_user')],
  ['select 1 as a -- \u2028, password from sys_user\n', ReportMsg.unusualCharacter],
  ['select 1 as a -- \u2029, password from sys_user\n', ReportMsg.unusualCharacter],
  ['select 1 as a -- \u0085, password from sys_user\n', ReportMsg.unusualCharacter],
  // the request schema refuses control characters before the guard sees them, in its own words
  ['select 1 as a /* \u0001 */, password from sys_user', ''],
  ['select 1 as a\ufeff, password from sys_user', ReportMsg.unusualCharacter],
  ['select $a$ */ $a$ as x, password from sys_user', ReportMsg.dollar],
  ["select e'\\' as x, password from sys_user --'", ReportMsg.backslash],
  ["select U&'\\0027' as x, password from sys_user", ReportMsg.backslash],
  ['select 1 /* /* */ ; delete from rights_batch; /* */', ReportMsg.parseFailed('第 1 行第 10 列附近有语法错误，或用了不支持的写法')],
  // a WITH name only hides a table where PostgreSQL resolves it to the WITH
  ['with a as (select * from sys_user) select * from a', ReportMsg.tableDenied('sys_user')],
  ['with sys_user as (select * from sys_user) select * from sys_user', ReportMsg.tableDenied('sys_user')],
  ['select * from (with sys_user as (select 1) select * from sys_user) a, sys_user', ReportMsg.tableDenied('sys_user')],
  // tables outside the allow-list: codes, bindings, outboxes, configuration, the audit trail
  ['select code_hash, id from sys_sms_code', ReportMsg.tableDenied('sys_sms_code')],
  ['select * from sys_sms_outbox', ReportMsg.tableDenied('sys_sms_outbox')],
  ['select * from sys_third_login_step', ReportMsg.tableDenied('sys_third_login_step')],
  ['select * from sys_third_binding', ReportMsg.tableDenied('sys_third_binding')],
  ['select * from sys_data_log', ReportMsg.tableDenied('sys_data_log')],
  ['select * from sys_role_permission', ReportMsg.tableDenied('sys_role_permission')],
  ['select * from onl_cgreport_head', ReportMsg.tableDenied('onl_cgreport_head')],
  ['select * from drizzle.__drizzle_migrations', ReportMsg.schemaDenied('drizzle.__drizzle_migrations')],
  // session state, catalogs, files, sleeping — through functions, casts, operators and syntax
  ["select set_config('session_replication_role', 'replica', false)", ReportMsg.functionDenied('set_config')],
  ['select pg_catalog.pg_advisory_lock(42)', ReportMsg.functionDenied('pg_catalog.pg_advisory_lock')],
  ["select pg_ls_dir('.')", ReportMsg.functionDenied('pg_ls_dir')],
  ["select lpad('x', 1000000000)", ReportMsg.functionDenied('lpad')],
  ["select 'pg_sleep'::regproc", ReportMsg.typeDenied('regproc')],
  ["select 'sys_user'::regclass::oid", ReportMsg.typeDenied('regclass')],
  ['select 1 operator(public.+) 2', ReportMsg.syntaxDenied('OPERATOR(public.+)')],
  ['select * from rights_batch tablesample system (50)', ReportMsg.syntaxDenied('TABLESAMPLE')],
  ["select * from xmltable('/a' passing '<a/>' columns x int)", ReportMsg.syntaxDenied('XMLTABLE')],
  // placeholders out of place or unknown
  ['select * from rights_batch where id = ${id}', ReportMsg.paramUndeclared('id')],
  ['select #{sys_password}', ReportMsg.systemVarUnknown('sys_password')],
  ['select 1 as "${kw}"', ReportMsg.placeholderPlace],
];

/** The one parameter the list's placeholder cases declare (`${kw}`). */
export const HOSTILE_PARAMS = ['kw'] as const;

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client.ts';
import { runSeeds } from '../seed/seed.ts';
import { ADMIN_PASSWORD } from './constants.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated and seeded database each test file copies: an image file (PGlite) or a database name (PostgreSQL). */
    dbTemplate: string;
  }
}

/**
 * Migrating and seeding a database took most of a server test file's start (two seconds of four to
 * six); it is done once per run here, and every file starts from a copy. Migrations and seeds still
 * run for real on an empty database of each kind, here once per run (and in the e2e server's start).
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const seed = (database: Awaited<ReturnType<typeof openDatabase>>) =>
    runSeeds(database.db, { adminPassword: ADMIN_PASSWORD, seedDemo: false, announce: () => undefined });

  if (kind === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    await seed(database);
    const file = path.join(os.tmpdir(), `sbwq-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await database.image!()).arrayBuffer()));
    await database.close();
    project.provide('dbTemplate', file);
    return () => fs.rmSync(file, { force: true });
  }

  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `sbwq_tpl_${randomBytes(6).toString('hex')}`;
  const onServer = async (query: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null, role: 'maintenance' });
  await seed(database);
  await database.close();
  project.provide('dbTemplate', name);
  return () => onServer(`drop database if exists ${name} with (force)`);
}

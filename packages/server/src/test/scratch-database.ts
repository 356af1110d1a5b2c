import pg from 'pg';

/** A scratch PostgreSQL database beside another one: its URL and how to drop it when done. */
export type ScratchDatabase = { url: string; drop: () => Promise<void> };

async function onServer(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(statement);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Creates database `name` on `baseUrl`'s server (a copy of `template` when given). */
export async function createDatabase(baseUrl: string, name: string, template?: string): Promise<ScratchDatabase> {
  await onServer(baseUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(baseUrl, name) };
}

export const dropDatabase = (baseUrl: string, name: string) => onServer(baseUrl, `drop database if exists ${name} with (force)`);

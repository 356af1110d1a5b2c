import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/**/*.table.ts',
  out: './packages/server/drizzle',
});

import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/features/*/*.table.ts',
  out: './src/server/db/migrations',
});

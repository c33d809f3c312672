import { it, expect, inject } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
it('copies', async () => {
  const image = inject('pgliteImage')!;
  writeFileSync('/tmp/exp/migrated.tar', readFileSync(image));
  expect(1).toBe(1);
});

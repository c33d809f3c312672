import { expect, test } from '@playwright/test';
import { ADMIN_STATE, screenshot } from './support';

// The API description (issue 10, finding 7): a readable page for administrators, served under the
// same strict CSP as the rest of the site, with nothing loaded from elsewhere.
test('an administrator reads the API description; nobody else can', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: ADMIN_STATE,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') blocked.push(message.text());
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url() || 'http://127.0.0.1').origin))
      foreign.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: /Sistema Escolar — API/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'alunos' })).toBeVisible();
  const operation = page.locator('details', { hasText: 'POST /api/alunos' }).first();
  await operation.locator('summary').click();
  await expect(operation).toContainText('students.write');
  await expect(operation).toContainText('data_nascimento');
  await screenshot(page, { path: 'test-results/screenshots/api-docs-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: 'test-results/screenshots/api-docs-phone.png' });
  expect(blocked).toEqual([]);
  expect(foreign.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([]);
  await context.close();

  const anonymous = await browser.newContext();
  const response = await anonymous.request.get('/api/docs');
  expect(response.status()).toBe(401);
  await anonymous.close();
});

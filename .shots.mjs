import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3998';
const [email, senha, ...routes] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [tag, width] of [['d', 1280], ['m', 390]]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: /Entrar/ }).click();
  await page.waitForURL(/dashboard|portal|familia|aluno/, { timeout: 30000 });
  for (const route of routes) {
    await page.goto(base + route, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    const name = route.replace(/[^a-z0-9]+/gi, '_');
    await page.screenshot({ path: `/tmp/shots/${email.split('@')[0]}${name}-${tag}.png`, fullPage: tag === 'd' });
  }
  await ctx.close();
}
await browser.close();

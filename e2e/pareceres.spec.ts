import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { currentPeriod, DESKTOP, PHONE, SHOTS } from './journey';
import {
  ADMIN_STATE,
  apiSignIn,
  createStudent,
  dataOf,
  screenshot,
  staffPage,
  todayInSaoPaulo,
} from './support';

// Issue 31 §1 in the browser: a Pré II class; the teacher's parecer (written through the API here, sent
// for review, with a photo of the child's work once the family gave the image consent) reaches the
// coordination's queue; the coordinator — an account holding only the Coordenação pedagógica profile —,
// on a phone, sees the photo, marks it reviewed and publishes it; the family then reads it and sees the
// photo on the child's card, where other stages show the boletim, and downloads the Relatório de
// desenvolvimento. The coordinator's menu offers pareceres and grades, not finance, users or backups.
// Everything is this run's own.

const run = Date.now().toString().slice(-6);

test('a coordinator reviews and publishes a parecer on a phone; the family reads it and its PDF', async ({
  browser,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE, viewport: PHONE });
  const api = adminContext.request;
  const period = await currentPeriod(api);
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: `Pré II ${run}`,
        nivel: 'Educação Infantil',
        serie: 'Pré II',
        turno: 'manha',
        ano_letivo: todayInSaoPaulo().slice(0, 4),
        capacidade_maxima: 18,
        professor_responsavel_id: null,
      },
    }),
  );
  const nome = `Alice Pré ${run}`;
  const guardianEmail = `familia-pre-${run}@escola.test`;
  const created = await createStudent(api, {
    nome,
    turmaId: turma.id,
    nascimento: '2020-08-10',
    guardian: { nome: `Fernanda Pré ${run}`, email: guardianEmail },
  });
  await createStudent(api, {
    nome: `Benício Pré ${run}`,
    turmaId: turma.id,
    nascimento: '2020-09-01',
    guardian: { nome: `Ricardo Pré ${run}` },
  });
  const written = await api.put(`/api/pareceres/${created.aluno.id}/${period.id}`, {
    data: {
      texto: 'Alice chegou tímida e hoje conduz as rodas de conversa.',
      campos: {
        EO: 'Divide os brinquedos e ajuda os colegas.',
        EF: 'Reconta histórias com começo, meio e fim.',
      },
      enviar: true,
    },
  });
  expect(written.status(), await written.text()).toBe(200);
  const purposes = await dataOf<{ id: string; chave: string | null }[]>(
    await api.get('/api/consentimentos/finalidades'),
  );
  const consent = await api.post(`/api/alunos/${created.aluno.id}/consentimentos`, {
    data: { finalidade_id: purposes.find((purpose) => purpose.chave === 'imagem')!.id, concedido: true },
  });
  expect(consent.status(), await consent.text()).toBe(200);
  const drawing = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#F59E0B' },
  })
    .jpeg()
    .toBuffer();
  const photo = await api.post(`/api/pareceres/${created.aluno.id}/${period.id}/fotos`, {
    multipart: { arquivo: { name: 'desenho.jpg', mimeType: 'image/jpeg', buffer: drawing } },
  });
  expect(photo.status(), await photo.text()).toBe(201);

  // The coordination's queue, on a phone, by the Coordenação pedagógica account.
  const { context: coordContext, page } = await staffPage(browser, 'Coordenação pedagógica', PHONE);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu do portal' }).filter({ visible: true });
  await expect(menu.getByRole('link', { name: 'Pareceres' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Notas' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Frequência' })).toBeVisible();
  for (const hidden of ['Financeiro', 'Usuários', 'Configurações'])
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  await screenshot(page, { path: `${SHOTS}/coordenacao-menu-phone.png` });
  await page.goto('/dashboard/pareceres');
  await page.getByRole('tab', { name: 'Para revisar e publicar' }).click();
  const queue = page.getByRole('list', { name: 'Pareceres aguardando a coordenação' });
  await expect(queue.getByRole('button', { name: new RegExp(nome) })).toContainText('Para revisão');
  await screenshot(page, { path: `${SHOTS}/pareceres-fila-phone.png`, fullPage: true });
  await queue.getByRole('button', { name: new RegExp(nome) }).click();
  const editor = page.getByRole('region', { name: nome });
  await expect(editor.getByLabel('O eu, o outro e o nós')).toHaveValue(
    'Divide os brinquedos e ajuda os colegas.',
  );
  const reviewPhoto = editor.getByRole('img', { name: `Trabalho de ${nome}, foto 1 de 1` });
  await expect(reviewPhoto).toBeVisible();
  await reviewPhoto.scrollIntoViewIfNeeded();
  await expect.poll(() => reviewPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await screenshot(page, { path: `${SHOTS}/parecer-foto-revisao-phone.png` });
  await editor.getByRole('button', { name: 'Marcar como revisado' }).click();
  await expect(editor.getByText('Revisado', { exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Publicar para a família' }).click();
  // It asks first, saying the family will read it and be told; then says it is done.
  const confirm = page.getByRole('dialog', { name: 'Publicar o parecer para a família?' });
  await expect(confirm).toContainText('os responsáveis são avisados de que ele foi publicado');
  await confirm.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Parecer publicado para a família.').first()).toBeVisible();
  await expect(editor.getByText('Publicado', { exact: true })).toBeVisible();
  await expect(editor.getByRole('note')).toContainText('Publicado para a família');
  await screenshot(page, { path: `${SHOTS}/pareceres-publicado-phone.png`, fullPage: true });

  // The class view on a desktop: each child with the status of their parecer.
  await page.setViewportSize(DESKTOP);
  await expect(
    page
      .getByRole('list', { name: 'Crianças da turma' })
      .getByRole('button', { name: new RegExp(`Benício Pré ${run}`) }),
  ).toContainText('Sem parecer');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: `${SHOTS}/pareceres-turma-desktop.png` });

  // The family reads it on the child's card and downloads the PDF.
  const guardianContext = await browser.newContext({ viewport: PHONE });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, guardianEmail, [created.senhaGerada ?? ''], 'Pitangueira-Florida-63');
  // The family's Boletim (issue 32 §1): for a child of Educação Infantil, the pareceres.
  await guardian.goto('/dashboard/familia/boletim');
  const child = guardian.getByRole('main');
  const pareceres = child.getByRole('region', { name: 'Pareceres descritivos' });
  await expect(pareceres).toContainText('Reconta histórias com começo, meio e fim.');
  const familyPhoto = pareceres.getByRole('img', { name: `Trabalho de ${nome}, foto 1 de 1` });
  await expect(familyPhoto).toBeVisible();
  await familyPhoto.scrollIntoViewIfNeeded();
  // Served to the family through the authenticated route (loaded, not a broken image).
  await expect.poll(() => familyPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expect(child.getByRole('region', { name: /Boletim/ })).toHaveCount(0);
  await screenshot(guardian, { path: `${SHOTS}/pareceres-familia-phone.png`, fullPage: true });
  const download = guardian.waitForEvent('download');
  await pareceres.getByRole('button', { name: 'Relatório de desenvolvimento (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^relatorio-desenvolvimento-.*\.pdf$/);
  await guardianContext.close();
  await coordContext.close();
  await adminContext.close();
});

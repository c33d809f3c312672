import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { paths } from '../src/shared/routes';
import { completeCpf } from '../src/shared/validators';
import { DESKTOP, lastSchoolDay, PHONE, SHOTS } from './journey';
import { adminPage, apiSignIn, dataOf, screenshot } from './support';

// Issue 32 §1 on a phone: a guardian opens Frequência, justifies the child's absence with a photo of the
// atestado, the school (Direção, on a desktop) accepts it in Frequência → Justificativas, and the
// guardian sees 'Aceita — falta abonada' with the frequency back up. Everything here is its own (`run`).

const run = Date.now().toString().slice(-6);

test('a guardian justifies an absence with a photo on a phone; the school accepts; the guardian sees it', async ({
  browser,
}) => {
  test.slow();
  const admin = await adminPage(browser, DESKTOP);
  const api = admin.page.request;
  const data = await lastSchoolDay(api);
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: `Justificativa ${run}`,
        nivel: 'Fundamental I',
        serie: '3º ano',
        turno: 'manha',
        ano_letivo: data.slice(0, 4),
      },
    }),
  );
  const nome = `Lia Justificada ${run}`;
  const email = `mae.justifica.${run}@escola.test`;
  const created = await dataOf<{ aluno: { id: string }; senhaGerada?: string }>(
    await api.post('/api/alunos', {
      data: {
        nome,
        data_nascimento: '2017-05-10',
        // Arranged data, not the desk's double entry: saved beside any namesake (a retried journey).
        confirmar_homonimo: true,
        matricula: `JF${run}`,
        responsavel: {
          nome: `Mãe de Lia ${run}`,
          email,
          telefone: '(11) 91234-5678',
          cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '2')),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    }),
  );
  const enrolled = await api.post(`/api/turmas/${turma.id}/alunos`, {
    data: { aluno_id: created.aluno.id, data_enturmacao: data },
  });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  const roll = await api.put(`/api/frequencia/turmas/${turma.id}`, {
    data: { data, faltas: [{ aluno_id: created.aluno.id }] },
  });
  expect(roll.ok(), await roll.text()).toBe(true);

  // The guardian, on a phone: Frequência shows the absence with 'Justificar'.
  const familyContext = await browser.newContext({ viewport: PHONE });
  const family = await familyContext.newPage();
  await apiSignIn(family.request, email, [created.senhaGerada ?? ''], 'Jabuticaba-Doce-37');
  await family.goto(paths.familyAttendance);
  await expect(family.getByRole('heading', { level: 1, name: 'Frequência' })).toBeVisible();
  await expect(family.getByTestId('frequencia-geral')).toHaveText('0,0 %');
  const day = family.getByTestId(`falta-${data}`);
  await day.getByRole('button', { name: 'Justificar' }).click();
  const dialog = family.getByRole('dialog', { name: 'Justificar falta' });
  await dialog.getByLabel(/Motivo da falta/).fill('Febre; atestado da pediatra');
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .toBuffer();
  await family.getByTestId('atestado-arquivo').setInputFiles({
    name: 'atestado.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(dialog.getByText('atestado.jpg')).toBeVisible();
  await screenshot(family, { path: `${SHOTS}/justificativa-modal-phone.png` });
  await dialog.getByRole('button', { name: 'Enviar justificativa' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(day.getByText('Enviada — aguardando a escola')).toBeVisible();
  // The 'Justificar' that opened the dialog is gone: the keyboard's focus is on the day, not at the top.
  await expect(day).toBeFocused();
  await expect(day.getByRole('link', { name: 'Atestado enviado' })).toBeVisible();
  await screenshot(family, { path: `${SHOTS}/justificativa-enviada-phone.png`, fullPage: true });

  // The school: Frequência → Justificativas, the atestado in sight, Aceitar.
  await admin.page.goto(`${paths.attendance}?aba=justificativas`);
  const item = admin.page.getByRole('listitem').filter({ hasText: nome });
  await expect(item.getByRole('img', { name: `Atestado de ${nome}` })).toBeVisible();
  await screenshot(admin.page, { path: `${SHOTS}/justificativas-fila-desktop.png`, fullPage: true });
  await item.getByRole('button', { name: 'Aceitar' }).click();
  const accept = admin.page.getByRole('dialog', { name: 'Aceitar justificativa' });
  await accept.getByLabel(/Mensagem à família/).fill('Atestado recebido. Melhoras!');
  await accept.getByRole('button', { name: 'Aceitar e abonar' }).click();
  await expect(admin.page.getByText('Justificativa aceita: falta abonada.')).toBeVisible();
  await expect(item).toHaveCount(0);

  // The guardian sees it accepted, the answer, and the absence no longer counting.
  await family.reload();
  await expect(day.getByText('Aceita — falta abonada')).toBeVisible();
  await expect(day.getByText(/Atestado recebido\. Melhoras!/)).toBeVisible();
  await expect(family.getByTestId('frequencia-geral')).toHaveText('100,0 %');
  await screenshot(family, { path: `${SHOTS}/justificativa-aceita-phone.png`, fullPage: true });
  await family.setViewportSize(DESKTOP);
  await screenshot(family, { path: `${SHOTS}/justificativa-aceita-desktop.png`, fullPage: true });
  await familyContext.close();
  await admin.context.close();
});

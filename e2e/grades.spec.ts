import { expect, test, type Locator } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { currentPeriod, DESKTOP, PHONE, SHOTS } from './journey';
import { adminPage, apiSignIn, dataOf, screenshot, todayInSaoPaulo } from './support';

// Issue 14 in the browser: a teacher creates avaliações and types a column with the keyboard and
// pastes another from a spreadsheet, reloads and sees them with the average; the admin closes the
// period (read-only banner), rectifies a grade with a reason and publishes; the teacher asks for a
// retificação of a locked grade and the admin approves it from the queue; the guardian opens the
// boletim (with the corrected average) and downloads the PDF. Everything is this journey's own (names with `run`).

const run = Date.now().toString().slice(-6);

/** Pastes text into an input as a spreadsheet would (the clipboard event with text/plain). */
async function pasteInto(input: Locator, text: string) {
  await input.focus();
  await input.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Where each control sits on the screen, in whole pixels: what a refused grade's message must not move. */
async function placesOf(...controls: Locator[]) {
  return Promise.all(
    controls.map(async (control) => {
      const box = await control.boundingBox();
      expect(box, 'o controle aparece na tela').not.toBeNull();
      return { x: Math.round(box!.x), y: Math.round(box!.y), width: Math.round(box!.width) };
    }),
  );
}

test('grades: keyboard and paste, reload, close, retificação, publish, guardian boletim', async ({
  browser,
}) => {
  // Three people (teacher, admin, guardian) and a retificação round trip: a long journey.
  test.setTimeout(150_000);
  const { context: adminContext, page: admin } = await adminPage(browser, DESKTOP);
  const api = admin.request;
  const period = await currentPeriod(api);

  const teacherEmail = `prof.notas.${run}@escola.test`;
  const saved = await dataOf<{ professor: { id: string }; senhaGerada?: string }>(
    await api.post('/api/professores', {
      data: {
        nome: `Professora Notas ${run}`,
        email: teacherEmail,
        disciplinas: ['Matemática'],
        criar_acesso: true,
      },
    }),
  );
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: `Notas ${run}`,
        nivel: 'Fundamental I',
        serie: '4º ano',
        turno: 'tarde',
        ano_letivo: period.inicio.slice(0, 4),
        professor_responsavel_id: saved.professor.id,
      },
    }),
  );
  const grid = await api.put(`/api/turmas/${turma.id}/disciplinas`, {
    data: {
      disciplinas: [{ disciplina: 'Matemática', professor_id: saved.professor.id, aulas_semanais: 4 }],
    },
  });
  expect(grid.ok(), await grid.text()).toBe(true);

  const names = [`Ana Notas ${run}`, `Bruno Notas ${run}`, `Carla Notas ${run}`] as const;
  const guardianEmail = `mae.notas.${run}@escola.test`;
  const emails = [guardianEmail, `resp.notas.1.${run}@escola.test`, `resp.notas.2.${run}@escola.test`];
  const passwords: string[] = [];
  for (const [index, nome] of names.entries()) {
    const created = await dataOf<{ aluno: { id: string }; senhaGerada?: string }>(
      await api.post('/api/alunos', {
        data: {
          nome,
          data_nascimento: '2016-03-15',
          matricula: `NT${run}${String(index)}`,
          responsavel: {
            nome: `Responsável de ${nome}`,
            email: emails[index],
            telefone: '(11) 91234-5678',
            cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '1')),
            parentesco: 'mae',
            eh_principal: true,
          },
        },
      }),
    );
    passwords.push(created.senhaGerada ?? '');
    const enrolled = await api.post(`/api/turmas/${turma.id}/alunos`, {
      data: { aluno_id: created.aluno.id, data_enturmacao: period.inicio },
    });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
  }
  const guardianPassword = passwords[0] ?? '';
  expect(guardianPassword).not.toBe('');

  // The teacher, on a desktop: 'Notas' from the menu, then the class, subject and period.
  const teacherContext = await browser.newContext({ viewport: DESKTOP });
  const teacher = await teacherContext.newPage();
  await apiSignIn(teacher.request, teacherEmail, [saved.senhaGerada ?? ''], 'Goiabeira-Madura-37');
  await teacher.goto('/dashboard');
  await teacher.getByRole('link', { name: 'Notas' }).first().click();
  await expect(teacher.getByRole('heading', { level: 1, name: 'Notas' })).toBeVisible();
  await teacher.getByLabel('Turma', { exact: true }).selectOption({ label: `Notas ${run}` });
  await teacher.getByLabel('Disciplina').selectOption('Matemática');
  await teacher.getByLabel('Período').selectOption(period.id);

  for (const nome of ['Prova 1', 'Trabalho']) {
    await teacher.getByRole('button', { name: 'Nova avaliação' }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Nova avaliação' });
    await dialog.getByLabel('Nome').fill(nome);
    await dialog.getByLabel('Data').fill(todayInSaoPaulo());
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const cell = (avaliacao: string, aluno: string) =>
    teacher.getByRole('textbox', { name: `${avaliacao} de ${aluno}` });

  // Keyboard: a column typed with Enter, '7,5' and '8.5' alike; Carla's stays not given.
  await cell('Prova 1', names[0]).click();
  await teacher.keyboard.type('7,5');
  await teacher.keyboard.press('Enter');
  await expect(cell('Prova 1', names[1])).toBeFocused();
  await teacher.keyboard.type('8.5');
  await teacher.keyboard.press('Enter');
  // Outside the scale: refused in place with the server's message, and named under the grid. Neither
  // moves a cell (the message widened the column, and the list above pushed the grid down).
  const around = [cell('Prova 1', names[2]), cell('Trabalho', names[2]), cell('Prova 1', names[1])];
  const places = await placesOf(...around);
  await teacher.keyboard.type('11');
  await expect(cell('Prova 1', names[2])).toHaveAttribute('aria-invalid', 'true');
  await expect(cell('Prova 1', names[2])).toHaveAccessibleDescription(
    'Nota fora da escala: de 0 a 10. Quis dizer 1,1?',
  );
  const unsaved = teacher.getByRole('alert', { name: 'Notas não salvas' });
  await expect(unsaved).toContainText(`${names[2]} — Prova 1: “11”`);
  expect(await placesOf(...around)).toEqual(places);
  await screenshot(teacher, { path: `${SHOTS}/notas-erro-desktop.png`, fullPage: true });
  // 'Salvar' does not pass over it: the teacher is taken back to the cell, with what was typed.
  await teacher.getByRole('button', { name: 'Salvar' }).click();
  await expect(cell('Prova 1', names[2])).toBeFocused();
  await expect(cell('Prova 1', names[2])).toHaveValue('11');
  await teacher.keyboard.press('Backspace');
  await teacher.keyboard.press('Backspace');
  await expect(unsaved).toHaveCount(0);

  // Paste: a column copied from a spreadsheet fills down.
  await pasteInto(cell('Trabalho', names[0]), '6\r\n9,5\r\n10\r\n');
  await expect(cell('Trabalho', names[2])).toHaveValue('10');
  for (const nome of names)
    await expect(teacher.getByRole('row', { name: new RegExp(nome) })).toContainText('salvo');
  await screenshot(teacher, { path: `${SHOTS}/notas-grade-desktop.png`, fullPage: true });

  await teacher.reload();
  await expect(cell('Prova 1', names[0])).toHaveValue('7,5');
  await expect(cell('Prova 1', names[1])).toHaveValue('8,5');
  await expect(cell('Prova 1', names[2])).toHaveValue('');
  await expect(cell('Trabalho', names[1])).toHaveValue('9,5');
  // Ana: (7,5 + 6,0) / 2 = 6,75 → 6,8 (half-up); Carla: only the Trabalho counts.
  await expect(teacher.getByRole('row', { name: new RegExp(names[0]) })).toContainText('6,8');
  await expect(teacher.getByRole('row', { name: new RegExp(names[2]) })).toContainText('10,0');

  // On a phone: one student at a time with next/previous.
  await teacher.setViewportSize(PHONE);
  await expect(teacher.getByRole('heading', { name: names[0] })).toBeVisible();
  await teacher.getByRole('button', { name: /Próximo/ }).click();
  await expect(teacher.getByRole('heading', { name: names[1] })).toBeVisible();
  await screenshot(teacher, { path: `${SHOTS}/notas-phone.png`, fullPage: true });
  // A refused grade on the card says why on the line kept under it: the grade keeps its place (the message
  // pushed it aside) and so does the next one (the list of refused grades now comes under the card).
  await teacher.getByRole('button', { name: /Próximo/ }).click();
  await expect(teacher.getByRole('heading', { name: names[2] })).toBeVisible();
  const card = [cell('Prova 1', names[2]), cell('Trabalho', names[2])];
  await cell('Trabalho', names[2]).scrollIntoViewIfNeeded();
  const onCard = await placesOf(...card);
  await cell('Prova 1', names[2]).fill('75');
  await expect(cell('Prova 1', names[2])).toHaveAccessibleDescription(
    'Nota fora da escala: de 0 a 10. Quis dizer 7,5?',
  );
  await expect(unsaved).toContainText(`${names[2]} — Prova 1: “75”`);
  expect(await placesOf(...card)).toEqual(onCard);
  await screenshot(teacher, { path: `${SHOTS}/notas-erro-phone.png` });
  await cell('Prova 1', names[2]).fill('');
  await expect(unsaved).toHaveCount(0);
  await expect(
    teacher.getByRole('region', { name: `Notas de ${names[2]}` }).getByText('salvo', { exact: true }),
  ).toBeVisible();

  // The coordenação asks who still has grades to enter: Carla's Prova 1 is missing; 'Abrir' opens the grid.
  await admin.goto('/dashboard/notas');
  const progress = admin.getByRole('region', { name: /^Lançamento de notas — / });
  await progress.getByRole('button', { name: 'Ver por turma' }).click();
  await progress.getByLabel('Professor', { exact: true }).selectOption(`Professora Notas ${run}`);
  const line = progress.getByRole('row', { name: new RegExp(`Notas ${run} · Matemática`) });
  await expect(line).toContainText('1 nota faltando');
  await line.getByRole('button', { name: `Abrir as notas de Matemática da turma Notas ${run}` }).click();
  await expect(admin.getByRole('textbox', { name: `Prova 1 de ${names[2]}` })).toHaveValue('');

  // The admin closes the period for the class: read-only with a banner; rectifies Bruno's grade.
  const url = `/dashboard/notas?turma=${turma.id}&disciplina=Matem%C3%A1tica&periodo=${period.id}`;
  await admin.goto(url);
  await admin.getByRole('button', { name: 'Fechar para a turma' }).click();
  // Before closing, the confirmation says what is not ready: Carla's Prova 1, named by subject and teacher.
  const readiness = admin.getByRole('dialog').getByRole('note', { name: 'Antes de confirmar' });
  await expect(readiness).toContainText('Falta 1 nota em avaliações já realizadas:');
  await expect(readiness.getByRole('listitem').filter({ hasText: /^Matemática:/ })).toHaveText(
    `Matemática: 1 nota faltando (prof. Professora Notas ${run})`,
  );
  await admin.getByRole('button', { name: 'Fechar período' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'está fechado' })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: `Prova 1 de ${names[1]}` })).toHaveAttribute('readonly');
  await admin.getByRole('button', { name: `Retificar Prova 1 de ${names[1]}` }).click();
  const rectify = admin.getByRole('dialog', { name: 'Retificar nota' });
  await rectify.getByLabel('Nova nota').fill('9');
  await rectify.getByLabel('Motivo').fill('Erro de digitação na prova');
  await rectify.getByRole('button', { name: 'Retificar' }).click();
  await expect(rectify.getByRole('region', { name: 'Histórico da nota' })).toContainText('Retificação');
  await expect(rectify.getByRole('region', { name: 'Histórico da nota' })).toContainText(
    'Erro de digitação na prova',
  );
  await screenshot(admin, { path: `${SHOTS}/notas-retificar-desktop.png` });
  // The dialog ignores Escape while it saves, and the history shows the change before the saving ends
  // (the grid is read again too): closing waits until the dialog can close.
  await expect(rectify.getByLabel('Fechar')).toBeEnabled();
  await admin.keyboard.press('Escape');
  await expect(rectify).toBeHidden();

  await admin.getByRole('button', { name: 'Publicar para a turma' }).click();
  await admin.getByRole('button', { name: 'Publicar período' }).click();
  await expect(admin.getByText('Publicado', { exact: true })).toBeVisible();
  await screenshot(admin, { path: `${SHOTS}/notas-fechado-desktop.png`, fullPage: true });

  // The period is closed to the teacher: Ana's Trabalho is corrected by asking the coordenação.
  await teacher.setViewportSize(DESKTOP);
  await teacher.reload();
  await expect(cell('Trabalho', names[0])).toHaveAttribute('readonly');
  await expect(teacher.getByRole('status').filter({ hasText: 'toque em “Solicitar”' })).toBeVisible();
  await teacher.getByRole('button', { name: `Solicitar retificação de Trabalho de ${names[0]}` }).click();
  const ask = teacher.getByRole('dialog', { name: 'Solicitar retificação' });
  await expect(ask).toContainText('Atual: 6,0');
  await ask.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(ask.getByText('Explique o motivo da retificação (ao menos 5 caracteres)')).toBeVisible();
  await ask.getByLabel('Nova nota').fill('7');
  await ask.getByLabel('Motivo').fill('Trabalho entregue no prazo, corrigido de novo');
  await screenshot(teacher, { path: `${SHOTS}/notas-solicitar-retificacao-desktop.png` });
  await ask.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(ask).toHaveCount(0);
  await expect(
    teacher.getByRole('img', {
      name: `Retificação pendente de Trabalho de ${names[0]}: 7,0, aguardando a coordenação`,
    }),
  ).toBeVisible();
  // Nothing changes before the approval.
  await expect(cell('Trabalho', names[0])).toHaveValue('6,0');
  const mine = teacher.getByRole('group').filter({ hasText: 'Minhas solicitações de retificação' });
  await expect(mine).toContainText('Pendente');
  await teacher.setViewportSize(PHONE);
  await screenshot(teacher, { path: `${SHOTS}/notas-solicitacoes-phone.png`, fullPage: true });

  // The admin sees it in the queue and approves: the grade and its history change.
  await admin.reload();
  const queue = admin.getByRole('region', { name: /Solicitações de retificação/ });
  const request = queue.getByRole('listitem', {
    name: `Solicitação de Professora Notas ${run}: ${names[0]}, Trabalho`,
  });
  await expect(request).toContainText('De 6,0 para 7,0');
  await screenshot(admin, { path: `${SHOTS}/notas-fila-retificacao-desktop.png`, fullPage: true });
  await admin.setViewportSize(PHONE);
  await screenshot(admin, { path: `${SHOTS}/notas-fila-retificacao-phone.png`, fullPage: true });
  await admin.setViewportSize(DESKTOP);
  await request.getByRole('button', { name: 'Aprovar', exact: true }).click();
  const confirm = admin.getByRole('dialog', { name: 'Aprovar retificação' });
  await confirm.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await expect(queue).toHaveCount(0);
  await expect(admin.getByRole('textbox', { name: `Trabalho de ${names[0]}` })).toHaveValue('7,0');
  await admin.getByRole('button', { name: `Retificar Trabalho de ${names[0]}` }).click();
  const history = admin
    .getByRole('dialog', { name: 'Retificar nota' })
    .getByRole('region', { name: 'Histórico da nota' });
  await expect(history).toContainText('6,0 → 7,0');
  await expect(history).toContainText(
    `Trabalho entregue no prazo, corrigido de novo (solicitada por Professora Notas ${run})`,
  );
  await admin.keyboard.press('Escape');
  await teacher.reload();
  await expect(mine).toContainText('Aprovada');
  await teacherContext.close();

  // The guardian opens Ana's boletim and downloads the PDF.
  const guardianContext = await browser.newContext({ viewport: PHONE });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, guardianEmail, [guardianPassword], 'Jabuticaba-Doce-58');
  // The family's Boletim (issue 32 §1); apiSignIn accepted the privacy notice and terms.
  await guardian.goto('/dashboard/familia/boletim');
  const boletim = guardian.getByRole('region', { name: `Boletim de ${names[0]}` });
  // On a phone the boletim is a card per subject.
  // (7,5 + 7,0) / 2 = 7,25 → 7,3: the boletim follows the approved retificação.
  await expect(boletim.getByRole('listitem').filter({ hasText: 'Matemática' })).toContainText('7,3');
  await screenshot(guardian, { path: `${SHOTS}/boletim-responsavel-phone.png`, fullPage: true });
  const download = guardian.waitForEvent('download');
  await boletim.getByRole('button', { name: 'Baixar PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await guardianContext.close();
  await adminContext.close();
});

import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { addDays } from '../src/shared/calendar';
import { isInfantilSerie } from '../src/shared/classes.schemas';
import type { GradesGrid } from '../src/shared/grades.schemas';
import { shownAverage } from '../src/client/features/grades/grade-grid-logic';
import {
  apiSignIn,
  controlledByServiceWorker,
  demoServerForSpec,
  screenshot,
  todayInSaoPaulo,
} from './support';

// The portal's service worker is part of what this journey checks (the rest block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 35 §3 and §5 (ADR 0053) on the demo school, on a phone: a teacher takes the roll with no
 * connection, the save waits on the device (also through a reload), is sent once when the connection
 * returns, a conflicting change by the administrator is shown and resolved by the teacher, and signing
 * out with a save still waiting asks before discarding it.
 */
const phone = { width: 390, height: 844 };
const TEACHER = { email: 'professor@demo.escola', password: 'Demo-Prof-2026' };
const ADMIN = { email: 'admin@demo.escola', password: 'Demo-Admin-2026' };

interface Roll {
  disciplina: string | null;
  aula: number;
  bloqueio: string | null;
  alunos: { id: string; nome: string; falta: { justificativa: string | null } | null }[];
}

const server = demoServerForSpec();

/**
 * The demo's latest school day before today whose roll the teacher can still take, with a class of
 * theirs on it — none in January, when the demo's school year has not begun (its first day is in
 * February), nor after the last period of the year has closed.
 */
async function openRollDay(
  teacher: APIRequestContext,
  graded = false,
): Promise<{ day: string; turmaId: string } | null> {
  const today = todayInSaoPaulo();
  for (let back = 1; back <= 45; back += 1) {
    const day = addDays(today, -back);
    const classes = (
      (await (await teacher.get(`/api/frequencia/turmas?data=${day}`)).json()) as {
        data?: { id: string; serie: string }[];
      }
    ).data;
    // `graded`: a class with notas (Educação Infantil has pareceres instead, and comes first in school order).
    const turmaId = classes?.find((turma) => !graded || !isInfantilSerie(turma.serie))?.id;
    if (!turmaId) continue;
    const roll = (
      (await (await teacher.get(`/api/frequencia/turmas/${turmaId}?data=${day}`)).json()) as { data?: Roll }
    ).data;
    if (roll && roll.bloqueio === null) return { day, turmaId };
  }
  return null;
}
/** The query keys of the reading copy kept on this device (IndexedDB `consultas`), one per line. */
function keptOnDevice(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const keys: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.includes(':consultas:')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(new Error(String(opening.error)));
      });
      const record = await new Promise<{ state: { queries: { queryKey: unknown }[] } } | undefined>(
        (resolve) => {
          const reading = db.transaction('copia').objectStore('copia').get('consultas');
          reading.onsuccess = () => resolve(reading.result as never);
          reading.onerror = () => resolve(undefined);
        },
      );
      db.close();
      for (const query of record?.state.queries ?? []) keys.push(JSON.stringify(query.queryKey));
    }
    return keys.join('\n');
  });
}

/** The addresses of the rolls kept on this device (IndexedDB `fila`, store `copias`). */
function rollCopies(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const keys: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.includes(':fila:')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(new Error(String(opening.error)));
      });
      if (db.objectStoreNames.contains('copias'))
        keys.push(
          ...(await new Promise<string[]>((resolve) => {
            const reading = db.transaction('copias').objectStore('copias').getAllKeys();
            reading.onsuccess = () => resolve(reading.result.map(String));
            reading.onerror = () => resolve([]);
          })),
        );
      db.close();
    }
    return keys;
  });
}

const NO_OPEN_DAY =
  'A demonstração não tem dia letivo aberto antes de hoje (em janeiro o ano ainda não começou)';

test('a teacher takes the roll offline; it syncs once, a conflict is shown and resolved, sign-out asks', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, TEACHER.email, [TEACHER.password], TEACHER.password);
  const admin = await playwrightRequest.newContext({ baseURL: server.baseURL });
  await apiSignIn(admin, ADMIN.email, [ADMIN.password], ADMIN.password);

  const openDay = await openRollDay(page.request);
  test.skip(openDay === null, NO_OPEN_DAY);
  const { day: DAY, turmaId } = openDay!;
  const readRoll = async (query = '') =>
    (
      (await (await admin.get(`/api/frequencia/turmas/${turmaId}?data=${DAY}${query}`)).json()) as {
        data: Roll;
      }
    ).data;
  const first = await readRoll();
  // A per-lesson class: the lesson the server chose, named in the URL (a daily roll has none).
  const lesson = [
    first.disciplina && `&disciplina=${encodeURIComponent(first.disciplina)}`,
    first.disciplina && `&aula=${String(first.aula)}`,
  ]
    .filter(Boolean)
    .join('');
  const roll = await readRoll(lesson);
  expect(roll.bloqueio).toBeNull();
  const present = roll.alunos.filter((aluno) => aluno.falta === null);
  const [one, two, three, four] = present;
  const absentBefore = roll.alunos.filter((aluno) => aluno.falta !== null).map((aluno) => aluno.id);

  await page.goto(`/dashboard/frequencia?turma=${turmaId}&data=${DAY}${lesson}`);
  const student = (name: string) => page.getByRole('button', { name: `Falta de ${name}`, exact: true });
  await expect(student(one!.nome)).toBeVisible();
  await controlledByServiceWorker(page);
  await expect(student(one!.nome)).toBeVisible();
  // The class's diário, opened on-line in the same visit: offline it is read again from the device's copy.
  await page.getByRole('tab', { name: 'Diário de classe' }).click();
  const diaryLine = /\d+ (aula dada|aulas dadas)/;
  await expect(page.getByText(diaryLine)).toBeVisible();
  await page.goBack();
  await expect(student(one!.nome)).toBeVisible();
  // The copy is written a moment after the answers arrive (throttled): the diary is on the device.
  await expect.poll(() => keptOnDevice(page)).toContain('"diary"');

  // Offline: two absences, Salvar → kept on the device, pending.
  await context.setOffline(true);
  await student(one!.nome).click();
  await student(two!.nome).click();
  await page.getByRole('button', { name: /^Salvar/ }).click();
  await expect(page.getByText('Salvo no aparelho — pendente (1)')).toBeVisible();
  await screenshot(page, { path: 'test-results/chamada-offline-pendente-phone.png', fullPage: false });

  // A reload with no connection: the roll and its pending save are still there.
  await page.reload();
  await expect(page.getByText('Salvo no aparelho — pendente (1)')).toBeVisible();
  await expect(student(one!.nome)).toHaveAttribute('aria-pressed', 'true');
  await expect(student(two!.nome)).toHaveAttribute('aria-pressed', 'true');
  // The banner does not contradict the roll shown from the device (the school years wait beside it).
  await expect(page.getByRole('status', { name: 'Sem conexão' })).toBeVisible();
  await expect(page.getByText(/Esta tela precisa de internet/)).toHaveCount(0);
  // The diário on the same class, with no connection: its last copy, not a spinner that never ends.
  await page.getByRole('tab', { name: 'Diário de classe' }).click();
  await expect(page.getByText(diaryLine)).toBeVisible();
  await expect(page.getByText(/Esta tela precisa de internet|Sem conexão: esta parte/)).toHaveCount(0);
  await page.goBack();
  await expect(student(one!.nome)).toHaveAttribute('aria-pressed', 'true');

  // Online: sent once by itself; the server has exactly those two absences more.
  await context.setOffline(false);
  await expect(page.getByText('Enviado ao servidor.')).toBeVisible({ timeout: 30_000 });
  const synced = await readRoll(lesson);
  expect(
    synced.alunos
      .filter((aluno) => aluno.falta !== null)
      .map((aluno) => aluno.id)
      .sort(),
  ).toEqual([...absentBefore, one!.id, two!.id].sort());

  // Offline again: the teacher marks a third student; meanwhile the admin marks the same one, with a reason.
  await context.setOffline(true);
  await student(three!.nome).click();
  await page.getByRole('button', { name: /^Salvar/ }).click();
  await expect(page.getByText('Salvo no aparelho — pendente (1)')).toBeVisible();
  const faltas = [...absentBefore, one!.id, two!.id].map((id) => ({ aluno_id: id }));
  const adminSave = await admin.put(`/api/frequencia/turmas/${turmaId}`, {
    data: {
      data: DAY,
      ...(roll.disciplina ? { disciplina: roll.disciplina, aula: roll.aula } : {}),
      faltas: [...faltas, { aluno_id: three!.id, justificativa: 'Atestado médico' }],
    },
  });
  expect(adminSave.ok(), await adminSave.text()).toBe(true);
  await context.setOffline(false);
  // The connection's return sends it by itself; 'Sincronizar agora' in the header's list does it too.
  await page.getByRole('button', { name: /(pendente|conflito) \(1\)/ }).click();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await page.keyboard.press('Escape');
  const panel = page.getByRole('region', { name: 'Conflito na chamada' });
  await expect(panel).toContainText('conflito');
  await expect(panel).toContainText('Falta (Atestado médico)');
  await screenshot(page, { path: 'test-results/chamada-offline-conflito-phone.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: 'test-results/chamada-offline-conflito-desktop.png', fullPage: false });
  await page.setViewportSize(phone);
  await panel.getByRole('button', { name: 'Manter o do servidor' }).click();
  await panel.getByRole('button', { name: 'Reenviar com a minha escolha' }).click();
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /pendente|conflito/ })).toHaveCount(0);
  const resolved = await readRoll(lesson);
  expect(resolved.alunos.find((aluno) => aluno.id === three!.id)!.falta).toMatchObject({
    justificativa: 'Atestado médico',
  });

  // Sign-out with a save still waiting: warned; only 'Sair e descartar' discards. (On-line, with the
  // roll's saves failing as a dropped signal would: the sign-out itself needs the server.)
  await page.route(`**/api/frequencia/turmas/${turmaId}`, (route) =>
    route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await student(four!.nome).click();
  await page.getByRole('button', { name: /^Salvar/ }).click();
  await expect(page.getByText('Salvo no aparelho — pendente (1)')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: 'test-results/chamada-offline-pendente-desktop.png', fullPage: false });
  await page.getByRole('button', { name: 'Sair' }).click();
  const warning = page.getByRole('dialog', { name: '1 chamada ainda não enviada' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Salvo no aparelho — pendente (1)')).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sair e descartar' }).click();
  await expect(page).not.toHaveURL(/dashboard/);
  await expect
    .poll(() =>
      page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? '')),
    )
    .toEqual([]);
  await admin.dispose();
  await context.close();
});

interface Grid {
  turma: { id: string; nome: string };
  disciplina: string;
  periodo: { id: string; inicio: string; fim: string };
  escala: string;
  bloqueio: string | null;
  avaliacoes: { id: string; nome: string }[];
  alunos: {
    id: string;
    nome: string;
    notas: { avaliacao_id: string; texto: string | null }[];
    media_texto: string | null;
  }[];
}

test('a grade typed offline waits on the device and is sent when the connection returns', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, TEACHER.email, [TEACHER.password], TEACHER.password);
  const openDay = await openRollDay(page.request, true);
  test.skip(openDay === null, NO_OPEN_DAY);
  const DAY = openDay!.day;
  const gridOf = async (turmaId: string, disciplina: string, periodoId: string) =>
    (
      (await (
        await page.request.get(
          `/api/notas/turmas/${turmaId}?disciplina=${encodeURIComponent(disciplina)}&periodo_id=${periodoId}`,
        )
      ).json()) as { data?: Grid }
    ).data;
  // The period open today and a new assessment of the journey's own in it (the demo's of that period may
  // already have their grades).
  const years = (
    (await (await page.request.get('/api/anos-letivos/')).json()) as {
      data: { periodos: { id: string; inicio: string; fim: string }[] }[];
    }
  ).data;
  const thisYear = years.find((year) =>
    year.periodos.some((period) => period.inicio <= DAY && DAY <= period.fim),
  )!;
  const current = thisYear.periodos.find((period) => period.inicio <= DAY && DAY <= period.fim)!;
  // A subject the teacher grades in the open day's class (this year's: in the year's first weeks there is
  // no assessment of it to start from, the demo's first ones come near the period's end).
  const curriculum = (
    (await (await page.request.get(`/api/turmas/${openDay!.turmaId}/disciplinas`)).json()) as {
      data: { disciplinas: { disciplina: string }[] };
    }
  ).data;
  const grids = await Promise.all(
    curriculum.disciplinas.map(({ disciplina }) => gridOf(openDay!.turmaId, disciplina, current.id)),
  );
  const open = grids.find((grid) => grid !== undefined)!;
  expect(open.bloqueio).toBeNull();
  const created = await page.request.post('/api/avaliacoes', {
    data: {
      turma_id: open.turma.id,
      disciplina: open.disciplina,
      periodo_id: open.periodo.id,
      nome: 'Trabalho sem sinal',
      data: DAY,
      peso: 1,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const grid = open;
  const avaliacao = ((await created.json()) as { data: { id: string; nome: string } }).data;
  const aluno = grid.alunos[0]!;
  const value = { conceitos: 'B', '0-100': '75' }[grid.escala] ?? '7,5';

  // The grid with the new column, as the screen reads it (to work out the average the screen should show).
  const withColumn = (await gridOf(grid.turma.id, grid.disciplina, grid.periodo.id)) as unknown as GradesGrid;
  await page.goto(
    `/dashboard/notas?turma=${grid.turma.id}&disciplina=${encodeURIComponent(grid.disciplina)}&periodo=${grid.periodo.id}`,
  );
  const cell = page.getByRole('textbox', { name: `${avaliacao.nome} de ${aluno.nome}` });
  await expect(cell).toBeVisible();
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await cell.fill(value);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByRole('button', { name: /pendente \(1\)/ })).toBeVisible();
  // The period average already counts the grade waiting on the device: what the server makes of it below.
  const expected = shownAverage(
    withColumn,
    withColumn.alunos.find((student) => student.id === aluno.id)!,
    (_aluno, avaliacaoId) =>
      avaliacaoId === avaliacao.id
        ? value
        : (aluno.notas.find((nota) => nota.avaliacao_id === avaliacaoId)?.texto ?? ''),
  );
  await expect(page.getByText(/^Média do período:/)).toHaveText(`Média do período: ${expected ?? '—'}`);
  await screenshot(page, { path: 'test-results/notas-offline-pendente-phone.png' });
  // The screen's answers are kept on the device a moment after they arrive (the reading copy is written
  // throttled, SAVE_THROTTLE_MS): the school years, the teacher's classes and the class's subjects are
  // there before the app is closed. (Reloaded within that moment, the picker opened with 'Nenhum ano
  // letivo': a retry in two full runs.)
  await expect
    .poll(async () => {
      const kept = await keptOnDevice(page);
      return [
        '["grades","years"]',
        '["grades","classes",',
        `["curriculum","class","${grid.turma.id}"]`,
      ].filter((key) => !kept.includes(key));
    })
    .toEqual([]);
  // The app closed and opened again without signal: the class, its grid and the grade waiting on the
  // device are all there (the class picker was not kept: 'Nenhuma disciplina').
  await page.reload();
  await expect(cell).toBeVisible({ timeout: 30_000 });
  await expect(cell).toHaveValue(value);
  await expect(page.getByRole('button', { name: /pendente \(1\)/ })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /pendente \(1\)/ })).toHaveCount(0, { timeout: 30_000 });
  const after = await gridOf(grid.turma.id, grid.disciplina, grid.periodo.id);
  const row = after!.alunos.find((student) => student.id === aluno.id)!;
  const saved = row.notas.find((nota) => nota.avaliacao_id === avaliacao.id);
  expect(saved?.texto).not.toBeNull();
  expect(row.media_texto).toBe(expected);
  await context.close();
});

test('today’s due rolls are on the phone before the teacher opens them', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, TEACHER.email, [TEACHER.password], TEACHER.password);
  const today = todayInSaoPaulo();
  const classes = (
    (await (await page.request.get(`/api/frequencia/turmas?data=${today}`)).json()) as {
      data: { id: string; aulas: { pendente: boolean }[] }[];
    }
  ).data;
  const due = classes.find((turma) => turma.aulas.some((aula) => aula.pendente));
  test.skip(
    due === undefined,
    'Hoje o professor da demonstração não tem chamada por fazer (fim de semana, feriado, férias ou todas feitas)',
  );
  // On the home, with signal: the roll of today's class is kept on the phone without being opened.
  await page.goto('/dashboard');
  await controlledByServiceWorker(page);
  await expect
    .poll(() => rollCopies(page), { timeout: 30_000 })
    .toContain(`/api/frequencia/turmas/${due!.id}?data=${today}`);
  await expect.poll(() => keptOnDevice(page)).toContain('"roll-classes"');
  // In the classroom, no signal: the class's roll opens from the phone's copy.
  await context.setOffline(true);
  await page.goto(`/dashboard/frequencia?turma=${due!.id}`);
  await expect(page.getByText(/Sem conexão — mostrando a cópia salva neste aparelho/)).toBeVisible();
  await context.setOffline(false);
  await context.close();
});

test('a parecer typed without signal stays on the phone through a reload and is saved once the signal returns', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, TEACHER.email, [TEACHER.password], TEACHER.password);
  // The demo teacher's Pré II, the period of today, a child (seed-pareceres.ts).
  await page.goto('/dashboard/pareceres');
  const child = page
    .getByRole('list', { name: 'Crianças da turma' })
    .getByRole('button', { name: /Alice Moreira Dias/ });
  await expect(child).toBeVisible();
  await controlledByServiceWorker(page);
  await child.click();
  const editor = page.getByRole('region', { name: 'Alice Moreira Dias' });
  const geral = editor.getByLabel('Parecer geral');
  await expect(geral).toBeVisible();
  // The class, its children and pareceres are on the device (the reading copy) before the signal goes.
  await expect.poll(() => keptOnDevice(page)).toContain('"pareceres","list"');

  await context.setOffline(true);
  const text = `Alice montou sozinha o painel das estações (${Date.now().toString().slice(-6)}).`;
  await geral.fill(text);
  await editor.getByRole('button', { name: 'Salvar', exact: true }).click();
  // Said at once, not a spinner: the text is on the phone, to be saved again with signal.
  await expect(editor.getByRole('status')).toHaveText(
    'Sem conexão: o parecer ficou guardado neste aparelho. Salve de novo quando a internet voltar.',
  );

  // The app reloaded (or closed and opened) still without signal: the text is there, and says where it is.
  await page.reload();
  await expect(geral).toHaveValue(text);
  await expect(editor.getByRole('status')).toHaveText(
    'Rascunho guardado neste aparelho — ainda não salvo na escola. Salve quando a internet voltar.',
  );
  await screenshot(page, { path: 'test-results/screenshots/parecer-rascunho-offline-phone.png' });

  await context.setOffline(false);
  await editor.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(editor.getByText('Rascunho guardado neste aparelho', { exact: false })).toHaveCount(0);
  // Saved at the school: read again, it is the server's text, with no draft left on the phone.
  await page.reload();
  await expect(geral).toHaveValue(text);
  await expect(editor.getByRole('status')).toHaveCount(0);
  await context.close();
});

import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminPage, createClass, createStudent, login, uniqueMatricula } from './support';

// Families' data the LGPD way (issue 17). The journey shares the server with the other specs, so every
// name, e-mail, matrícula and CPF carries a per-run suffix; the gallery is only trimmed to make room.
const run = Date.now().toString().slice(-7);

/** A child of this class whose guardian may have a portal account (born 2016, the 4º ano's age). */
const enrolStudent = (
  api: APIRequestContext,
  nome: string,
  turmaId: string,
  guardian: { nome: string; email?: string },
) =>
  createStudent(api, {
    nome,
    turmaId,
    nascimento: '2016-08-20',
    matricula: uniqueMatricula('LGPD'),
    guardian: { ...guardian, telefone: '11987651111' },
  });

/** Leaves room for one more photo in the gallery (at most 10), keeping the others as they are. */
async function makeRoomInGallery(api: APIRequestContext) {
  const state = (await (await api.get('/api/content')).json()) as {
    data: { content: { galeria: { fotos: unknown[] } }; versions: { galeria: number } };
  };
  const galeria = state.data.content.galeria;
  if (galeria.fotos.length < 10) return;
  const saved = await api.put('/api/content/galeria', {
    data: { ...galeria, fotos: galeria.fotos.slice(0, 9) },
    headers: { 'if-match': `"${state.data.versions.galeria}"` },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function publicPhotoTitles(api: APIRequestContext): Promise<string[]> {
  const body = (await (await api.get('/api/content/public')).json()) as {
    data: { galeria: { fotos: { titulo: string }[] } };
  };
  return body.data.galeria.fotos.map((photo) => photo.titulo);
}

async function openStudent(page: Page, nome: string) {
  await page.goto('/dashboard/alunos');
  await page.getByLabel('Buscar').fill(nome);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page
    .getByRole('row', { name: new RegExp(nome) })
    .getByRole('button', { name: `Ver detalhes de ${nome}` })
    .click();
  const details = page.getByRole('dialog', { name: nome });
  await expect(details).toBeVisible();
  return details;
}

test('a family exercises its LGPD rights and the school answers for them', async ({ browser }) => {
  test.slow();
  const ana = `Ana Lgpd ${run}`;
  const bruno = `Bruno Lgpd ${run}`;
  const caio = `Caio Semfoto ${run}`;
  const mae = `Patrícia Lgpd ${run}`;
  const maeEmail = `mae.lgpd.${run}@escola.test`;
  const photoTitle = `Feira de ciências ${run}`;

  const { context: adminContext, page: admin } = await adminPage(browser);
  const turmaId = await createClass(admin.request, `4º Ano L${run}`, { serie: '4º ano' });
  const first = await enrolStudent(admin.request, ana, turmaId, { nome: mae, email: maeEmail });
  // Bruno is enrolled with another (provisional) guardian; the secretaria links his mother below.
  await enrolStudent(admin.request, bruno, turmaId, { nome: `Tia Provisória ${run}` });
  // A classmate whose family never gave image consent.
  await enrolStudent(admin.request, caio, turmaId, { nome: `Outra Família ${run}` });
  expect(first.senhaGerada).toBeTruthy();

  // --- The secretaria edits the guardian's phone and links Bruno to the same guardian.
  let details = await openStudent(admin, ana);
  await details.getByRole('button', { name: `Editar ${mae}` }).click();
  const edit = details.getByRole('form', { name: `Editar ${mae}` });
  await edit.getByLabel('Telefone do responsável').fill('(11) 96543-2100');
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(edit).toBeHidden();
  await expect(details.getByText('(11) 96543-2100')).toBeVisible();
  await details.getByRole('button', { name: 'Fechar' }).last().click();

  details = await openStudent(admin, bruno);
  await details.getByRole('button', { name: 'Vincular responsável existente' }).click();
  const link = details.getByRole('region', { name: 'Vincular responsável existente' });
  await link.getByRole('searchbox').fill(mae);
  await link.getByLabel(/Parentesco com/).selectOption('mae');
  await link.getByRole('button', { name: `Vincular ${mae}` }).click();
  await expect(link).toBeHidden();
  await expect(details.getByText(`${mae} (Mãe)`)).toBeVisible();
  await details.getByRole('button', { name: 'Fechar' }).last().click();

  // --- The guardian: first sign-in, the privacy notice, then image consent for both children.
  const familyContext = await browser.newContext();
  const family = await familyContext.newPage();
  await login(family, maeEmail, first.senhaGerada!);
  await expect(family).toHaveURL(/\/trocar-senha$/);
  await family.getByLabel('Senha atual').fill(first.senhaGerada!);
  await family.getByLabel('Nova senha', { exact: true }).fill('Pitanga-Doce-Madura-31');
  await family.getByLabel('Confirmar nova senha').fill('Pitanga-Doce-Madura-31');
  await family.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(family.getByRole('heading', { name: 'Antes de começar' })).toBeVisible();
  const accept = family.getByRole('button', { name: 'Aceitar e continuar' });
  await expect(accept).toBeDisabled();
  await family.getByLabel('Li e aceito o Aviso de Privacidade e os Termos de Uso.').check();
  await accept.click();
  await expect(family.getByRole('heading', { name: 'Antes de começar' })).toBeHidden();

  await family.goto('/dashboard/meus-dados');
  await expect(family.getByRole('heading', { name: 'Meus dados', level: 1 })).toBeVisible();
  for (const child of [ana, bruno]) {
    const section = family.getByRole('region', { name: `Consentimentos de ${child}` });
    await section
      .getByRole('button', { name: `Autorizar Uso de imagem no site e redes sociais de ${child}` })
      .click();
    await expect(
      section.getByRole('button', { name: `Retirar Uso de imagem no site e redes sociais de ${child}` }),
    ).toBeVisible();
  }

  // --- The content manager: a photo tagged with a child without consent cannot be published.
  await makeRoomInGallery(admin.request);
  await admin.goto('/gerenciar-conteudo');
  await admin.getByRole('button', { name: 'Galeria' }).click();
  await admin.getByRole('button', { name: 'Adicionar foto' }).click();
  const photoForm = admin.getByRole('dialog', { name: 'Adicionar foto' });
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2E86AB' } })
    .jpeg()
    .toBuffer();
  await photoForm
    .getByTestId('image-picker-file')
    .setInputFiles({ name: 'feira.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(photoForm.getByRole('img', { name: 'Prévia' })).toBeVisible();
  await photoForm.getByLabel('Título').fill(photoTitle);
  const search = photoForm.getByLabel('Buscar aluno pelo nome');
  await search.fill(caio);
  await photoForm.getByRole('checkbox', { name: new RegExp(caio) }).check();
  const tagged = photoForm.getByRole('list', { name: 'Alunos marcados na foto' });
  await expect(tagged.getByText(`${caio} (sem consentimento de imagem)`)).toBeVisible();
  await expect(
    photoForm.getByRole('alert').filter({ hasText: 'Esta foto não pode ser publicada' }),
  ).toContainText(caio);
  await photoForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    admin.getByText(
      `A foto "${photoTitle}" mostra aluno sem consentimento de uso de imagem e não pode ser publicada.`,
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  expect(await publicPhotoTitles(admin.request)).not.toContain(photoTitle);

  // Caio is not in the photo after all: untag him, tag Ana (consent given), and publish.
  await tagged.getByRole('button', { name: `Desmarcar ${caio}` }).click();
  await expect(tagged).toBeHidden();
  await search.fill(ana);
  await photoForm.getByRole('checkbox', { name: new RegExp(ana) }).check();
  await expect(
    photoForm.getByRole('list', { name: 'Alunos marcados na foto' }).getByText(`${ana} (com consentimento)`),
  ).toBeVisible();
  await photoForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(photoForm).toBeHidden();
  await expect(
    admin.getByRole('button', { name: new RegExp(`^Alunos na foto ${photoTitle}: 1 marcado$`) }),
  ).toBeVisible();
  await expect.poll(() => publicPhotoTitles(admin.request), { timeout: 15_000 }).toContain(photoTitle);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(
    visitor
      .locator('#galeria')
      .getByRole('button', { name: new RegExp(photoTitle) })
      .first(),
  ).toBeVisible();

  // --- The guardian withdraws Ana's image consent: the photo leaves the public site at once.
  const anaConsents = family.getByRole('region', { name: `Consentimentos de ${ana}` });
  await anaConsents
    .getByRole('button', { name: `Retirar Uso de imagem no site e redes sociais de ${ana}` })
    .click();
  await family
    .getByRole('dialog', { name: 'Retirar consentimento' })
    .getByRole('button', { name: 'Retirar consentimento' })
    .click();
  await expect(
    anaConsents.getByRole('button', { name: `Autorizar Uso de imagem no site e redes sociais de ${ana}` }),
  ).toBeVisible();
  await expect.poll(() => publicPhotoTitles(visitor.request), { timeout: 15_000 }).not.toContain(photoTitle);
  await expect
    .poll(
      async () => {
        await visitor.goto('/');
        return visitor
          .locator('#galeria')
          .getByRole('button', { name: new RegExp(photoTitle) })
          .count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  await visitorContext.close();
  // Bruno's consent is untouched.
  await expect(
    family
      .getByRole('region', { name: `Consentimentos de ${bruno}` })
      .getByRole('button', { name: `Retirar Uso de imagem no site e redes sociais de ${bruno}` }),
  ).toBeVisible();

  // --- 'Meus dados' in JSON: both children, parsed.
  const downloading = family.waitForEvent('download');
  await family.getByRole('button', { name: 'Baixar para outro sistema' }).click();
  const download = await downloading;
  const file = readFileSync(await download.path(), 'utf8');
  const exported = JSON.parse(file) as { data: { filhos: { nome: string }[] } };
  expect(exported.data.filhos.map((child) => child.nome).sort()).toEqual([ana, bruno].sort());
  // Nothing of another family.
  expect(file).not.toContain(caio);

  // --- A deletion request, answered by the secretaria, and the answer seen by the family.
  const requestForm = family.getByRole('form', { name: 'Nova solicitação' });
  await requestForm.getByLabel('Tipo').selectOption('exclusao');
  await requestForm.getByLabel('Sobre').selectOption({ label: bruno });
  await requestForm
    .getByLabel('O que deve ser corrigido ou excluído?')
    .fill(`Excluir as fotos e o cadastro de ${bruno}, que vai mudar de escola.`);
  await requestForm.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(
    family.getByText(`Excluir as fotos e o cadastro de ${bruno}, que vai mudar de escola.`),
  ).toBeVisible();

  await admin.goto('/dashboard/lgpd');
  const answer = admin.getByRole('form', { name: `Responder a solicitação de ${mae}` });
  await expect(answer).toBeVisible();
  await answer.getByLabel('Situação').selectOption('recusada');
  const reason = `${bruno} ainda está matriculado; o histórico escolar é guardado por obrigação legal. Ref ${run}.`;
  await answer.getByLabel('Resposta ao solicitante').fill(reason);
  await answer.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(answer).toBeHidden();

  await family.reload();
  const answered = family.getByRole('listitem').filter({ hasText: reason });
  await expect(answered).toBeVisible();
  await expect(answered.getByText('Recusada', { exact: true })).toBeVisible();
  await familyContext.close();

  // --- Accountability: the secretaria can tell the family who opened Ana's record.
  details = await openStudent(admin, ana);
  const accesses = details.getByRole('region', { name: 'Quem acessou esta ficha' });
  await accesses.getByRole('button', { name: 'Mostrar acessos' }).click();
  await expect(accesses.getByRole('listitem').first()).toContainText('(Administrador)');
  // Each part of the record the screen opened is its own line (issue 29, item 9): the ficha, and the
  // parts its tabs load (prior years, documents, consents…).
  await expect(accesses.getByRole('listitem').filter({ hasText: 'Ficha do aluno' }).first()).toBeVisible();
  await accesses.getByRole('link', { name: 'Ver na Auditoria' }).click();
  await expect(admin.getByRole('tab', { name: 'Acessos a fichas de alunos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(admin.getByText(/Mostrando só os acessos à ficha de/)).toContainText(ana);
  await adminContext.close();
});

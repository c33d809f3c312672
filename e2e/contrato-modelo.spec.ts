import { expect, test } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { ADMIN_STATE } from './support';

test.use({ storageState: ADMIN_STATE });

// Journey (issue 34): the secretaria adapts the contract of enrolment in Configurações. A field the
// system does not know is refused with its name; each save is a new version, kept in the history, and
// the version in force is what the public read shows (the Lei 9.870 publication page uses it).
test('edit the contract template: an unknown field refused, a new version saved, who signs for the school', async ({
  page,
  request,
}) => {
  await page.goto('/dashboard/configuracoes');
  await page.getByRole('tab', { name: 'Contrato de matrícula' }).click();
  await expect(page.getByText('Em vigor: o modelo padrão do sistema.')).toBeVisible();
  const texto = page.getByLabel('Texto do contrato');
  await expect(texto).toHaveValue(/\{\{valor_anual\}\}/);

  await texto.fill(
    'Contrato de matrícula de {{aluno.apelido}} para o ano de {{ano_letivo}}, conforme a lei.',
  );
  await page.getByRole('button', { name: 'Salvar nova versão' }).click();
  await expect(page.getByText(/Campo desconhecido no texto: \{\{aluno\.apelido\}\}/).first()).toBeVisible();

  await texto.fill('Contrato de matrícula de  para o ano de {{ano_letivo}}, conforme a lei e o regimento.');
  // The field list inserts at the cursor: after 'matrícula de '.
  await texto.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(25, 25));
  await page.getByRole('button', { name: /Nome do aluno/ }).click();
  await expect(texto).toHaveValue(/^Contrato de matrícula de \{\{aluno\.nome\}\} para o ano/);
  await page.getByRole('button', { name: 'Pré-visualizar com dados de exemplo' }).click();
  await expect(page.getByRole('region', { name: 'Pré-visualização com dados de exemplo' })).toContainText(
    'Contrato de matrícula de Pedro Souza Lima para o ano de 2027',
  );
  await page.getByRole('button', { name: 'Voltar a editar' }).click();
  await page.getByRole('button', { name: 'Salvar nova versão' }).click();
  await expect(page.getByText('Nova versão do contrato salva')).toBeVisible();
  await expect(page.getByText(/Em vigor: versão 1/)).toBeVisible();
  await expect(page.getByText('Versão 1', { exact: true })).toBeVisible();

  const vigente = await request.get('/api/matriculas/modelos-contrato/vigente');
  expect((await vigente.json()) as unknown).toMatchObject({ data: { versao: 1 } });

  await page.getByLabel('Representante da escola').fill('Marta Ribeiro');
  await page.getByLabel('CPF do representante').fill(completeCpf('111444777'));
  await page.getByLabel('E-mail do representante').fill('direcao@escola.test');
  await page.getByRole('button', { name: 'Salvar signatários' }).click();
  await expect(page.getByText('Signatários salvos')).toBeVisible();
});

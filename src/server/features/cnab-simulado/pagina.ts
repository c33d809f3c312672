/**
 * 'Boletos (CNAB 240)' on the simulated bank's pages (/banco-simulado/boletos, demo only): the school's
 * remessa is uploaded and its retorno downloads; a registered boleto is paid for the amount of the day;
 * the day's retorno with the liquidações downloads. The bank holds the school's agreement as configured
 * (Configurações → Financeiro → Boleto) and lives as long as the app. Server-rendered HTML, no script.
 */
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { boletoConfig } from '../../db/schema/boletos.js';
import { clock } from '../../lib/clock.js';
import { getSchoolIdentity } from '../settings/index.js';
import { ArquivoRecusado, BancoCnabSimulado } from './banco-cnab.js';

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
const reais = (centavos: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(centavos / 100);
const dataBr = (iso: string) => iso.split('-').reverse().join('/');

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#eef2f7;color:#111827;line-height:1.5}
header{background:#4c1d95;color:#fff;padding:16px}header p{margin:0}.marca{font-size:1.15rem;font-weight:700}
.aviso{background:#fef3c7;color:#78350f;padding:10px 16px;font-size:.9rem;margin:0}
main{max-width:720px;margin:0 auto;padding:16px}h1{font-size:1.35rem}h2{font-size:1.1rem;margin-top:0}
.cartao{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:16px}
button,.botao{display:inline-block;padding:10px 16px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer;text-decoration:none;background:#6d28d9;color:#fff}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}table{width:100%;border-collapse:collapse}td,th{padding:8px 4px;border-bottom:1px solid #e5e7eb;text-align:left}
.erro{background:#fee2e2;color:#7f1d1d;border-radius:8px;padding:10px 12px}.ok{background:#d1fae5;color:#065f46;border-radius:8px;padding:10px 12px}`;

function pagina(titulo: string, corpo: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${esc(titulo)} · Banco Simulado</title><style>${STYLE}</style></head><body>
<header><p class="marca">Banco Simulado</p><p>Boletos (CNAB 240)</p></header>
<p class="aviso" role="note"><strong>Simulação.</strong> Este banco existe só na demonstração do Sistema Escolar: nenhum dinheiro de verdade é movimentado.</p>
<main>${corpo}</main></body></html>`;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

const arquivo = (reply: FastifyReply, nome: string, texto: string) =>
  reply
    .header('content-disposition', `attachment; filename="${nome}"`)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=ISO-8859-1')
    .send(Buffer.from(texto, 'latin1'));

const publico = { access: 'public', sessionless: true } as const;

export const paginaDeBoletos: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 1, parts: 2 },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  let banco: { chave: string; banco: BancoCnabSimulado } | null = null;
  // Absolute links: after a POST the page's address is the form's, so relative ones would go astray.
  const base = app.prefix;

  /** The bank of the agreement configured now (a new agreement is a new bank). */
  async function bancoAtual(): Promise<BancoCnabSimulado | string> {
    const [config] = await app.ctx.db.select().from(boletoConfig).where(eq(boletoConfig.id, 1));
    const escola = await getSchoolIdentity(app.ctx.db);
    if (!config?.ativo || (config.banco !== '001' && config.banco !== '756') || !config.convenio)
      return 'A escola não tem convênio de boleto do Banco do Brasil (001) ou do Sicoob (756) ligado.';
    const cnpj = (escola.cnpj ?? '').replace(/\D/g, '');
    const chave = [config.banco, config.agencia, config.conta, config.convenio, cnpj].join('|');
    if (banco?.chave !== chave)
      banco = {
        chave,
        banco: new BancoCnabSimulado({
          banco: config.banco,
          agencia: config.agencia ?? '',
          conta: config.conta ?? '',
          convenio: config.convenio,
          cnpj,
        }),
      };
    return banco.banco;
  }

  function inicio(atual: BancoCnabSimulado, aviso = ''): string {
    const hoje = clock.today();
    const titulos = atual.titulosRegistrados();
    const linhas = titulos
      .map(
        (t) => `<tr><td>${esc(t.nossoNumero)}</td><td>${esc(t.pagador)}</td><td>${dataBr(t.vencimento)}</td>
<td>${reais(t.situacao === 'registrado' ? atual.valorDoDia(t.nossoNumero, hoje) : t.valor)}</td><td>${
          t.situacao === 'registrado'
            ? `<form method="post" action="${base}/boletos/pagar/${esc(t.nossoNumero)}"><button type="submit" aria-label="Pagar o boleto ${esc(t.nossoNumero)}">Pagar</button></form>`
            : esc(t.situacao)
        }</td></tr>`,
      )
      .join('');
    return `${aviso}<h1>Boletos da escola</h1>
<section class="cartao"><h2>1. Receber a remessa</h2>
<form method="post" action="${base}/boletos/remessa" enctype="multipart/form-data">
<label for="arquivo">Arquivo de remessa (CNAB 240)</label><br><input id="arquivo" name="arquivo" type="file" required>
<p><button type="submit">Enviar remessa e baixar o retorno</button></p></form></section>
<section class="cartao"><h2>2. Boletos registrados</h2>${
      titulos.length === 0
        ? '<p>Nenhum boleto registrado ainda: envie uma remessa.</p>'
        : `<table><thead><tr><th>Nosso número</th><th>Pagador</th><th>Vencimento</th><th>Valor hoje</th><th></th></tr></thead><tbody>${linhas}</tbody></table>`
    }</section>
<section class="cartao"><h2>3. Retorno do dia</h2><p>As liquidações ainda não informadas à escola.</p>
<a class="botao" href="${base}/boletos/retorno">Baixar o retorno do dia</a></section>`;
  }

  app.get('/boletos', { config: publico }, async (_request, reply) => {
    const atual = await bancoAtual();
    if (typeof atual === 'string')
      return html(reply, 200, pagina('Boletos', `<p class="erro">${esc(atual)}</p>`));
    return html(reply, 200, pagina('Boletos', inicio(atual)));
  });

  app.post('/boletos/remessa', { config: { ...publico, multipart: true } }, async (request, reply) => {
    const atual = await bancoAtual();
    if (typeof atual === 'string')
      return html(reply, 409, pagina('Boletos', `<p class="erro">${esc(atual)}</p>`));
    const file = request.isMultipart() ? await request.file() : undefined;
    const texto = file ? (await file.toBuffer()).toString('latin1') : '';
    try {
      const retorno = atual.receberRemessa(texto, clock.today());
      return await arquivo(reply, `RETORNO_${clock.today().replace(/-/g, '')}_CONFIRMACAO.RET`, retorno);
    } catch (error) {
      if (!(error instanceof ArquivoRecusado)) throw error;
      const aviso = `<p class="erro" role="alert">Remessa recusada: ${esc(error.message)}</p>`;
      return html(reply, 422, pagina('Remessa recusada', inicio(atual, aviso)));
    }
  });

  app.post('/boletos/pagar/:nossoNumero', { config: publico }, async (request, reply) => {
    const atual = await bancoAtual();
    if (typeof atual === 'string')
      return html(reply, 409, pagina('Boletos', `<p class="erro">${esc(atual)}</p>`));
    const { nossoNumero } = request.params as { nossoNumero: string };
    const hoje = clock.today();
    try {
      const valor = atual.valorDoDia(nossoNumero, hoje);
      atual.pagar(nossoNumero, valor, hoje);
      const aviso = `<p class="ok" role="status">Boleto ${esc(nossoNumero)} pago: ${reais(valor)} em ${dataBr(hoje)}. Baixe o retorno do dia para a escola.</p>`;
      return await html(reply, 200, pagina('Boleto pago', inicio(atual, aviso)));
    } catch (error) {
      const aviso = `<p class="erro" role="alert">${esc((error as Error).message)}</p>`;
      return html(reply, 409, pagina('Pagamento não realizado', inicio(atual, aviso)));
    }
  });

  app.get('/boletos/retorno', { config: publico }, async (_request, reply) => {
    const atual = await bancoAtual();
    if (typeof atual === 'string')
      return html(reply, 409, pagina('Boletos', `<p class="erro">${esc(atual)}</p>`));
    return arquivo(
      reply,
      `RETORNO_${clock.today().replace(/-/g, '')}.RET`,
      atual.retornoDoDia(clock.today()),
    );
  });
};

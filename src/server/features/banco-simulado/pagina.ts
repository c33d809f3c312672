/**
 * 'Pagar (simulação)' (issue 33 §5): the payer's side of the simulated bank, as a bank app shows it —
 * paste a Pix copia e cola (or arrive with it in `?codigo=`), see who receives and the amount of the day
 * (multa and juros when late, discount until its date), confirm; the bank records the Pix and posts the
 * webhook, as `pay()` does. Server-rendered HTML with no script, registered only by the demo's wiring
 * (features/pix-simulado, PIX_PROVIDER=simulado): without it the path is the portal's 404.
 * The form has no fields (the txid is in the path, the code and the way back in its query string): a
 * browser still posts it as an empty `application/x-www-form-urlencoded` body, which this page alone
 * accepts and ignores (the app otherwise takes only JSON).
 * The portal's link says which of its screens opened the bank (`?voltar=`): Cancelar and 'Voltar ao portal
 * da escola' lead back there, as a bank app closing returns the family to the portal.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SimulatedBank } from './index.js';
import type { Cobv } from './tipos.js';
import type { Rec } from './recorrencias.tipos.js';
import type { BrCodeLido } from './br-code.js';
import type { ValorDoDia } from './valor-do-dia.js';
import { dataEmSaoPaulo } from './valor-do-dia.js';
import { clock } from '../../lib/clock.js';
import { lerBrCode } from './br-code.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';
import { pathOfThisSite, paths } from '../../../shared/routes.js';

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const reais = (centavos: number) => brl.format(centavos / 100);
const dataBr = (iso: string) => iso.split('-').reverse().join('/');

/** Where a page's links lead. */
interface Rumo {
  /**
   * The bank's pages (`/banco-simulado`), named in full: after a POST the page's address is the form's, so
   * a relative 'pagar' went to '/banco-simulado/pagar/pagar'.
   */
  base: string;
  /** The portal screen that opened the bank (`?voltar=`), once checked; null when none was given. */
  voltar: string | null;
}

/**
 * The portal screen in `?voltar=`, only when it is one of the portal's screens on this site
 * (`pathOfThisSite`): the bank's links never send anyone to another site.
 */
function voltarDe(query: unknown): string | null {
  const url = pathOfThisSite((query as { voltar?: unknown } | undefined)?.voltar);
  const portal = url && (url.pathname === paths.dashboard || url.pathname.startsWith(`${paths.dashboard}/`));
  return portal ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** Back to the portal: the screen that opened the bank, else the Financeiro (where the family pays). */
const portal = (rumo: Rumo) => rumo.voltar ?? paths.finance;

/** A bank page's address, keeping the way back to the portal; HTML-escaped for an attribute. */
function endereco(rumo: Rumo, caminho: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (rumo.voltar) params.set('voltar', rumo.voltar);
  const search = params.toString();
  return esc(`${rumo.base}${caminho}${search ? `?${search}` : ''}`);
}

/**
 * Whom the payer's bank names: the payee in the code (its merchant name, field 59), as a bank app shows
 * the name the code or the key carries — the school's, not the simulated bank's account name, which is
 * left for a code without one.
 */
const recebedor = (lido: BrCodeLido, daConta: string) => (lido.ok && lido.nome.trim()) || daConta;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#111827;line-height:1.5}
header{background:#4c1d95;color:#fff;padding:16px}header p{margin:0}.marca{font-size:1.15rem;font-weight:700}
.aviso{background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;padding:10px 16px;font-size:.9rem}
main{max-width:480px;margin:0 auto;padding:16px}h1{font-size:1.35rem;margin:8px 0 16px}
.cartao{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:16px}
label{display:block;font-weight:600;margin-bottom:6px}textarea{width:100%;min-height:120px;font:13px ui-monospace,monospace;padding:10px;border:1px solid #9ca3af;border-radius:8px;word-break:break-all}
button,.botao{display:block;width:100%;text-align:center;padding:14px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer;text-decoration:none;margin-top:12px}
.primario{background:#6d28d9;color:#fff}.secundario{background:#e5e7eb;color:#111827}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#4b5563}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.total{font-size:1.6rem;font-weight:700;text-align:center;margin:4px 0 0}.rotulo{text-align:center;color:#4b5563;margin:0}
.erro{background:#fee2e2;color:#7f1d1d;border-radius:8px;padding:10px 12px;margin-bottom:12px}.ok{color:#065f46}
.pequeno{font-size:.85rem;color:#4b5563;word-break:break-all}`;

function pagina(titulo: string, corpo: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${esc(titulo)} · Banco Simulado</title><style>${STYLE}</style></head><body>
<header><p class="marca">Banco Simulado</p><p>Pagar (simulação)</p></header>
<p class="aviso" role="note"><strong>Simulação.</strong> Este banco existe só na demonstração do Sistema Escolar: nenhum dinheiro de verdade é movimentado.</p>
<main>${corpo}</main></body></html>`;
}

function formulario(rumo: Rumo, codigo: string, erro?: string): string {
  return `<h1>Pagar com Pix copia e cola</h1>
<form class="cartao" method="get" action="${esc(`${rumo.base}/pagar`)}">
${erro ? `<p class="erro" role="alert" id="erro">${esc(erro)}</p>` : ''}
<label for="codigo">Código Pix copia e cola</label>
<textarea id="codigo" name="codigo" required ${erro ? 'aria-describedby="erro" aria-invalid="true"' : ''}>${esc(codigo)}</textarea>
${rumo.voltar ? `<input type="hidden" name="voltar" value="${esc(rumo.voltar)}">` : ''}
<button class="primario" type="submit">Continuar</button>
</form>
<a class="botao secundario" href="${esc(portal(rumo))}">Voltar ao portal da escola</a>`;
}

function linhas(valor: ValorDoDia): string {
  const linha = (rotulo: string, centavos: number, sinal = '') =>
    centavos > 0 ? `<dt>${rotulo}</dt><dd>${sinal}${reais(centavos)}</dd>` : '';
  return `<dl>${linha('Valor original', valor.original)}${linha('Abatimento', valor.abatimento, '− ')}${linha(
    'Desconto',
    valor.desconto,
    '− ',
  )}${linha('Multa', valor.multa, '+ ')}${linha('Juros', valor.juros, '+ ')}</dl>`;
}

function confirmacao(
  rumo: Rumo,
  codigo: string,
  cobv: Cobv,
  nome: string,
  valor: ValorDoDia,
  hoje: string,
): string {
  const vencida = hoje > cobv.calendario.dataDeVencimento;
  return `<h1>Confira o pagamento</h1>
<section class="cartao" aria-labelledby="valor-rotulo">
<p class="rotulo" id="valor-rotulo">Valor a pagar hoje (${dataBr(hoje)})</p>
<p class="total" data-testid="valor-do-dia">${reais(valor.final)}</p>
</section>
<section class="cartao" aria-label="Detalhes da cobrança"><dl>
<dt>Para</dt><dd>${esc(nome)}</dd>
<dt>CNPJ</dt><dd>${esc(formatCnpj(cobv.recebedor.cnpj))}</dd>
<dt>Pagador</dt><dd>${esc(cobv.devedor.nome)}</dd>
<dt>Vencimento</dt><dd>${dataBr(cobv.calendario.dataDeVencimento)}${vencida ? ' (vencida)' : ''}</dd>
</dl></section>
<section class="cartao" aria-label="Composição do valor">${linhas(valor)}
${cobv.solicitacaoPagador ? `<p class="pequeno">${esc(cobv.solicitacaoPagador)}</p>` : ''}</section>
<form method="post" action="${endereco(rumo, `/pagar/${encodeURIComponent(cobv.txid)}`, { codigo })}">
<button class="primario" type="submit">Confirmar pagamento de ${reais(valor.final)}</button>
</form>
<a class="botao secundario" href="${esc(portal(rumo))}">Cancelar</a>`;
}

const AVISO_COBRANCA =
  'O banco avisou a escola do pagamento. No portal, a cobrança aparece como paga, com o recibo.';
const AVISO_CHAVE =
  'O banco avisou a escola do Pix. Com o valor do dia, a cobrança aparece como paga no portal; com outro valor, a escola confere o Pix e o lança na cobrança.';

function comprovante(
  rumo: Rumo,
  nome: string,
  valor: string,
  endToEndId: string,
  horario: string,
  aviso = AVISO_COBRANCA,
): string {
  return `<h1 class="ok">Pix enviado</h1>
<section class="cartao" aria-label="Comprovante"><p class="total">${esc(valor)}</p>
<p class="rotulo">para ${esc(nome)}</p>
<dl><dt>Data</dt><dd>${esc(new Date(horario).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</dd></dl>
<p class="pequeno">ID da transação: ${esc(endToEndId)}</p></section>
<p>${esc(aviso)}</p>
<a class="botao primario" href="${esc(portal(rumo))}">Voltar ao portal da escola</a>
<a class="botao secundario" href="${endereco(rumo, '/pagar')}">Pagar outro código</a>`;
}

/**
 * A static code (the school's key, an amount, the school's reference): no charge at the bank, so the
 * amount is the code's, without multa or juros worked out by the bank.
 */
function confirmacaoPorChave(rumo: Rumo, codigo: string, estatico: Estatico): string {
  return `<h1>Confira o pagamento</h1>
<section class="cartao" aria-labelledby="valor-rotulo">
<p class="rotulo" id="valor-rotulo">Valor a pagar</p>
<p class="total" data-testid="valor-do-dia">${reais(estatico.valor)}</p>
</section>
<section class="cartao" aria-label="Detalhes do Pix"><dl>
<dt>Para</dt><dd>${esc(estatico.nome)}</dd>
<dt>Chave Pix</dt><dd>${esc(estatico.chave)}</dd>
${estatico.txid ? `<dt>Identificador</dt><dd>${esc(estatico.txid)}</dd>` : ''}
</dl>
<p class="pequeno">Código Pix da escola, com valor fixo: confira o valor antes de pagar.</p></section>
<form method="post" action="${endereco(rumo, '/pagar/chave', { codigo })}">
<button class="primario" type="submit">Confirmar pagamento de ${reais(estatico.valor)}</button>
</form>
<a class="botao secundario" href="${esc(portal(rumo))}">Cancelar</a>`;
}

/** Pix Automático (journey 2): the payer's bank app shows the recurrence and asks for the authorisation. */
function autorizacao(rumo: Rumo, rec: Rec, nome: string): string {
  const { vinculo, calendario, valor } = rec;
  const teto = valor?.valorMinimoRecebedor ?? valor?.valorRec;
  return `<h1>Autorizar débito automático (simulação)</h1>
<section class="cartao" aria-label="Detalhes do débito automático"><dl>
<dt>Para</dt><dd>${esc(nome)}</dd>
<dt>O quê</dt><dd>${esc(vinculo.objeto ?? '')}</dd>
<dt>Contrato</dt><dd>${esc(vinculo.contrato)}</dd>
<dt>Pagador</dt><dd>${esc(vinculo.devedor.nome)}</dd>
<dt>Frequência</dt><dd>Mensal</dd>
<dt>A partir de</dt><dd>${dataBr(calendario.dataInicial)}</dd>
${teto ? `<dt>${valor?.valorRec ? 'Valor' : 'Valor máximo por mês'}</dt><dd>${reais(Math.round(Number(teto) * 100))}</dd>` : ''}
</dl></section>
<p>Cada mês, a escola envia a cobrança antes do vencimento e o valor é debitado da sua conta no dia. Você pode cancelar quando quiser.</p>
<form method="post" action="${endereco(rumo, `/pagar/rec/${encodeURIComponent(rec.idRec)}`)}">
<button class="primario" type="submit">Autorizar débito automático (simulação)</button>
</form>
<a class="botao secundario" href="${esc(portal(rumo))}">Agora não</a>`;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

const publico = { access: 'public', sessionless: true } as const;

const JA_PAGA = 'Esta cobrança já foi paga.';
/** The simulated bank's payer: the account the demo pays from (a real Pix always names who paid). */
const PAGADOR = { cpf: '52998224725', nome: 'Cliente do Banco Simulado' };

interface Estatico {
  chave: string;
  nome: string;
  valor: number;
  txid: string | null;
}

/** A static code to one of this bank's keys, with its amount; else why it cannot be paid here. */
function estaticoDe(bank: SimulatedBank, lido: BrCodeLido): Estatico | { erro: string } {
  if (!lido.ok || lido.location || !lido.chave) return { erro: 'Este não é um código Pix de chave.' };
  if (lido.chave !== bank.chave)
    return {
      erro: 'Esta chave Pix não é de uma conta do Banco Simulado: na simulação, só se paga à conta da escola neste banco.',
    };
  if (lido.valor === null)
    return { erro: 'Este código Pix não traz o valor. Copie de novo o código da mensalidade no portal.' };
  return { chave: lido.chave, nome: recebedor(lido, lido.chave), valor: lido.valor, txid: lido.txid };
}
const VENCIDA = 'Esta cobrança passou da validade e não aceita mais pagamento.';
const JA_AUTORIZADO = 'Este débito automático já foi autorizado.';
const REC_ENCERRADA = 'Este pedido de débito automático não está mais aberto.';

export const paginaDePagamento: FastifyPluginAsync<{ bank: SimulatedBank }> = async (app, { bank }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  const base = app.prefix;
  const rumoDe = (query: unknown): Rumo => ({ base, voltar: voltarDe(query) });

  app.get('/pagar', { config: publico }, async (request, reply) => {
    const rumo = rumoDe(request.query);
    const codigo = (request.query as { codigo?: unknown }).codigo;
    if (typeof codigo !== 'string' || codigo.trim() === '')
      return html(reply, 200, pagina('Pagar', formulario(rumo, '')));
    const lido = lerBrCode(codigo);
    if (!lido.ok) return html(reply, 400, pagina('Código inválido', formulario(rumo, codigo, lido.erro)));
    const rec = lido.recorrencia && !lido.location ? bank.recAt(lido.recorrencia) : undefined;
    if (rec)
      return rec.status === 'CRIADA'
        ? html(
            reply,
            200,
            pagina(
              'Autorizar débito automático',
              autorizacao(rumo, rec, recebedor(lido, rec.recebedor.nome)),
            ),
          )
        : html(
            reply,
            409,
            pagina(
              'Pedido encerrado',
              formulario(rumo, codigo, rec.status === 'APROVADA' ? JA_AUTORIZADO : REC_ENCERRADA),
            ),
          );
    if (!lido.location && lido.chave) {
      const estatico = estaticoDe(bank, lido);
      return 'erro' in estatico
        ? html(reply, 409, pagina('Pagamento não realizado', formulario(rumo, codigo, estatico.erro)))
        : html(reply, 200, pagina('Confira o pagamento', confirmacaoPorChave(rumo, codigo, estatico)));
    }
    const cobv = lido.location ? bank.chargeAt(lido.location) : undefined;
    if (!cobv)
      return html(
        reply,
        404,
        pagina(
          'Cobrança não encontrada',
          formulario(
            rumo,
            codigo,
            'Este código não é de uma cobrança do Banco Simulado. Copie de novo o código no portal.',
          ),
        ),
      );
    if (cobv.status !== 'ATIVA')
      return html(
        reply,
        409,
        pagina(
          'Cobrança encerrada',
          formulario(
            rumo,
            codigo,
            cobv.status === 'CONCLUIDA' ? JA_PAGA : 'Esta cobrança foi cancelada pela escola.',
          ),
        ),
      );
    const hoje = dataEmSaoPaulo(clock.now());
    const valor = bank.amountDue(cobv.txid, hoje);
    if (!valor) return html(reply, 409, pagina('Cobrança vencida', formulario(rumo, codigo, VENCIDA)));
    const nome = recebedor(lido, cobv.recebedor.nome);
    return html(
      reply,
      200,
      pagina('Confira o pagamento', confirmacao(rumo, codigo, cobv, nome, valor, hoje)),
    );
  });

  app.post('/pagar/rec/:idRec', { config: publico }, async (request, reply) => {
    const rumo = rumoDe(request.query);
    const { idRec } = request.params as { idRec: string };
    // Said as the page says it (a second click, another tab), not as the bank's own error.
    const pedido = bank.rec(idRec);
    if (pedido && pedido.status !== 'CRIADA')
      return html(
        reply,
        409,
        pagina(
          'Autorização não realizada',
          formulario(rumo, '', pedido.status === 'APROVADA' ? JA_AUTORIZADO : REC_ENCERRADA),
        ),
      );
    try {
      const rec = await bank.authorizeRec(idRec);
      return await html(
        reply,
        200,
        pagina(
          'Débito automático autorizado',
          `<h1 class="ok">Débito automático autorizado</h1>
<section class="cartao" aria-label="Autorização"><p>${esc(rec.vinculo.objeto ?? '')} · contrato ${esc(rec.vinculo.contrato)}</p>
<p class="pequeno">Identificador da recorrência: ${esc(rec.idRec)}</p></section>
<p>O banco avisou a escola. No portal, o débito automático aparece como ativo.</p>
<a class="botao primario" href="${esc(portal(rumo))}">Voltar ao portal da escola</a>`,
        ),
      );
    } catch (error) {
      return html(
        reply,
        409,
        pagina('Autorização não realizada', formulario(rumo, '', (error as Error).message)),
      );
    }
  });

  // A static code: the code travels in the query string (the form has no fields), read again here.
  app.post('/pagar/chave', { config: publico }, async (request, reply) => {
    const rumo = rumoDe(request.query);
    const codigo = (request.query as { codigo?: unknown }).codigo;
    const estatico = estaticoDe(bank, lerBrCode(typeof codigo === 'string' ? codigo : ''));
    if ('erro' in estatico)
      return html(reply, 409, pagina('Pagamento não realizado', formulario(rumo, '', estatico.erro)));
    const pix = await bank.receive({
      valor: estatico.valor,
      ...(estatico.txid ? { txid: estatico.txid } : {}),
      pagador: PAGADOR,
    });
    return html(
      reply,
      200,
      pagina(
        'Pix enviado',
        comprovante(rumo, estatico.nome, reais(estatico.valor), pix.endToEndId, pix.horario, AVISO_CHAVE),
      ),
    );
  });

  app.post('/pagar/:txid', { config: publico }, async (request, reply) => {
    const rumo = rumoDe(request.query);
    const { txid } = request.params as { txid: string };
    const cobv = bank.charge(txid);
    const naoRealizado = (erro: string) =>
      html(reply, 409, pagina('Pagamento não realizado', formulario(rumo, '', erro)));
    if (!cobv || cobv.status !== 'ATIVA')
      return naoRealizado(
        cobv?.status === 'CONCLUIDA' ? JA_PAGA : 'Esta cobrança não existe ou foi cancelada pela escola.',
      );
    if (!bank.amountDue(txid)) return naoRealizado(VENCIDA);
    // The receipt names whom the confirmation named: the page's form passes the code on, taken only
    // when it is this charge's code.
    const codigo = (request.query as { codigo?: unknown }).codigo;
    const lido = lerBrCode(typeof codigo === 'string' ? codigo : '');
    const doCodigo = lido.ok && lido.location && bank.chargeAt(lido.location)?.txid === txid;
    const nome = doCodigo ? recebedor(lido, cobv.recebedor.nome) : cobv.recebedor.nome;
    try {
      const pix = await bank.pay(txid);
      return await html(
        reply,
        200,
        pagina(
          'Pix enviado',
          comprovante(rumo, nome, reais(Math.round(Number(pix.valor) * 100)), pix.endToEndId, pix.horario),
        ),
      );
    } catch (error) {
      return naoRealizado((error as Error).message);
    }
  });
};

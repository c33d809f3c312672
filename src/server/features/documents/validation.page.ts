import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentoTipoLabels, normalizeCode } from '../../../shared/documents.schemas.js';
import { formatDate } from '../../../shared/format.js';
import type { VerificationLookup, VerifiedRecord } from '../../lib/verification-lookup.js';
import { verifyDocument, type VerifiedDocument } from './documents.service.js';

/**
 * `GET /validar/{codigo}`: the public check of an issued document, for whoever holds the paper (a new
 * school, an employer, a court). Rendered on the server as one small HTML page with no script, so it
 * works on any phone that reads the QR code. It shows the type, the issue date, the student's initials
 * and whether the document stands — nothing else — and is rate-limited per address.
 */

export const VALIDATION_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);

const styles = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827;line-height:1.5}
header{background:#1e3a8a;color:#fff;padding:16px 20px}header p{margin:0;font-weight:600;font-size:1.05rem}
main{max-width:560px;margin:24px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.35rem;margin:0 0 16px}
.status{display:flex;gap:12px;align-items:center;border-radius:10px;padding:14px 16px;font-weight:700;font-size:1.15rem;margin-bottom:20px}
.status span{font-size:1.6rem;line-height:1}
.valid{background:#dcfce7;color:#166534;border:1px solid #86efac}
.revoked{background:#fee2e2;color:#991b1b;border:1px solid #fca5a5}
.unknown{background:#fef3c7;color:#92400e;border:1px solid #fcd34d}
.status small{display:block;font-weight:400;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 16px}dt{color:#4b5563}dd{margin:0;font-weight:600;word-break:break-word}
.code{font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:.04em}
p.hint{color:#4b5563;font-size:.92rem;margin:0}
form{margin-top:24px;border-top:1px solid #e5e7eb;padding-top:18px}
label{display:block;font-weight:600;margin-bottom:6px}
.row{display:flex;gap:8px;flex-wrap:wrap}
input{flex:1 1 220px;min-height:44px;border:1px solid #9ca3af;border-radius:8px;padding:8px 12px;font-size:1rem;text-transform:uppercase}
input:focus,button:focus{outline:3px solid #93c5fd;outline-offset:1px}
button{min-height:44px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font-weight:600;padding:8px 18px;font-size:1rem;cursor:pointer}
@media (max-width:420px){dl{grid-template-columns:1fr}dt{margin-top:6px}}
`;

function page(schoolName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} — ${escapeHtml(schoolName)}</title>
<style>${styles}</style>
</head>
<body>
<header><p>${escapeHtml(schoolName)}</p></header>
<main><div class="card">
${body}
</div></main>
</body>
</html>`;
}

function codeForm(value = ''): string {
  return `<form action="/validar" method="get">
<label for="codigo">${value ? 'Verificar outro código' : 'Código de verificação'}</label>
<div class="row"><input id="codigo" name="codigo" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="XXXX-XXXX-XXXX-XXXX-XXXX" maxlength="40" required>
<button type="submit">Verificar</button></div>
</form>`;
}

function resultBody(found: VerifiedDocument): string {
  const status = found.revogadoEm
    ? `<div class="status revoked" role="status"><span aria-hidden="true">✗</span><div>Documento revogado<small>Revogado pela escola em ${formatDate(found.revogadoEm)}. Este documento não tem mais validade.</small></div></div>`
    : `<div class="status valid" role="status"><span aria-hidden="true">✓</span><div>Documento válido<small>Emitido por esta escola e não revogado.</small></div></div>`;
  return `<h1>Verificação de documento</h1>
${status}
<dl>
<dt>Documento</dt><dd>${escapeHtml(documentoTipoLabels[found.tipo])}</dd>
<dt>Emitido em</dt><dd>${formatDate(found.emitidoEm)}</dd>
<dt>Estudante</dt><dd>${escapeHtml(found.iniciais)}</dd>
<dt>Código</dt><dd class="code">${escapeHtml(found.codigo)}</dd>
</dl>
<p class="hint">Confira se estes dados correspondem ao documento que você recebeu. Em caso de dúvida, procure a secretaria da escola.</p>
${codeForm(found.codigo)}`;
}

/** Another module's record (a signed contract), as its lookup describes it. */
function recordBody(found: VerifiedRecord, codigo: string): string {
  const kind = { valido: 'valid', anulado: 'revoked', pendente: 'unknown' }[found.situacao];
  const mark = { valido: '✓', anulado: '✗', pendente: '…' }[found.situacao];
  const fields = found.campos
    .map(
      (field) =>
        `<dt>${escapeHtml(field.rotulo)}</dt><dd${field.codigo ? ' class="code"' : ''}>${escapeHtml(field.valor)}</dd>`,
    )
    .join('\n');
  const list = found.lista
    ? `<h2 style="font-size:1.05rem;margin:0 0 8px">${escapeHtml(found.lista.titulo)}</h2><ul style="margin:0 0 16px;padding-left:20px">${found.lista.itens.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
    : '';
  return `<h1>${escapeHtml(found.titulo)}</h1>
<div class="status ${kind}" role="status"><span aria-hidden="true">${mark}</span><div>${escapeHtml(found.resumo)}<small>${escapeHtml(found.detalhe)}</small></div></div>
<dl>
${fields}
<dt>Código</dt><dd class="code">${escapeHtml(codigo)}</dd>
</dl>
${list}
<p class="hint">Confira se estes dados correspondem ao documento que você recebeu. Em caso de dúvida, procure a secretaria da escola.</p>
${codeForm(codigo)}`;
}

const notFoundBody = `<h1>Verificação de documento</h1>
<div class="status unknown" role="status"><span aria-hidden="true">?</span><div>Documento não encontrado<small>Nenhum documento desta escola tem este código.</small></div></div>
<p class="hint">Confira o código impresso no rodapé do documento (20 letras e números, em grupos de 4) e tente de novo.</p>
${codeForm('x')}`;

const formBody = `<h1>Verificação de documento</h1>
<p class="hint">Digite o código de verificação impresso no rodapé do documento, ou leia o QR code dele com a câmera do celular.</p>
${codeForm()}`;

const tooManyBody = `<h1>Verificação de documento</h1>
<div class="status unknown" role="status"><span aria-hidden="true">!</span><div>Muitas consultas seguidas<small>Aguarde um minuto e tente de novo.</small></div></div>`;

const unavailableBody = `<h1>Verificação de documento</h1>
<div class="status unknown" role="status"><span aria-hidden="true">!</span><div>Não foi possível verificar agora<small>Tente de novo em alguns minutos.</small></div></div>`;

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * `/validar`: the public page that checks a document's code (not part of the API). `lookups` are other
 * records with codes of the same kind (signed contracts), asked when no document has the code.
 */
export const validationPageRoutes: FastifyPluginAsyncZod<{ lookups?: VerificationLookup[] }> = async (
  app,
  options,
) => {
  const lookups = options.lookups ?? [];
  const schoolName = () => app.ctx.getSchoolName();
  // The page answers its own errors as pages: a throttled visitor sees why, not a JSON envelope.
  const answerError = async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const name = await schoolName();
    if (error.statusCode === 429) {
      const retry = reply.getHeader('retry-after');
      return sendPage(reply, 429, page(name, 'Muitas consultas', tooManyBody)).header(
        'retry-after',
        typeof retry === 'string' || typeof retry === 'number' ? String(retry) : '60',
      );
    }
    if ((error.statusCode ?? 500) < 500)
      return sendPage(reply, 404, page(name, 'Documento não encontrado', notFoundBody));
    request.log.error({ err: error }, 'erro ao verificar documento');
    return sendPage(reply, 500, page(name, 'Verificação indisponível', unavailableBody));
  };
  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    void answerError(error, request, reply);
  };
  const config = { access: 'public', sessionless: true, rateLimit: VALIDATION_RATE_LIMIT } as const;

  app.get(
    '/',
    {
      // A page, not part of the API: left out of its description (and of the API's fuzzing).
      schema: { hide: true, querystring: z.object({ codigo: z.string().max(100).optional() }) },
      config,
      errorHandler,
    },
    async (request, reply) => {
      const typed = request.query.codigo;
      if (typed === undefined || typed.trim() === '')
        return sendPage(reply, 200, page(await schoolName(), 'Verificar documento', formBody));
      const codigo = normalizeCode(typed);
      if (codigo === null)
        return sendPage(reply, 404, page(await schoolName(), 'Documento não encontrado', notFoundBody));
      return reply.redirect(`/validar/${codigo}`, 303);
    },
  );

  app.get(
    '/:codigo',
    { schema: { hide: true, params: z.object({ codigo: z.string().max(100) }) }, config, errorHandler },
    async (request, reply) => {
      const found = await verifyDocument(app.ctx.db, request.params.codigo);
      const name = await schoolName();
      if (!found) {
        const codigo = normalizeCode(request.params.codigo);
        if (codigo !== null)
          for (const lookup of lookups) {
            const record = await lookup(app.ctx.db, codigo);
            if (!record) continue;
            if (request.params.codigo !== codigo) return reply.redirect(`/validar/${codigo}`, 301);
            return sendPage(reply, 200, page(name, record.resumo, recordBody(record, codigo)));
          }
        return sendPage(reply, 404, page(name, 'Documento não encontrado', notFoundBody));
      }
      // A code typed with look-alikes or in lower case lands on its canonical address.
      if (request.params.codigo !== found.codigo) return reply.redirect(`/validar/${found.codigo}`, 301);
      return sendPage(
        reply,
        200,
        page(name, found.revogadoEm ? 'Documento revogado' : 'Documento válido', resultBody(found)),
      );
    },
  );
};

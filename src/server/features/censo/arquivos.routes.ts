/**
 * The census files of a year (issue 37, ADR 0059), under `/api/censo/:ano`, for census managers only:
 * - `GET /pendencias?etapa=` what INEP would reject, per record, and the figures to compare;
 * - `GET /matricula-inicial`, `GET /situacao-do-aluno` the file, only with an empty pending list
 *   (otherwise 409 with the list), unless the Direção (`settings.manage`) asks `?forcar=true` — audited
 *   with the number of pendências. Every download is audited and puts each child the file carries in
 *   the access log (the file holds every child's sensitive data);
 * - `POST /importar-ids` the file Educacenso gives back (text/plain or multipart "arquivo"): INEP's IDs.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  censoAnoParams,
  censoArquivoQuery,
  censoPendenciasQuery,
  importacaoIdsResultadoSchema,
  pendenciasResponseSchema,
  type EtapaCenso,
  type ImportacaoIdsResultado,
} from '../../../shared/censo.schemas.js';
import { formatCount } from '../../../shared/format.js';
import { PRIVATE_DIR_MODE } from '../../lib/data-dir.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { recordAudit } from '../audit/index.js';
import { codigoInepDaEscola, contagensCenso, layoutOuErro, type MontagemOpcoes } from './censo.service.js';
import { percorrerCenso, saidaArquivo, saidaNenhuma } from './fluxo.js';
import { aplicarIds, lerArquivoIds } from './importacao.js';
import { alunosDoArquivo } from './matriculas.js';
import { censoTarefasRoutes, conferirDownload, registrarDownload } from './tarefas.routes.js';
import { nomeDoArquivo, PENDENCIAS_POR_CAMPO } from './tarefas.service.js';

const manage = { access: 'censo.manage' } as const;
/** Educacenso's export of a whole school is a few MB at most. */
export const CENSO_IMPORTACAO_MAX_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'O arquivo passa de 10 MB: envie o arquivo de uma escola por vez.';

export interface CensoArquivosOpcoes {
  /** The layout and sources (the product's by default; the tests give their own). */
  montagem?: MontagemOpcoes;
}

export const censoArquivosRoutes: FastifyPluginAsyncZod<CensoArquivosOpcoes> = async (app, options) => {
  const opcoes = options.montagem ?? {};
  await app.register(fastifyMultipart, {
    limits: { fileSize: CENSO_IMPORTACAO_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  app.addContentTypeParser(
    ['text/plain', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: CENSO_IMPORTACAO_MAX_BYTES },
    (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body),
  );
  // The product's job kind; a plugin given its own layout (the tests') gets one of its own.
  censoTarefasRoutes(app, opcoes, options.montagem ? `censo_arquivo ${app.prefix}` : 'censo_arquivo');

  app.get(
    '/pendencias',
    {
      schema: {
        params: censoAnoParams,
        querystring: censoPendenciasQuery,
        response: okResponse(pendenciasResponseSchema),
      },
      config: manage,
    },
    async (request) => {
      const { ano } = request.params;
      // The whole file is walked (a chunk at a time) to find what INEP would reject; nothing is written.
      const passagem = await percorrerCenso(
        app.ctx.db,
        ano,
        request.query.etapa,
        saidaNenhuma,
        opcoes,
        undefined,
        PENDENCIAS_POR_CAMPO,
      );
      return ok({
        ano,
        etapa: passagem.etapa,
        data_referencia: passagem.ctx.dataReferencia,
        leiaute: passagem.ctx.layout.ano,
        pendencias: passagem.pendencias,
        pendencias_total: passagem.totalPendencias,
        contagens: await contagensCenso(passagem),
      });
    },
  );

  /**
   * The file at once (small schools, scripts): streamed to a temporary file in DATA_DIR while it is
   * checked, then sent from it with its size, or refused with the pending list (the file is dropped).
   */
  const baixar = async (
    pedido: { ano: number; forcar: boolean; etapa: EtapaCenso },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const { ano, etapa } = pedido;
    layoutOuErro(ano, opcoes);
    const pasta = path.join(app.ctx.config.dataDir, 'censo');
    await mkdir(pasta, { recursive: true, mode: PRIVATE_DIR_MODE });
    const temporario = path.join(pasta, `.${etapa}-${randomUUID()}.txt.tmp`);
    let enviar: { nome: string; bytes: number; pendencias: number; handle: FileHandle };
    try {
      const saida = await saidaArquivo(temporario);
      let bytes = 0;
      let passagem;
      try {
        passagem = await percorrerCenso(app.ctx.db, ano, etapa, saida, opcoes);
      } finally {
        bytes = await saida.fechar();
      }
      conferirDownload(request, etapa, passagem.pendencias, pedido.forcar);
      const { dataReferencia } = passagem.ctx;
      const alunos = new Set(
        await alunosDoArquivo(app.ctx.db, ano, dataReferencia, etapa === 'situacao-do-aluno'),
      );
      for (const id of passagem.alunosDasLinhas) alunos.add(id);
      const nome = nomeDoArquivo(ano, etapa, await codigoInepDaEscola(app.ctx.db));
      await registrarDownload(app, request, {
        ano,
        etapa,
        nome,
        pendencias: passagem.pendencias.length,
        alunos: [...alunos],
      });
      enviar = { nome, bytes, pendencias: passagem.pendencias.length, handle: await open(temporario, 'r') };
    } finally {
      // Unlinked once open for reading (or refused): nothing is left behind, whatever the download does.
      await unlink(temporario).catch(() => undefined);
    }
    return reply
      .header('content-disposition', `attachment; filename="${enviar.nome}"`)
      .header('cache-control', 'no-store')
      .header('x-censo-pendencias', String(enviar.pendencias))
      .header('content-length', String(enviar.bytes))
      .type('text/plain; charset=iso-8859-1')
      .send(enviar.handle.createReadStream());
  };

  const download = { schema: { params: censoAnoParams, querystring: censoArquivoQuery }, config: manage };
  for (const etapa of ['matricula-inicial', 'situacao-do-aluno'] as const)
    app.get(`/${etapa}`, download, (request, reply) =>
      baixar({ ano: request.params.ano, forcar: request.query.forcar, etapa }, request, reply),
    );

  app.post(
    '/importar-ids',
    {
      schema: { params: censoAnoParams, response: okResponse(importacaoIdsResultadoSchema) },
      config: { ...manage, multipart: true, textBody: true },
      bodyLimit: CENSO_IMPORTACAO_MAX_BYTES,
    },
    async (request) => {
      const { ano } = request.params;
      const texto = await lerUpload(request);
      const registros = lerArquivoIds(layoutOuErro(ano, opcoes), texto);
      const nosso = await codigoInepDaEscola(app.ctx.db);
      if (!nosso)
        throw new AppError(
          'UNPROCESSABLE',
          'Informe o código INEP da escola em Configurações → Censo antes de importar os IDs.',
        );
      for (const registro of registros)
        if (registro.tipo === '00' && registro.valores.escolaInep !== nosso)
          throw new AppError(
            'UNPROCESSABLE',
            `O arquivo é da escola de código INEP ${registro.valores.escolaInep ?? ''} (linha ${String(registro.linha)}); o desta escola é ${nosso}. Nada foi gravado.`,
          );
      const resultado = await app.ctx.db.transaction(async (tx) => {
        const aplicado = await aplicarIds(tx, registros, nosso);
        await recordAudit(tx, actorOf(request), {
          action: 'importar_ids_inep',
          entity: 'arquivo_censo',
          entityId: null,
          details: {
            ano,
            vinculados: aplicado.vinculados,
            inalterados: aplicado.inalterados,
            nao_encontrados: aplicado.nao_encontrados.length,
            divergentes: aplicado.divergentes.length,
            duplicados: aplicado.duplicados.length,
          },
        });
        return aplicado;
      });
      return ok(resultado, mensagemImportacao(resultado));
    },
  );
};

/** The body as sent (text/plain: ISO-8859-1 unless told UTF-8) or the multipart file. */
async function lerUpload(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) {
    let bytes: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      throw new AppError('VALIDATION', 'Envie só o arquivo do Educacenso, no campo "arquivo".');
    }
    if (!bytes) throw new AppError('VALIDATION', 'Escolha o arquivo exportado pelo Educacenso.');
    return bytes.toString('latin1');
  }
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new AppError(
      'VALIDATION',
      'Envie o arquivo do Educacenso como texto (text/plain) ou no campo "arquivo".',
    );
  const utf8 = /charset=utf-?8/i.test(request.headers['content-type'] ?? '');
  return body.toString(utf8 ? 'utf8' : 'latin1');
}

export function mensagemImportacao(resultado: ImportacaoIdsResultado): string {
  const { alunos, profissionais, turmas, matriculas } = resultado.vinculados;
  const partes = [
    formatCount(alunos, 'aluno', 'alunos'),
    formatCount(profissionais, 'profissional', 'profissionais'),
    formatCount(turmas, 'turma', 'turmas'),
    formatCount(matriculas, 'matrícula', 'matrículas'),
  ];
  const revisar =
    resultado.nao_encontrados.length + resultado.divergentes.length + resultado.duplicados.length;
  const fim = revisar > 0 ? ` ${formatCount(revisar, 'item pede', 'itens pedem')} revisão.` : '';
  return `IDs do INEP vinculados: ${partes.join(', ')}.${fim}`;
}

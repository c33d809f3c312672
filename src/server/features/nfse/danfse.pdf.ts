/**
 * The DANFSe as a one-page A4 PDF, in the order of the national layout (NT DANFSe): identification
 * with the access key and its QR code, emitente, tomador, serviço, tributação municipal, totals. A note
 * from produção restrita says it has no fiscal value; a cancelled one carries the 'CANCELADA' stamp.
 */
import { formatCentavosPlain, formatDate, formatDateTime, formatPhone } from '../../../shared/format.js';
import { renderPdf } from '../../lib/pdf.js';
import { consultaPublicaUrl, formatChaveAcesso, type DanfseData, type DanfsePessoa } from './danfse.data.js';

interface Cell {
  label: string;
  value: string | null;
  /** Share of the row's width (the row's shares add up to 1). */
  share: number;
}

const MARGIN = 28;
const LABEL_SIZE = 6.5;
const VALUE_SIZE = 8.5;
const PAD = 3;
const DASH = '—';

const money = (centavos: number | null) => (centavos === null ? DASH : formatCentavosPlain(centavos));
const percent = (value: number | null) =>
  value === null ? DASH : `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
const competenciaText = (value: string | null) => (value ? formatDate(value).slice(3) : DASH);

/** A row of labelled boxes; returns the y below it. */
function drawRow(doc: PDFKit.PDFDocument, y: number, cells: Cell[]): number {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica').fontSize(VALUE_SIZE);
  const heights = cells.map((cell) => {
    const cellWidth = width * cell.share - 2 * PAD;
    return LABEL_SIZE + 3 + doc.heightOfString(cell.value ?? DASH, { width: cellWidth });
  });
  const height = Math.max(...heights) + 2 * PAD;
  let x = left;
  for (const cell of cells) {
    const cellWidth = width * cell.share;
    doc.rect(x, y, cellWidth, height).lineWidth(0.5).strokeColor('#777777').stroke();
    doc
      .font('Helvetica')
      .fontSize(LABEL_SIZE)
      .fillColor('#555555')
      .text(cell.label.toUpperCase(), x + PAD, y + PAD, { width: cellWidth - 2 * PAD, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(VALUE_SIZE)
      .fillColor('#000000')
      .text(cell.value ?? DASH, x + PAD, y + PAD + LABEL_SIZE + 3, { width: cellWidth - 2 * PAD });
    x += cellWidth;
  }
  return y + height;
}

function drawTitle(doc: PDFKit.PDFDocument, y: number, title: string): number {
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(MARGIN, y, width, 13).fillColor('#e8e8e8').fill();
  doc
    .font('Helvetica-Bold')
    .fontSize(7.5)
    .fillColor('#000000')
    .text(title, MARGIN + PAD, y + 3, { width: width - 2 * PAD, lineBreak: false });
  return y + 13;
}

function drawPessoa(doc: PDFKit.PDFDocument, y: number, title: string, pessoa: DanfsePessoa): number {
  let next = drawTitle(doc, y, title);
  next = drawRow(doc, next, [
    { label: 'Nome / Nome empresarial', value: pessoa.nome, share: 0.5 },
    { label: 'CNPJ / CPF', value: pessoa.documento, share: 0.25 },
    { label: 'Inscrição municipal', value: pessoa.inscricaoMunicipal, share: 0.25 },
  ]);
  return drawRow(doc, next, [
    { label: 'Endereço', value: pessoa.endereco, share: 0.5 },
    { label: 'Telefone', value: pessoa.telefone ? formatPhone(pessoa.telefone) : null, share: 0.2 },
    { label: 'E-mail', value: pessoa.email, share: 0.3 },
  ]);
}

function drawHeader(doc: PDFKit.PDFDocument, data: DanfseData, qr: Buffer | null): number {
  const width = doc.page.width - 2 * MARGIN;
  const top = MARGIN;
  const height = 92;
  doc.rect(MARGIN, top, width, height).lineWidth(0.5).strokeColor('#777777').stroke();
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000000');
  doc.text('DANFSe', MARGIN + 8, top + 10, { width: 150 });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text('Documento Auxiliar da NFS-e', MARGIN + 8, doc.y + 1, { width: 150 });
  doc.font('Helvetica').fontSize(7.5).fillColor('#444444');
  doc.text('Padrão nacional (Sistema Nacional NFS-e)', MARGIN + 8, doc.y + 2, { width: 150 });
  const centerLeft = MARGIN + 165;
  const centerWidth = width - 165 - 100;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000');
  doc.text(data.prestador.nome ?? 'Prestador', centerLeft, top + 12, { width: centerWidth, align: 'center' });
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  if (data.municipioEmissao)
    doc.text(`Município emissor: ${data.municipioEmissao}`, centerLeft, doc.y + 2, {
      width: centerWidth,
      align: 'center',
    });
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000');
  doc.text(`NFS-e nº ${data.numero ?? DASH}`, centerLeft, doc.y + 6, { width: centerWidth, align: 'center' });
  if (qr) {
    doc.image(qr, MARGIN + width - 90, top + 6, { width: 80, height: 80 });
  }
  return top + height;
}

function drawAmbiente(doc: PDFKit.PDFDocument, y: number, data: DanfseData): number {
  if (data.ambiente === 'producao') return y;
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(MARGIN, y, width, 18).fillColor('#fde8e8').fill();
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor('#9b1c1c')
    .text('NFS-e EMITIDA EM PRODUÇÃO RESTRITA — SEM VALOR FISCAL', MARGIN, y + 5, {
      width,
      align: 'center',
      lineBreak: false,
    });
  return y + 18;
}

/** The 'CANCELADA' stamp across the page, drawn last so it sits over the content. */
function drawCanceladaStamp(doc: PDFKit.PDFDocument) {
  const centerX = doc.page.width / 2;
  const centerY = doc.page.height / 2;
  doc.save();
  doc.rotate(-30, { origin: [centerX, centerY] });
  doc.fillColor('#c81e1e').fillOpacity(0.35).strokeOpacity(0.5);
  doc.font('Helvetica-Bold').fontSize(88);
  doc.text('CANCELADA', centerX - 300, centerY - 44, { width: 600, align: 'center', lineBreak: false });
  doc.restore();
}

function drawFooter(doc: PDFKit.PDFDocument, y: number, data: DanfseData) {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica').fontSize(7.5).fillColor('#333333');
  const lines = [
    data.chaveAcesso
      ? `Consulte a autenticidade desta NFS-e em ${consultaPublicaUrl(data.chaveAcesso)} ou leia o QR code do cabeçalho.`
      : 'Esta NFS-e ainda não tem chave de acesso.',
    'O DANFSe é uma representação simplificada da NFS-e; o documento fiscal é o XML assinado, guardado pela escola e pelo Sistema Nacional NFS-e.',
  ];
  if (data.cancelada)
    lines.push('Esta NFS-e foi CANCELADA pelo prestador (evento de cancelamento registrado).');
  doc.text(lines.join('\n'), MARGIN, y + 8, { width });
}

function drawDanfse(doc: PDFKit.PDFDocument, data: DanfseData, qr: Buffer | null) {
  let y = drawHeader(doc, data, qr);
  y = drawAmbiente(doc, y, data);
  y = drawRow(doc, y, [
    {
      label: 'Chave de acesso da NFS-e',
      value: data.chaveAcesso ? formatChaveAcesso(data.chaveAcesso) : null,
      share: 0.6,
    },
    { label: 'Número da NFS-e', value: data.numero, share: 0.2 },
    { label: 'Competência', value: competenciaText(data.competencia), share: 0.2 },
  ]);
  y = drawRow(doc, y, [
    {
      label: 'Data e hora da emissão da NFS-e',
      value: data.processadaEm ? formatDateTime(data.processadaEm) : null,
      share: 0.3,
    },
    { label: 'Número da DPS', value: data.numeroDps, share: 0.2 },
    { label: 'Série da DPS', value: data.serie, share: 0.2 },
    {
      label: 'Data e hora da emissão da DPS',
      value: data.dpsEmitidaEm ? formatDateTime(data.dpsEmitidaEm) : null,
      share: 0.3,
    },
  ]);
  y = drawPessoa(doc, y + 6, 'EMITENTE DA NFS-e — PRESTADOR DO SERVIÇO', data.prestador);
  y = drawRow(doc, y, [
    {
      label: 'Simples Nacional',
      value:
        data.prestador.simplesNacional === null
          ? null
          : data.prestador.simplesNacional
            ? 'Optante'
            : 'Não optante',
      share: 1,
    },
  ]);
  y = drawPessoa(doc, y + 6, 'TOMADOR DO SERVIÇO', data.tomador);
  y = drawTitle(doc, y + 6, 'SERVIÇO PRESTADO');
  const codigo = [data.servico.codigoTributacaoNacional, data.servico.descricaoTributacaoNacional]
    .filter(Boolean)
    .join(' — ');
  y = drawRow(doc, y, [
    { label: 'Código de tributação nacional', value: codigo || null, share: 0.7 },
    { label: 'Local da prestação', value: data.servico.localPrestacao, share: 0.3 },
  ]);
  y = drawRow(doc, y, [{ label: 'Descrição do serviço', value: data.servico.descricao, share: 1 }]);
  y = drawTitle(doc, y + 6, 'TRIBUTAÇÃO MUNICIPAL (ISSQN)');
  y = drawRow(doc, y, [
    { label: 'Município de incidência', value: data.municipioIncidencia, share: 0.28 },
    { label: 'Valor do serviço', value: money(data.valores.servico), share: 0.18 },
    { label: 'Base de cálculo', value: money(data.valores.baseCalculo), share: 0.18 },
    { label: 'Alíquota', value: percent(data.valores.aliquota), share: 0.12 },
    { label: 'ISSQN apurado', value: money(data.valores.iss), share: 0.24 },
  ]);
  y = drawRow(doc, y, [
    {
      label: 'Retenção do ISSQN',
      value: data.valores.issRetido ? 'Retido pelo tomador' : 'Não retido',
      share: 1,
    },
  ]);
  y = drawTitle(doc, y + 6, 'VALOR TOTAL DA NFS-e');
  y = drawRow(doc, y, [
    { label: 'Valor do serviço', value: money(data.valores.servico), share: 1 / 3 },
    { label: 'Total retido', value: money(data.valores.totalRetido ?? 0), share: 1 / 3 },
    { label: 'Valor líquido da NFS-e', value: money(data.valores.liquido), share: 1 / 3 },
  ]);
  drawFooter(doc, y, data);
  if (data.cancelada) drawCanceladaStamp(doc);
}

async function qrCodeOf(chave: string | null): Promise<Buffer | null> {
  if (!chave) return null;
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(consultaPublicaUrl(chave), { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

export async function renderDanfse(data: DanfseData): Promise<Buffer> {
  const qr = await qrCodeOf(data.chaveAcesso);
  const title = `DANFSe ${data.numero ?? ''}`.trim();
  return renderPdf({ margin: MARGIN, info: { Title: title, Author: 'Sistema Escolar' } }, (doc) =>
    drawDanfse(doc, data, qr),
  );
}

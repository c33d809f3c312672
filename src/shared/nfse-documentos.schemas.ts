/**
 * Contracts of the NFS-e's documents (issue 36 §2, part 5): the family's list of notes (which
 * mensalidade has a DANFSe), and the month's XMLs for the accountant (`GET /api/fiscal/nfse/xml.zip`).
 */
import { z } from 'zod';
import { monthSchema } from './validators.js';

export const nfseFamiliaSchema = z.object({
  id: z.uuid(),
  mensalidade_id: z.uuid(),
  competencia: z.string(),
  status: z.enum(['emitida', 'cancelada']),
  numero: z.string().nullable(),
  emitida_em: z.string().nullable(),
});
export type NfseFamilia = z.infer<typeof nfseFamiliaSchema>;

export const nfseXmlZipQuerySchema = z.strictObject({ competencia: monthSchema });

/** The address of a note's DANFSe (the family's portal and the staff's list link to it). */
export const danfseUrl = (id: string) => `/api/fiscal/nfse/${id}/danfse.pdf`;

export const nfseXmlZipUrl = (competencia: string) =>
  `/api/fiscal/nfse/xml.zip?competencia=${encodeURIComponent(competencia)}`;

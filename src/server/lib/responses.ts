import { z } from 'zod';

/**
 * Response schemas from the shared contracts (docs/architecture.md, "Como adicionar uma rota"). The zod
 * serializer passes every answer through its schema: a contract in `z.object` drops any field it does not
 * list (a password hash, an internal note), and an answer of the wrong shape is a 500 rather than a leak.
 * Only the success status is declared: errors are the envelope of the error funnel.
 */
function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelopeOf(data) };
}

/** A route answering 201 Created. */
export function createdResponse<T extends z.ZodType>(data: T) {
  return { 201: envelopeOf(data) };
}

/** A server-paged list: `{items, total, page, pageSize}`; a list that adds more `.extend`s it. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

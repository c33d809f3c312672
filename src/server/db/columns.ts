import { customType } from 'drizzle-orm/pg-core';

/** Binary content kept in the database (photos, attachments, exports): a Buffer both ways. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

import { inflateRawSync } from 'node:zlib';
import { IMPORT_LIMITS, XLSX_DAMAGED, XLSX_TOO_LARGE_UNPACKED } from '../../../shared/importacao.schemas.js';
import { AppError, badRequest } from '../../lib/errors.js';

/**
 * An XLSX is a zip, and exceljs unpacks and parses every part of it on the event loop: a file of a few
 * hundred KB whose sheet unpacks to hundreds of MB held the whole server for half a minute and grew it by
 * a GB (security review, 2026-12-02). Before exceljs sees the file, each part is unpacked here the way
 * its zip reader finds it — the central directory's entries, at their local headers — with zlib's native
 * inflate stopped at what is left of `maxUnpackedBytes`. The sizes a zip declares are not trusted: a part
 * is measured by unpacking it.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** An XLSX has a dozen parts; a few hundred is anything a spreadsheet program writes. */
const MAX_PARTS = 1000;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', XLSX_TOO_LARGE_UNPACKED);

function endOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at -= 1) if (bytes.readUInt32LE(at) === EOCD) return at;
  throw badRequest(XLSX_DAMAGED);
}

/** Refuses (413) a zip whose parts unpack to more than the limit, and (400) one that cannot be read. */
export function assertXlsxUnpacksWithinLimit(
  bytes: Buffer,
  limit: number = IMPORT_LIMITS.maxUnpackedBytes,
): void {
  const eocd = endOfCentralDirectory(bytes);
  const parts = bytes.readUInt16LE(eocd + 10);
  const directoryAt = bytes.readUInt32LE(eocd + 16);
  // ZIP64 (sizes or counts that do not fit 32/16 bits) is for files far larger than an upload can be.
  if (parts === 0xffff || directoryAt === 0xffffffff) throw tooLarge();
  if (parts > MAX_PARTS) throw tooLarge();
  let left = limit;
  let at = directoryAt;
  for (let part = 0; part < parts; part += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw badRequest(XLSX_DAMAGED);
    const method = bytes.readUInt16LE(at + 10);
    const packed = bytes.readUInt32LE(at + 20);
    const declared = bytes.readUInt32LE(at + 24);
    const localAt = bytes.readUInt32LE(at + 42);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (packed === 0xffffffff || declared === 0xffffffff || localAt === 0xffffffff) throw tooLarge();
    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL) throw badRequest(XLSX_DAMAGED);
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + packed > bytes.length) throw badRequest(XLSX_DAMAGED);
    const data = bytes.subarray(dataAt, dataAt + packed);
    let size: number;
    if (method === 0) size = packed;
    else if (method === 8) {
      if (left === 0 && packed > 0) throw tooLarge();
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(left, 1) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw badRequest(XLSX_DAMAGED);
      }
    } else throw badRequest(XLSX_DAMAGED);
    if (size > left) throw tooLarge();
    left -= size;
  }
}

import { randomBytes } from 'node:crypto';

/**
 * A random serial number for the simulators' throwaway certificates, as hex of `size` bytes: positive
 * (first bit clear) and never with a leading zero byte. DER wants an INTEGER in its fewest bytes, and
 * OpenSSL 3 refuses a certificate whose serial starts 00 0x ('illegal padding'): with only the first
 * bit cleared, about one certificate in 256 made the simulator's HTTPS server fail to start.
 */
export function certificateSerial(size: number): string {
  const bytes = randomBytes(size);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes.toString('hex');
}

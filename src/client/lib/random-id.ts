/**
 * A random UUID (v4), also where `crypto.randomUUID` does not exist: browsers give it only to secure
 * contexts (HTTPS, localhost), and a school that runs the server on its own network opens the portal at
 * http://192.168.… — there a teacher's save of grades or of the roll call threw before it was sent.
 * `crypto.getRandomValues` is everywhere.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A stored file keeps the name it was uploaded under inside its server-made file name:
 * `<random hex>_<the name, UTF-8 in base64url>.<ext>`. Nothing but letters, digits, '_' and '-'
 * reach the disk, the path stays one the contract accepts, and every screen that has the path
 * can show the name the user chose ('Kia logo.png') with no lookup. Paths stored without a name
 * show their last part.
 */

/** The longest uploaded name kept (in UTF-8 bytes): a file name must stay well under 255 bytes. */
export const MAX_STORED_NAME_BYTES = 100;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The part of a stored file's name that carries its uploaded name ('' for none). */
export function encodeStoredName(name: string): string {
  let bytes = new TextEncoder().encode(name.trim());
  if (bytes.length > MAX_STORED_NAME_BYTES) {
    // Cut on a character boundary: the decoder below refuses a broken sequence.
    let end = MAX_STORED_NAME_BYTES;
    while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
    bytes = bytes.slice(0, end);
  }
  return bytes.length > 0 ? toBase64Url(bytes) : '';
}

const WITH_NAME = /^[0-9a-f]{16,64}_([A-Za-z0-9_-]+)\.[A-Za-z0-9]+$/;

/** The name a stored path was uploaded under, or the path's last part when it carries none. */
export function storedNameOf(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1) || path;
  const match = WITH_NAME.exec(last);
  if (!match) return last;
  try {
    const name = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(match[1]!)).trim();
    return name || last;
  } catch {
    return last;
  }
}

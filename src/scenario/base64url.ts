/**
 * Text as base64url (RFC 4648 §5, no padding) of its UTF-8 bytes, as the links carry it: the
 * stepper's hash (`s=`, `lua=`) and the console's `console=`.
 */

/** `s` as base64url of its UTF-8 bytes. */
export function toBase64Url(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text `s` encodes; throws when `s` is not base64url or its bytes are not UTF-8. */
export function fromBase64Url(s: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error('not base64url');
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Image files for upload tests: the mock checks an upload by its bytes (mock-server/handlers/
 * session.ts sniffImageType), so a test's "photo" starts as a real image does.
 */
const SIGNATURES = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
  'image/webp': [...'RIFF\0\0\0\0WEBP'].map((c) => c.charCodeAt(0)),
} as const;

/**
 * A file of `size` bytes declared as `type`: an image type's content starts with that type's
 * signature, any other type's is filler (a PDF a parent picks by mistake, say).
 */
export function imageFile(name: string, size = 64, type: string = 'image/png'): File {
  const signature: readonly number[] = SIGNATURES[type as keyof typeof SIGNATURES] ?? [];
  const bytes = new Uint8Array(Math.max(size, signature.length)).fill(1);
  bytes.set(signature);
  return new File([bytes], name, { type });
}

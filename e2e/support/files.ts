/** Files a parent picks in the journeys. */

/** A 1×1 PNG: a pick-up person's front photo. */
export const PHOTO = {
  name: 'face.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
};

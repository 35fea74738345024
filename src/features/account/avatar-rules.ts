/**
 * What the upload call takes (jpg, png, webp and gif, up to 5 MB), checked before anything is
 * sent so a parent is told at once, not after a long upload.
 */
export const AVATAR_TYPES: Record<string, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'image/gif': 'GIF',
};
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = Object.keys(AVATAR_TYPES).join(',');
export const AVATAR_RULE = `支持 ${Object.values(AVATAR_TYPES).join('、')} 格式，不超过5MB`;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}

/** Why a picked file cannot be an avatar, or null when it can. */
export function checkAvatarFile(file: File): string | null {
  if (!AVATAR_TYPES[file.type]) return `“${file.name}”不是支持的图片格式，请选择 ${Object.values(AVATAR_TYPES).join('、')} 图片`;
  if (file.size > AVATAR_MAX_BYTES) return `图片不能超过5MB（所选图片为${megabytes(file.size)}）`;
  return null;
}

/** A picked file as a data: address, for the preview before it is uploaded. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('cannot read the file'));
    reader.readAsDataURL(file);
  });
}

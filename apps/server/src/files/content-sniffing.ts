/**
 * The real type of an upload, read from its first bytes (magic numbers), never
 * from the name or the type the browser sent.
 */
export type SniffedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf';

export const IMAGE_TYPES: readonly SniffedType[] = ['png', 'jpeg', 'gif', 'webp'];

/** How many leading bytes `sniffType` needs. */
export const SNIFF_LENGTH = 12;

export function sniffType(head: Uint8Array): SniffedType | undefined {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return undefined;
}

export const EXTENSIONS: Record<SniffedType, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp', pdf: 'pdf' };

import { open } from 'node:fs/promises';
import { looksLikeWholePdf, MESSAGES, PDF_EDGE_BYTES, PROJECT_FILE_MESSAGES } from '@notadoo/domain';
import { AppError, badRequest } from '../http/app-error';
import { IMAGE_MAX_INPUT_PIXELS } from './stored-images';
import type { StoredUpload } from './upload';

/**
 * Checks that a received project file is what its first bytes claim: a PDF
 * whole in form (`looksLikeWholePdf`), an image that decodes. Project files
 * are kept as sent (a notary needs the original scan), unlike covers and
 * avatars, which are decoded and stored again; so this is their only check
 * past the magic bytes.
 */
export async function checkProjectFileContent(upload: StoredUpload): Promise<void> {
  if (upload.type === 'pdf') {
    const { head, tail } = await readEdges(upload.path, upload.size, PDF_EDGE_BYTES);
    if (!looksLikeWholePdf(head, tail, upload.size)) throw badRequest(PROJECT_FILE_MESSAGES.damagedPdf);
    return;
  }
  await checkImageDecodes(upload.path);
}

async function readEdges(path: string, size: number, length: number): Promise<{ head: string; tail: string }> {
  const file = await open(path, 'r');
  try {
    const read = async (position: number) => {
      const buffer = Buffer.alloc(Math.min(length, size));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead).toString('latin1');
    };
    return { head: await read(0), tail: await read(Math.max(0, size - length)) };
  } finally {
    await file.close();
  }
}

/**
 * Decodes the whole image into a thumbnail (JPEG and WebP shrink while
 * decoding; PNG and GIF stream): a header followed by garbage, or a file cut
 * short, fails. The pixel ceiling of covers applies: past it a browser showing
 * the file would struggle as much as the server.
 */
async function checkImageDecodes(path: string): Promise<void> {
  // sharp and libvips are loaded by the first image, not by every start.
  const { default: sharp } = await import('sharp');
  try {
    const { width = 0, height = 0 } = await sharp(path, { limitInputPixels: false, animated: false }).metadata();
    if (width * height > IMAGE_MAX_INPUT_PIXELS) throw badRequest(MESSAGES.imageTooManyPixels(IMAGE_MAX_INPUT_PIXELS / 1_000_000));
    await sharp(path, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: false, failOn: 'truncated' })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(MESSAGES.imageUnreadable);
  }
}

import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@notadoo/domain';
import type { AppContext } from '../context';
import { AppError, badRequest } from '../http/app-error';
import { imageKey, type ImageFolder } from './storage/storage-keys';

/**
 * Images larger than this are refused before they are decoded: 40 million
 * pixels (a 50-megapixel phone's photo is past it, a usual 12 to 24 is well
 * under) decode to some 160 MB; a 20000 × 20000 PNG of a few hundred kilobytes
 * would take 1.6 GB, in the server and in every browser that showed it.
 */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;

export interface ImageShape {
  width: number;
  height: number;
  /** `cover`: cropped to exactly that size; `inside`: scaled down to fit, proportions kept, never enlarged. */
  fit: 'cover' | 'inside';
}

/** The largest avatar shown (spec section 9: 32, 48 and 104 px), cropped square around what draws the eye. */
export const AVATAR_SHAPE: ImageShape = { width: 104, height: 104, fit: 'cover' };
/** A dashboard card shows its cover 120 px high over a column's width: 1200 × 800 stays sharp on a high-density screen. */
export const COVER_SHAPE: ImageShape = { width: 1200, height: 800, fit: 'inside' };

/**
 * Decodes an uploaded image (already checked by its first bytes) and stores
 * it encoded again as WebP at `shape`, under a new random name, answered: the
 * bytes the browser sent are never served back. The camera's orientation is
 * applied, then every metadata block is left out (sharp copies none unless
 * asked): no EXIF, so no GPS position of the photo. An animated image keeps
 * its first frame. The one path of avatars and covers.
 */
export async function storeImage(
  ctx: AppContext,
  folder: ImageFolder,
  uploadPath: string,
  options: { shape: ImageShape; unreadableMessage: string },
): Promise<string> {
  // sharp and libvips (some 15 MB) are loaded by the first image, not by every start (issue 11).
  const { default: sharp } = await import('sharp');
  const input = () => sharp(uploadPath, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: false });
  let encoded: Buffer;
  try {
    // The header alone says the size: a bomb is refused before a pixel is decoded, with its own message.
    const { width = 0, height = 0 } = await sharp(uploadPath, { limitInputPixels: false, animated: false }).metadata();
    if (width * height > IMAGE_MAX_INPUT_PIXELS) throw badRequest(MESSAGES.imageTooManyPixels(IMAGE_MAX_INPUT_PIXELS / 1_000_000));
    const { shape } = options;
    // A small WebP (a few to a few hundred kilobytes): made in memory and stored whole.
    encoded = await input()
      .rotate()
      .resize(
        shape.width,
        shape.height,
        shape.fit === 'cover' ? { fit: 'cover', position: 'attention' } : { fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Right magic bytes but not a decodable image (truncated, corrupt).
    ctx.log.info({ err: error }, 'image refused');
    throw badRequest(options.unreadableMessage);
  }
  const name = `${randomBytes(12).toString('hex')}.webp`;
  await ctx.storage.putBuffer(imageKey(folder, name)!, encoded);
  return name;
}

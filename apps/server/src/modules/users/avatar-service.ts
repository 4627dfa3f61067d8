import type { Readable } from 'node:stream';
import { ADMIN_MESSAGES, isAdmin, type User } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { IMAGE_TYPES } from '../../files/content-sniffing';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { imageKey } from '../../files/storage/storage-keys';
import { discardUpload, receiveUpload, temporaryUploadsDir, type StoredUpload } from '../../files/upload';
import { randomBytes } from 'node:crypto';
import { findUserByEmail, findUserById, toUser, updateUser, type UserWithOffice } from './user-data';

/** The largest avatar size shown (spec section 9: 32, 48 and 104 px). */
export const AVATAR_SIZE = 104;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Refuses images whose decoded size would eat the server's memory (a "decompression bomb"). */
const AVATAR_MAX_INPUT_PIXELS = 40_000_000;

type Part = { type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; file: Readable };

/**
 * `POST users/avatar` (multipart: email, avatar). The file is checked by its
 * first bytes, then decoded and re-encoded by sharp as a 104 px square WebP:
 * nothing the browser sent is served back as is. The e-mail names whose
 * photo it is: one's own, or anyone's for an admin.
 */
export async function changeAvatar(ctx: AppContext, editor: UserWithOffice, parts: AsyncIterable<Part>): Promise<User> {
  let upload: StoredUpload | undefined;
  let email: string | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field' && part.fieldname === 'email') email = String(part.value).trim().toLowerCase();
      else if (part.type === 'file' && part.fieldname === 'avatar' && !upload) {
        upload = await receiveUpload(part.file, {
          dir: temporaryUploadsDir(ctx.config.dataDir),
          accepted: IMAGE_TYPES,
          maxBytes: AVATAR_MAX_BYTES,
          refusedMessage: ADMIN_MESSAGES.avatarFailed,
        });
      } else if (part.type === 'file') part.file.resume();
    }
    if (!upload) throw badRequest(ADMIN_MESSAGES.avatarFailed);
    const target = email && email !== editor.email ? await findUserByEmail(ctx.db, email) : editor;
    if (!target) {
      if (!isAdmin(editor)) throw forbidden();
      throw notFound(ADMIN_MESSAGES.userNotFound);
    }
    if (target.id !== editor.id && !isAdmin(editor)) throw forbidden();

    const name = `${randomBytes(12).toString('hex')}.webp`;
    // sharp and libvips (some 15 MB) are loaded by the first photo, not by every start (issue 11).
    const { default: sharp } = await import('sharp');
    let resized: Buffer;
    try {
      // A 104 px WebP weighs a few kilobytes: it is made in memory and stored whole.
      resized = await sharp(upload.path, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (error) {
      // Right magic bytes but not a decodable image.
      ctx.log.info({ err: error }, 'avatar refused');
      throw badRequest(ADMIN_MESSAGES.avatarFailed);
    }
    await ctx.storage.putBuffer(imageKey('avatars', name)!, resized);
    await updateUser(ctx.db, target.id, { avatar: name });
    await removeUnlistedFiles(ctx.storage, [imageKey('avatars', target.avatar)], ctx.log);
    return toUser((await findUserById(ctx.db, target.id))!);
  } finally {
    await discardUpload(upload);
  }
}

import type { Readable } from 'node:stream';
import { ADMIN_MESSAGES, isAdmin, type User } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { IMAGE_TYPES } from '../../files/content-sniffing';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { imageKey } from '../../files/storage/storage-keys';
import { AVATAR_SHAPE, storeImage } from '../../files/stored-images';
import { discardUpload, receiveUpload, temporaryUploadsDir, type StoredUpload } from '../../files/upload';
import { findUserByEmail, findUserById, toUser, updateUser, type UserWithOffice } from './user-data';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

type Part = { type: 'field'; fieldname: string; value: unknown } | { type: 'file'; fieldname: string; file: Readable };

/**
 * `POST users/avatar` (multipart: email, avatar). The file is checked by its
 * first bytes, then decoded and re-encoded as a 104 px square WebP
 * (`storeImage`, as covers): nothing the browser sent is served back as is.
 * The e-mail names whose photo it is: one's own, or anyone's for an admin.
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

    const name = await storeImage(ctx, 'avatars', upload.path, { shape: AVATAR_SHAPE, unreadableMessage: ADMIN_MESSAGES.avatarFailed });
    await updateUser(ctx.db, target.id, { avatar: name });
    await removeUnlistedFiles(ctx.storage, [imageKey('avatars', target.avatar)], ctx.log);
    return toUser((await findUserById(ctx.db, target.id))!);
  } finally {
    await discardUpload(upload);
  }
}

import type { Readable } from 'node:stream';
import { IMAGE_WIDTHS } from '@pinboard/shared/media';
import { AvatarCropSchema } from '@pinboard/shared/profile';
import type { UserProfile } from '@pinboard/shared';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { cropUprightSquare, readImageHeader } from '../media/image-decoding.ts';
import { storeReceivedMedia, type MediaStoreDeps } from '../media/media-store.ts';
import { receiveImageBytes, receiveUploadStream, uploadTempDir } from '../media/upload-receiver.ts';
import { setAvatarImage } from './profile.repository.ts';
import { getOwnProfile } from './profile.service.ts';

export interface AvatarDeps extends MediaStoreDeps {
  config: MediaStoreDeps['config'] & { dataDir: string };
}

// The crop is kept at the largest rendition's width: every size shown is made from it.
const AVATAR_MAX_SIDE = IMAGE_WIDTHS['736x'];

/** The picture's crop square, refused unless it lies inside the upright picture. */
async function cropSquareOf(bytes: Buffer, fields: Record<string, string>) {
  const crop = AvatarCropSchema.safeParse(fields);
  if (!crop.success) throw new AppError('avatar_crop_invalid', { detail: crop.error.issues[0]?.message });
  const { crop_x: left, crop_y: top, crop_size: size } = crop.data;
  const { width, height } = await readImageHeader(bytes);
  if (left + size > width || top + size > height) {
    throw new AppError('avatar_crop_invalid', {
      detail: `${left},${top}+${size} outside ${width}x${height}`,
    });
  }
  return { left, top, size };
}

/**
 * `POST /v3/users/settings/avatar/`: the uploaded picture (judged by its bytes, as any upload),
 * cut to the crop square the person chose and stored through the image pipeline, becomes their
 * avatar. Their pins, boards and profile show it at once: the visitor caches are cleared.
 */
export async function setAvatarFromUpload(
  deps: AvatarDeps,
  userId: number,
  fields: Record<string, string>,
  file: Readable,
): Promise<UserProfile> {
  const received = await receiveUploadStream(file, uploadTempDir(deps.config.dataDir));
  if (received.kind === 'video') {
    await received.dispose();
    throw new AppError('media_type_unsupported', { detail: 'an avatar is a picture' });
  }
  const square = await cropSquareOf(received.bytes, fields);
  const cropped = await cropUprightSquare(received.bytes, square, AVATAR_MAX_SIDE);
  const { imageId } = await storeReceivedMedia(deps, receiveImageBytes(cropped));
  await setAvatarImage(deps.db, userId, imageId);
  clearSignedOutAnswers();
  return getOwnProfile(deps.db, userId);
}

/** `DELETE /v3/users/settings/avatar/`: back to the coloured initial. */
export async function removeAvatar(deps: Pick<AvatarDeps, 'db'>, userId: number): Promise<UserProfile> {
  await setAvatarImage(deps.db, userId, null);
  clearSignedOutAnswers();
  return getOwnProfile(deps.db, userId);
}

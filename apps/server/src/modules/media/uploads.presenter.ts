import { ERRORS, type ErrorCode } from '@pinboard/shared';
import type { MediaUpload } from '@pinboard/shared/pin-create';
import { presentImages, presentVideo } from '../pins/pins.presenter.ts';
import type { UploadRow } from './uploads.repository.ts';

function presentError(code: string | null): MediaUpload['error'] {
  if (!code) return null;
  const known = (Object.hasOwn(ERRORS, code) ? code : 'internal') as ErrorCode;
  return { code: known, message: ERRORS[known].message };
}

export function presentUpload(row: UploadRow): MediaUpload {
  return {
    media_upload_id: String(row.id),
    type: row.kind,
    status: row.status,
    images: row.imageSizes ? presentImages(row.imageSizes) : null,
    dominant_color: row.dominantColor,
    video: row.imageSizes ? presentVideo(row.videoKey, row.videoDurationMs, row.imageSizes) : null,
    error: presentError(row.errorCode),
  };
}

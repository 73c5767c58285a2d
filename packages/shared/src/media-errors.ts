import type { ErrorEntry } from './errors.ts';

/**
 * Uploads, media and creating pins: apiCodes 260-279. Spread into ERRORS. An upload
 * is judged by its bytes only; these codes are also what a registration by URL fails with.
 */
export const MEDIA_ERRORS = {
  media_file_missing: {
    status: 400,
    apiCode: 260,
    message: 'Choose an image or a video to upload.',
    field: 'file',
  },
  media_type_unsupported: {
    status: 415,
    apiCode: 261,
    message: 'This file type is not supported. Use a JPEG, PNG, WebP or GIF image, or an MP4 video.',
  },
  media_too_large: {
    status: 413,
    apiCode: 262,
    message: 'This file is too large. Images can be up to 20 MB and videos up to 200 MB.',
  },
  image_too_small: {
    status: 400,
    apiCode: 263,
    message: 'This image is too small. Use one at least 120 pixels wide and 120 pixels high.',
  },
  media_quota_exceeded: {
    status: 413,
    apiCode: 264,
    message: 'You have run out of room for uploads. Delete some Pins or use a smaller file.',
  },
  video_unavailable: {
    status: 422,
    apiCode: 265,
    message: 'Video uploads are not available right now. Upload an image instead.',
  },
  video_invalid: { status: 400, apiCode: 266, message: 'We could not read this video.' },
  media_upload_not_found: {
    status: 404,
    apiCode: 267,
    message: 'Sorry! We could not find that upload.',
  },
  media_upload_not_ready: {
    status: 409,
    apiCode: 268,
    message: 'Your image is still being processed. Try again in a moment.',
  },
  media_upload_failed: {
    status: 422,
    apiCode: 269,
    message: 'This image could not be used. Choose another one.',
  },
  pin_media_required: {
    status: 400,
    apiCode: 270,
    message: 'Add an image or a video to your Pin.',
  },
  pin_media_conflict: {
    status: 400,
    apiCode: 271,
    message: 'Give your Pin one image: an upload, an image link, image data or idea pin pages.',
  },
  pin_link_invalid: {
    status: 400,
    apiCode: 272,
    message: 'Enter a link that starts with http:// or https://.',
    field: 'link',
  },
  image_base64_invalid: {
    status: 400,
    apiCode: 273,
    message: 'The image data is not valid.',
    field: 'image_base64',
  },
} as const satisfies Record<string, ErrorEntry>;

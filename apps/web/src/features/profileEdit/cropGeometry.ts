import { PROFILE_LIMITS } from '@pinboard/shared/profile';

/** The picture's natural size (upright, as the browser shows it). */
export interface PictureSize {
  width: number;
  height: number;
}

/** Where the picture sits in the square viewport: its top-left corner, in viewport pixels (≤ 0). */
export interface CropView {
  zoom: number;
  x: number;
  y: number;
}

const MAX_ZOOM = 4;

/** At zoom 1 the picture's short side fills the viewport. */
export function scaleOf(picture: PictureSize, viewport: number, zoom: number): number {
  return (viewport / Math.min(picture.width, picture.height)) * zoom;
}

/** The most the picture may be zoomed: 4x, and never past a crop smaller than the server takes. */
export function maxZoomOf(picture: PictureSize): number {
  const shortSide = Math.min(picture.width, picture.height);
  return Math.max(1, Math.min(MAX_ZOOM, shortSide / PROFILE_LIMITS.avatarCropMinSize));
}

/** The view with the picture covering the whole viewport (no empty edge), zoom within its bounds. */
export function clampView(picture: PictureSize, viewport: number, view: CropView): CropView {
  const zoom = Math.min(maxZoomOf(picture), Math.max(1, view.zoom));
  const scale = scaleOf(picture, viewport, zoom);
  const clamp = (value: number, size: number) => Math.min(0, Math.max(viewport - size * scale, value));
  return { zoom, x: clamp(view.x, picture.width), y: clamp(view.y, picture.height) };
}

/** The centred view at zoom 1. */
export function initialView(picture: PictureSize, viewport: number): CropView {
  const scale = scaleOf(picture, viewport, 1);
  return {
    zoom: 1,
    x: (viewport - picture.width * scale) / 2,
    y: (viewport - picture.height * scale) / 2,
  };
}

/** Zooms about the viewport's centre, so what is in the middle stays there. */
export function zoomView(picture: PictureSize, viewport: number, view: CropView, zoom: number): CropView {
  const before = scaleOf(picture, viewport, view.zoom);
  const bounded = clampView(picture, viewport, { ...view, zoom }).zoom;
  const ratio = scaleOf(picture, viewport, bounded) / before;
  const centre = viewport / 2;
  return clampView(picture, viewport, {
    zoom: bounded,
    x: centre - (centre - view.x) * ratio,
    y: centre - (centre - view.y) * ratio,
  });
}

/** The square the viewport shows, in the picture's own pixels: what the server cuts. */
export function cropSquareOf(picture: PictureSize, viewport: number, view: CropView) {
  const scale = scaleOf(picture, viewport, view.zoom);
  const size = Math.min(Math.round(viewport / scale), picture.width, picture.height);
  const x = Math.min(Math.max(0, Math.round(-view.x / scale)), picture.width - size);
  const y = Math.min(Math.max(0, Math.round(-view.y / scale)), picture.height - size);
  return { crop_x: x, crop_y: y, crop_size: size };
}

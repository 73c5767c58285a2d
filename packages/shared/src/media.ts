import { z } from 'zod';

/** Rendition widths every stored image has, plus the original. */
export const IMAGE_WIDTHS = { '236x': 236, '474x': 474, '736x': 736 } as const;
export type RenditionName = keyof typeof IMAGE_WIDTHS | 'orig';
export const RENDITION_NAMES: readonly RenditionName[] = ['236x', '474x', '736x', 'orig'];

/** Inputs above this many pixels are refused before decoding (pixel-flood guard). */
export const MAX_INPUT_PIXELS = 40_000_000;

export const ImageSpecSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageSpec = z.infer<typeof ImageSpecSchema>;

export const PinImagesSchema = z.object({
  '236x': ImageSpecSchema,
  '474x': ImageSpecSchema,
  '736x': ImageSpecSchema,
  orig: ImageSpecSchema,
});
export type PinImages = z.infer<typeof PinImagesSchema>;

/** A hex colour such as `#a1b2c3`. */
export const HexColorSchema = z.string().regex(/^#[0-9a-f]{6}$/);

/** A video pin's (or idea pin page's) MP4 and its poster frame's size. */
export const VideoSchema = z.object({
  url: z.string(),
  duration_ms: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Video = z.infer<typeof VideoSchema>;

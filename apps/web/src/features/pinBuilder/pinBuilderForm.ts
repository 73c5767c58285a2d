import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, type CreatePin } from '@pinboard/shared';
import { z } from 'zod';
import type { SaveChoice } from '../saving/BoardPicker.tsx';

export const PIN_LINK_MAX = 2048;

/** 'example.com/a' is taken as 'https://example.com/a'; only http(s) addresses are links. */
export function normalizeLink(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The builder's text fields (the shared limits; docs/product/creating.md#rules): messages are i18n keys
 * under `pinBuilder.fields`, read with the limit. Over-long text is refused, not cut, so the
 * counter and the message explain why Publish did nothing.
 */
export const PinTextSchema = z.object({
  title: z.string().max(PIN_TITLE_MAX, 'tooLong'),
  description: z.string().max(PIN_DESCRIPTION_MAX, 'tooLong'),
  link: z
    .string()
    .max(PIN_LINK_MAX, 'tooLong')
    .refine((value) => value.trim() === '' || normalizeLink(value) !== null, 'linkInvalid'),
});
export type PinText = z.infer<typeof PinTextSchema>;

/** The part of `createPin` both builders send alike: the board and the text fields. */
export function pinTextBody(
  text: PinText,
  place: SaveChoice,
): Pick<CreatePin, 'board_id' | 'section_id' | 'title' | 'description' | 'link'> {
  return {
    board_id: place.board.id,
    section_id: place.section?.id ?? null,
    title: text.title.trim(),
    description: text.description,
    link: normalizeLink(text.link),
  };
}

export const FIELD_MAX = { title: PIN_TITLE_MAX, description: PIN_DESCRIPTION_MAX, link: PIN_LINK_MAX };

/** The aspect ratios of a single pin (docs/product/creating.md#rules); `original` keeps the image's own. */
export const PIN_ASPECT_RATIOS = { original: null, portrait: 2 / 3, standard: 3 / 4, square: 1 } as const;
export type PinAspectRatio = keyof typeof PIN_ASPECT_RATIOS;

/** Idea pin pages are 9:16 (docs/product/creating.md#rules). */
export const STORY_ASPECT_RATIO = 9 / 16;

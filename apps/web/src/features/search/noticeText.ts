import type { NoticeTag } from '@pinboard/shared';

/** A run of a notice's text: plain, or a link. */
export interface NoticeSegment {
  text: string;
  link: string | null;
}

/**
 * Cuts a notice's text into plain runs and links, each link tag covering the characters
 * [offset, offset + length). Tags are taken in order of offset; one overlapping an earlier
 * tag, or running past the end of the text, is ignored rather than garbling the text.
 */
export function noticeSegments(text: string, tags: readonly NoticeTag[]): NoticeSegment[] {
  const segments: NoticeSegment[] = [];
  let position = 0;
  const inOrder = tags
    .filter((tag) => tag.tagType === 'link' && tag.length > 0 && tag.offset + tag.length <= text.length)
    .toSorted((a, b) => a.offset - b.offset);
  for (const tag of inOrder) {
    if (tag.offset < position) continue;
    if (tag.offset > position) segments.push({ text: text.slice(position, tag.offset), link: null });
    segments.push({ text: text.slice(tag.offset, tag.offset + tag.length), link: tag.link });
    position = tag.offset + tag.length;
  }
  if (position < text.length) segments.push({ text: text.slice(position), link: null });
  return segments;
}

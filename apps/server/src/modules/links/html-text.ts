/**
 * The text of an HTML page's bytes: the charset of the Content-Type header, else of a
 * `<meta charset>` (or http-equiv) near the top, else UTF-8. An unknown label falls back to UTF-8.
 */
export function decodeHtml(body: Buffer, contentType: string | null): string {
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(declared).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

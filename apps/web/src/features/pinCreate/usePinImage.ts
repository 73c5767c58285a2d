import { useQuery } from '@tanstack/react-query';
import type { InputOf } from '@pinboard/shared/api';
import { api } from '../../api/endpoints.ts';
import type { PinCreateParams } from './pinCreateParams.ts';

export interface PinImage {
  /** What the preview shows. */
  url: string;
  /** The picture's part of `createPin`. */
  source: Pick<InputOf<'createPin'>['body'], 'image_url' | 'media_upload_id'>;
  /** The page's description, when the query brought none. */
  description: string | null;
}

/**
 * The image of the pin (docs/product/creating.md#pin-create-page): `media` when given; otherwise the first
 * pinnable image of the link's page, registered with `registerImage` (its upload id is
 * what the pin uses; the plain URL if registering fails). A failed lookup is silent: no image.
 */
export function usePinImage(params: Pick<PinCreateParams, 'url' | 'media'>) {
  const { url, media } = params;
  return useQuery({
    // Not one endpoint's answer (the image lookup, then its registration): a key of its own.
    queryKey: ['pinCreate', 'image', url, media] as const,
    queryFn: async ({ signal }): Promise<PinImage | null> => {
      if (media) return { url: media, source: { image_url: media }, description: null };
      if (!url) return null;
      const found = (await api.findImages({ query: { url } }, { signal }).catch(() => null))?.data;
      const first = found?.items.find((item) => item.type === 'pinnable');
      if (!first) return null;
      const upload = (await api.registerImage({ body: { image_url: first.url } }).catch(() => null))?.data;
      const source =
        upload && upload.status !== 'failed'
          ? { media_upload_id: upload.media_upload_id }
          : { image_url: first.url };
      return { url: first.url, source, description: found?.description ?? null };
    },
    staleTime: Infinity,
    retry: false,
  });
}

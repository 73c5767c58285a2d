import { safeNextPath } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { api, endpointKey } from '../api/endpoints.ts';
import { refreshViewer } from '../features/viewer/changeViewer.ts';
import { BusinessForm } from '../features/business/BusinessForm.tsx';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import '../features/business/words.ts';
import { useViewer } from '../features/viewer/useViewer.ts';

/**
 * `/business/convert?next=…`: a personal account becomes a business account with its first ad
 * account, then goes on to `next` (quick promote for the save dialog's pin) or the hub. An account
 * that is a business already goes on at once.
 */
export function BusinessConvertPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useViewer();
  const next = safeNextPath(search.get('next'), '/business/hub');
  const partner = session?.type === 'AUTH' && session.isPartner;

  useEffect(() => {
    if (partner) void navigate(next, { replace: true });
  }, [partner, next, navigate]);

  return (
    <BusinessLayout
      title={t('business.convert.title')}
      documentTitle={t('business.convert.documentTitle')}
      switcher={false}
    >
      <p>{partner ? t('business.convert.already') : t('business.convert.lead')}</p>
      {!partner && (
        <BusinessForm
          submitLabel={t('business.convert.submit')}
          onSubmit={async (form) => {
            await api.convertToBusiness({ body: form });
            await refreshViewer(queryClient);
            void queryClient.invalidateQueries({ queryKey: endpointKey('listBusinessAccessProfiles') });
            void queryClient.invalidateQueries({ queryKey: endpointKey('listAdvertisers') });
            await navigate(next);
          }}
        />
      )}
    </BusinessLayout>
  );
}

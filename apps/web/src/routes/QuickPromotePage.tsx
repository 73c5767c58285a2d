import { roleMay } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { queries } from '../api/endpoints.ts';
import { useActiveProfile } from '../features/business/activeProfile.ts';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import { QuickPromoteFlow } from '../features/business/QuickPromoteFlow.tsx';
import '../features/business/words.ts';
import { LoadingState } from '../ui/PageStates.tsx';
import { useViewer } from '../features/viewer/useViewer.ts';

/**
 * `/advertiser/quick_promote?pinId=…` (and `/advertiser/quick-promote`): promote a pin in a few
 * steps, for the ad account of the profile the viewer acts as.
 */
export function QuickPromotePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const pinId = search.get('pinId') ?? search.get('pin_id');
  const { session } = useViewer();
  const signedIn = session?.type === 'AUTH';
  const { active, isLoading: profilesLoading } = useActiveProfile();
  const pin = useQuery({ ...queries.getPin({ params: { id: pinId ?? '0' } }), enabled: signedIn && !!pinId });
  const advertisers = useQuery({
    ...queries.listAdvertisers({ query: { acting_as: active?.id } }),
    enabled: signedIn && !!active,
  });
  const advertiser = advertisers.data?.find((a) => roleMay(a.role, 'manage_ads')) ?? null;
  const loading = profilesLoading || (!!pinId && pin.isPending) || (!!active && advertisers.isPending);

  return (
    <BusinessLayout title={t('business.promote.title')} documentTitle={t('business.promote.documentTitle')}>
      {!pinId ? (
        <p>
          <Link to="/business/hub">{t('business.promote.noPin')}</Link>
        </p>
      ) : loading ? (
        <LoadingState />
      ) : pin.data ? (
        <QuickPromoteFlow
          key={`${pin.data.id}:${advertiser?.id ?? ''}`}
          pin={pin.data}
          advertiser={advertiser}
        />
      ) : (
        <p role="alert">{t('business.promote.pinMissing')}</p>
      )}
    </BusinessLayout>
  );
}

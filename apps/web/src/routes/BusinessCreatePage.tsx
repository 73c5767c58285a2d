import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { useNavigate } from 'react-router';
import { api, endpointKey } from '../api/endpoints.ts';
import { chooseBusinessProfile } from '../features/business/activeProfile.ts';
import { BusinessForm } from '../features/business/BusinessForm.tsx';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import '../features/business/words.ts';

/** `/business/create`: a new business account linked to the viewer, who owns it; then its hub. */
export function BusinessCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <BusinessLayout title={t('business.create.title')} documentTitle={t('business.create.documentTitle')}>
      <p>{t('business.create.lead')}</p>
      <BusinessForm
        submitLabel={t('business.create.submit')}
        onSubmit={async (form) => {
          const { data } = await api.createBusiness({ body: form });
          await queryClient.invalidateQueries({ queryKey: endpointKey('listBusinessAccessProfiles') });
          chooseBusinessProfile(data.profile.id);
          await navigate('/business/hub');
        }}
      />
    </BusinessLayout>
  );
}

import { useTranslation } from '../i18n.ts';
import { useParams } from 'react-router';
import { PinEditScreen } from '../features/pinMenu/PinEditScreen.tsx';
import { SignedInGate } from '../features/pinBuilder/SignedInGate.tsx';

/** `/pin/{id}/edit`: the pin editor as a page (signed-in only). */
export function PinEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <SignedInGate title={t('pin.editDocumentTitle')}>
      <PinEditScreen key={id} id={id} />
    </SignedInGate>
  );
}

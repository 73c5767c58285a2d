import '../auth/words.ts';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useLocation } from 'react-router';
import { AuthFlow } from '../auth/AuthFlow.tsx';
import authStyles from '../../ui/PageCard.module.css';
import type { PinCreateParams } from './pinCreateParams.ts';
import styles from './PinCreate.module.css';
import { PinImagePreview } from './PinImagePreview.tsx';
import { usePinImage } from './usePinImage.ts';

const stay = () => {};

/**
 * The signed-out desktop variant (docs/product/creating.md#pin-create-page): 'Pin Builder' with the image
 * preview and the login panel, whose next URL is this very page (query included), so the person comes back
 * here signed in and picks a board.
 */
export function SignedOutPinCreate({ params }: { params: PinCreateParams }) {
  const { t } = useTranslation();
  const titleId = useId();
  const location = useLocation();
  const image = usePinImage(params);
  const next = `${location.pathname}${location.search}`;

  return (
    <div className={styles.layout}>
      <title>{t('pinCreate.pinBuilder')}</title>
      <section className={styles.preview} aria-labelledby="pin-builder-title">
        <h1 id="pin-builder-title" className={styles.heading}>
          {t('pinCreate.pinBuilder')}
        </h1>
        <PinImagePreview image={image} color={params.color} />
        {params.description && <p>{params.description}</p>}
        {params.url && <p className={styles.link}>{params.url}</p>}
        <p>{t('pinCreate.signedOutHint')}</p>
      </section>
      <section className={authStyles.card} aria-labelledby={titleId}>
        <AuthFlow
          options={{ container: 'pinBookmarklet', step: 'login', next }}
          titleId={titleId}
          close={stay}
        />
      </section>
    </div>
  );
}

import { Trans } from '../../i18n.ts';
import { Link } from 'react-router';
import styles from './AuthFlow.module.css';
import { termsVariant, type ClientPlace } from './termsVariant.ts';

const TERMS_PATH = '/_/_/policy/terms-of-service/';
const PRIVACY_POLICY_PATH = '/_/_/policy/privacy-policy/';
const NOTICE_AT_COLLECTION_PATH = '/_/_/policy/privacy-policy/#notice-at-collection';
const DELETE_ACCOUNT_PATH = '/settings/account/';

/** The sign-up terms line, plus the Florida notice or the Notice at collection (see termsVariant). */
export function TermsNotice({ place }: { place: ClientPlace | null | undefined }) {
  const variant = termsVariant(place);
  return (
    <div className={styles.small}>
      <p>
        <Trans
          i18nKey="auth.terms.agreement"
          components={[<Link key="terms" to={TERMS_PATH} />, <Link key="privacy" to={PRIVACY_POLICY_PATH} />]}
        />
      </p>
      <p>
        {variant === 'florida' ? (
          <Trans i18nKey="auth.terms.florida" components={[<Link key="delete" to={DELETE_ACCOUNT_PATH} />]} />
        ) : (
          <Trans
            i18nKey="auth.terms.noticeAtCollection"
            components={[<Link key="notice" to={NOTICE_AT_COLLECTION_PATH} />]}
          />
        )}
      </p>
    </div>
  );
}

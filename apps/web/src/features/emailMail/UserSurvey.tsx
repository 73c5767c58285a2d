import { SURVEY_TEXT_MAX, SURVEY_USES, type SurveyUse } from '@pinboard/shared/email-mail';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './EmailMail.module.css';
import './words.ts';

const SCALE = [1, 2, 3, 4, 5] as const;

/**
 * `/email/user_survey/?token=`: how happy the person is (1 to 5), what they use Pinboard for and
 * anything else (up to SURVEY_TEXT_MAX characters), answered by a digest's link or signed in.
 */
export function UserSurvey({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { session } = useViewer();
  const [satisfaction, setSatisfaction] = useState<number | null>(null);
  const [uses, setUses] = useState<SurveyUse[]>([]);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  if (!token && session?.type !== 'AUTH') {
    return (
      <Link to="/login/?next=/email/user_survey/" className={styles.link}>
        {t('emailMail.survey.logIn')}
      </Link>
    );
  }
  if (sent) {
    return (
      <div role="status">
        <h2>{t('emailMail.survey.thanks')}</h2>
        <p>{t('emailMail.survey.thanksText')}</p>
        <Link to="/" className={styles.link}>
          {t('emailMail.survey.home')}
        </Link>
      </div>
    );
  }

  const submit = async () => {
    setProblem(undefined);
    if (satisfaction === null) {
      setProblem(t('errors.survey_satisfaction_invalid'));
      return;
    }
    setBusy(true);
    try {
      await api.submitUserSurvey({ body: { ...(token ? { token } : {}), satisfaction, uses, text } });
      setSent(true);
    } catch (error) {
      setProblem(errorMessage(t, error, 'auth.errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{t('emailMail.survey.intro')}</p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('emailMail.survey.satisfaction')}</legend>
        <div className={styles.options}>
          {SCALE.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="satisfaction"
                value={value}
                checked={satisfaction === value}
                onChange={() => setSatisfaction(value)}
              />{' '}
              {t(`emailMail.survey.scale.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('emailMail.survey.uses')}</legend>
        <div className={styles.options}>
          {SURVEY_USES.map((use) => (
            <label key={use}>
              <input
                type="checkbox"
                checked={uses.includes(use)}
                onChange={(event) =>
                  setUses(event.target.checked ? [...uses, use] : uses.filter((given) => given !== use))
                }
              />{' '}
              {t(`emailMail.survey.useNames.${use}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className={styles.legend} htmlFor="survey-text">
        {t('emailMail.survey.text')}
      </label>
      <textarea
        id="survey-text"
        className={styles.textarea}
        maxLength={SURVEY_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p>{t('emailMail.survey.left', { count: SURVEY_TEXT_MAX - text.length })}</p>
      <FormError>{problem}</FormError>
      <Button type="submit" variant="primary" disabled={busy}>
        {t('emailMail.survey.submit')}
      </Button>
    </form>
  );
}

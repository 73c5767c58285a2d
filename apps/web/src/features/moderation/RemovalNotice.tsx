import './words.ts';
import { REPORT_REASONS, type Removal, type ReportReason } from '@pinboard/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { endpointKey } from '../../api/endpoints.ts';
import { Button } from '../../ui/Button.tsx';
import type { WordsKey } from '../../api/errorMessage.ts';
import { useToast } from '../../ui/toastContext.ts';
import { AppealDialog, type AppealableType } from './AppealDialog.tsx';
import styles from './Moderation.module.css';

const reasonOf = (reason: string): ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(reason) ? (reason as ReportReason) : 'other';

/** The notice's own words per kind: its title, and what an upheld appeal says. */
const WORDS: Record<AppealableType, { title: WordsKey; upheld: WordsKey }> = {
  pin: { title: 'moderation.removed.title', upheld: 'moderation.removed.upheld' },
  comment: { title: 'moderation.removedComment.title', upheld: 'moderation.removedComment.upheld' },
  board: { title: 'moderation.removedBoard.title', upheld: 'moderation.removedBoard.upheld' },
};

/**
 * What the owner of a removed pin, board or comment sees with it (no one else is shown it): why
 * it was removed, and Appeal until they have appealed; then the appeal's state (decision 54).
 * `refresh` is the query that answers `removal`, read again once the appeal is sent.
 */
export function RemovalNotice({
  objectType,
  objectId,
  removal,
  refresh,
  headingLevel = 2,
}: {
  objectType: AppealableType;
  objectId: string;
  removal: Removal;
  refresh: QueryKey;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [appealing, setAppealing] = useState(false);
  const appeal = removal.appeal;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.notice} aria-labelledby={titleId} data-testid={`removed-${objectType}-notice`}>
      <Heading id={titleId} className={styles.noticeTitle}>
        {t(WORDS[objectType].title)}
      </Heading>
      <p>{t('moderation.removed.body', { reason: t(`moderation.reasons.${reasonOf(removal.reason)}`) })}</p>
      {appeal === null ? (
        <div className={styles.row}>
          <Button variant="primary" onClick={() => setAppealing(true)}>
            {t('moderation.removed.appeal')}
          </Button>
        </div>
      ) : (
        <div className={styles.row}>
          <p className={styles.status}>
            {appeal.status === 'upheld' ? t(WORDS[objectType].upheld) : t('moderation.removed.pending')}
          </p>
          <Link to="/appealed-pin/">{t('moderation.removed.seeAppeals')}</Link>
        </div>
      )}
      {appealing && (
        <AppealDialog
          objectType={objectType}
          objectId={objectId}
          onClose={() => setAppealing(false)}
          onSent={() => {
            setAppealing(false);
            toast.show(t('moderation.appealDialog.sent'), { durationMs: 3500 });
            void queryClient.invalidateQueries({ queryKey: refresh });
            void queryClient.invalidateQueries({ queryKey: endpointKey('listAppeals') });
          }}
        />
      )}
    </section>
  );
}

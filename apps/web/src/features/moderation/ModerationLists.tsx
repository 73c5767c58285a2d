import './words.ts';
import type { Appeal, ModerationAction, MyReport, ReportReason, Violation } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { queries } from '../../api/endpoints.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import styles from './Moderation.module.css';

type ObjectType = Appeal['object_type'];

function useLabels() {
  const { t } = useTranslation();
  return {
    object: (type: ObjectType) => t(`moderation.objects.${type}`),
    reason: (reason: ReportReason) => t(`moderation.reasons.${reason}`),
  };
}

function Thumb({ object }: { object: Appeal['object'] }) {
  if (!object?.image_url) return null;
  return <img src={object.image_url} alt="" />;
}

/** What an appeal or violation is about, linked when its owner may open it. */
function ObjectName({ object, type }: { object: Appeal['object']; type: ObjectType }) {
  const { object: name } = useLabels();
  const title = object?.title || name(type);
  return object?.url ? <Link to={object.url}>{title}</Link> : <span>{title}</span>;
}

/** `/appealed-pin/`: the viewer's appeals, newest first, each with its outcome. */
export function AppealList() {
  const { t } = useTranslation();
  const { reason } = useLabels();
  const appeals = useQuery(queries.listAppeals());
  if (appeals.isPending) return <LoadingState />;
  if (appeals.isError) {
    return <ErrorState text={t('moderation.appealed.loadError')} onRetry={() => void appeals.refetch()} />;
  }
  const items = appeals.data.items;
  if (items.length === 0) return <p className={styles.subtle}>{t('moderation.appealed.empty')}</p>;
  return (
    <ul className={styles.list} aria-label={t('moderation.appealed.heading')}>
      {items.map((appeal) => (
        <li key={appeal.id} className={styles.item} data-testid="appeal">
          <Thumb object={appeal.object} />
          <div>
            <p>
              <ObjectName object={appeal.object} type={appeal.object_type} />
            </p>
            <p className={styles.subtle}>
              {t('moderation.appealed.violation', { reason: reason(appeal.violation) })}
            </p>
            <p>{t('moderation.appealed.yourReason', { reason: appeal.reason })}</p>
            <p className={styles.status}>{t(`moderation.appealStatus.${appeal.status}`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function outcomeOf(report: MyReport): ModerationAction | 'open' {
  return report.outcome ?? 'open';
}

function ReportItem({ report }: { report: MyReport }) {
  const { t } = useTranslation();
  const { object, reason } = useLabels();
  return (
    <li className={styles.item} data-testid="my-report">
      <div>
        <p>
          {t('moderation.reportsPage.reported', {
            object: object(report.object_type),
            reason: reason(report.reason),
          })}
        </p>
        <p className={styles.status}>{t(`moderation.outcomes.${outcomeOf(report)}`)}</p>
      </div>
    </li>
  );
}

function ViolationItem({ violation }: { violation: Violation }) {
  const { t } = useTranslation();
  const { reason } = useLabels();
  return (
    <li className={styles.item} data-testid="violation">
      <Thumb object={violation.object} />
      <div>
        <p>
          <ObjectName object={violation.object} type={violation.object_type} />
        </p>
        <p className={styles.status}>
          {t('moderation.reportsPage.violation', {
            object: t(`moderation.actions.${violation.action}`),
            reason: reason(violation.reason),
          })}
        </p>
        {violation.appeal && (
          <p>
            <Link to="/appealed-pin/">
              {t('moderation.reportsPage.appeal', {
                status: t(`moderation.appealStatus.${violation.appeal.status}`),
              })}
            </Link>
          </p>
        )}
      </div>
    </li>
  );
}

/** `/reports-and-violations/`: the reports the viewer made and the violations against them. */
export function ReportsAndViolations() {
  const { t } = useTranslation();
  const page = useQuery(queries.listReportsAndViolations());
  if (page.isPending) return <LoadingState />;
  if (page.isError) {
    return <ErrorState text={t('moderation.reportsPage.loadError')} onRetry={() => void page.refetch()} />;
  }
  const { reports, violations } = page.data;
  return (
    <>
      <h2>{t('moderation.reportsPage.violationsHeading')}</h2>
      {violations.length === 0 ? (
        <p className={styles.subtle}>{t('moderation.reportsPage.violationsEmpty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('moderation.reportsPage.violationsHeading')}>
          {violations.map((violation) => (
            <ViolationItem key={violation.id} violation={violation} />
          ))}
        </ul>
      )}
      <h2>{t('moderation.reportsPage.reportsHeading')}</h2>
      {reports.length === 0 ? (
        <p className={styles.subtle}>{t('moderation.reportsPage.reportsEmpty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('moderation.reportsPage.reportsHeading')}>
          {reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
    </>
  );
}

import type { Advisory } from '@pinboard/shared';
import { advisoryShowsActions } from '@pinboard/shared/search-advisories';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import styles from './AdvisoryNotice.module.css';
import { noticeSegments } from './noticeText.ts';

/** A notice's link: a path of the product stays in the app; any other address opens as a plain link. */
function NoticeLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  if (to.startsWith('/') && !to.startsWith('//')) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * A search advisory's sensitivity notice (docs/product/search.md#advisories), above the results: its title,
 * its description with the link tags drawn as links, its actions and footer. An action's button shows only
 * for advisory levels 4 and 14 or the third-party type (docs/product/search.md#rules); otherwise the action
 * keeps its title and description.
 */
export function AdvisoryNotice({ advisory }: { advisory: Advisory }) {
  const { t } = useTranslation();
  const titleId = useId();
  const notice = advisory.advisory_details;
  const showButtons = advisoryShowsActions(advisory);

  return (
    <aside className={styles.notice} data-style={notice.style ?? undefined} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {notice.title}
      </h2>
      <p className={styles.description}>
        {noticeSegments(notice.description.text, notice.description.tags).map((segment, index) =>
          segment.link ? (
            <NoticeLink key={index} to={segment.link} className={styles.inlineLink}>
              {segment.text}
            </NoticeLink>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </p>
      {notice.actions.length > 0 && (
        <ul className={styles.actions} aria-label={t('search.notice.actionsLabel')}>
          {notice.actions.map((action, index) => (
            <li key={index} className={styles.action}>
              {action.title && <h3 className={styles.actionTitle}>{action.title}</h3>}
              {action.description && <p className={styles.actionDescription}>{action.description}</p>}
              {showButtons && (
                <NoticeLink to={action.button.link} className={styles.button}>
                  {action.button.text}
                </NoticeLink>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice.footer && <p className={styles.footer}>{notice.footer}</p>}
    </aside>
  );
}

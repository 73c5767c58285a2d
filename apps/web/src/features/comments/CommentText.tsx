import { commentParts } from '@pinboard/shared/comments';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { useOutboundLink } from '../offsite/useOutboundLink.tsx';
import styles from './Comments.module.css';

/** A web link in a comment: nofollow, user-generated, checked by the outbound-link check on click. */
function CommentLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const outbound = useOutboundLink(url);
  return (
    <>
      <a
        href={url}
        target="_blank"
        rel="nofollow noopener noreferrer ugc"
        className={styles.link}
        aria-label={t('comments.newTab', { text: url })}
        onClick={outbound.onClick}
        onAuxClick={outbound.onAuxClick}
        onPointerEnter={outbound.onPointerEnter}
        onFocus={outbound.onFocus}
      >
        {url}
      </a>
      {outbound.notice}
    </>
  );
}

/**
 * A comment's text as text (React escapes it), with its mentions of known people linked to their
 * profiles and its web links made safe.
 */
export function CommentText({ text, mentions }: { text: string; mentions: readonly string[] }) {
  return (
    <p className={styles.text}>
      {commentParts(text, mentions).map((part, index) => {
        if (part.kind === 'mention') {
          return (
            <Link key={index} to={`/${part.username}/`} className={styles.mention}>
              {part.text}
            </Link>
          );
        }
        if (part.kind === 'link') return <CommentLink key={index} url={part.url} />;
        return <span key={index}>{part.text}</span>;
      })}
    </p>
  );
}

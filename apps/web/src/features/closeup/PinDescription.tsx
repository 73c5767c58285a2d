import { Fragment } from 'react';
import { Link } from 'react-router';
import { hashtagSearchPath, splitHashtags } from './hashtags.ts';
import styles from './PinCloseup.module.css';

interface PinDescriptionProps {
  description: string;
  /** The pin's stored hashtags; those the text does not mention are listed after it. */
  hashtags: readonly string[];
}

/** A pin's description with every hashtag a link to a search for it. */
export function PinDescription({ description, hashtags }: PinDescriptionProps) {
  const parts = splitHashtags(description);
  const inText = new Set(parts.flatMap((part) => (part.kind === 'hashtag' ? [part.tag.toLowerCase()] : [])));
  const extra = hashtags.filter((tag) => !inText.has(tag.toLowerCase()));
  if (parts.length === 0 && extra.length === 0) return null;
  return (
    <p className={styles.description}>
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <HashtagLink key={index} tag={part.tag} />
        ),
      )}
      {extra.map((tag) => (
        <Fragment key={`extra-${tag}`}>
          {' '}
          <HashtagLink tag={tag} />
        </Fragment>
      ))}
    </p>
  );
}

function HashtagLink({ tag }: { tag: string }) {
  return (
    <Link to={hashtagSearchPath(tag)} className={styles.hashtag}>
      #{tag}
    </Link>
  );
}

import { useTranslation } from '../../i18n.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { countOptions } from '../profile/formatCount.ts';
import { SearchIcon } from '../shell/icons.tsx';
import styles from './SearchTypeahead.module.css';
import type { TypeaheadOption } from './typeaheadOptions.ts';

interface TypeaheadOptionRowProps {
  id: string;
  option: TypeaheadOption;
  selected: boolean;
  onChoose: () => void;
}

/** One option of the typeahead: a query, a board with its cover, or a person with their picture. */
export function TypeaheadOptionRow({ id, option, selected, onChoose }: TypeaheadOptionRowProps) {
  const { t, i18n } = useTranslation();
  let body;
  if (option.kind === 'query') {
    body = (
      <>
        <span className={styles.icon}>
          <SearchIcon />
        </span>
        <span className={styles.primary}>{option.query}</span>
      </>
    );
  } else if (option.kind === 'board') {
    const { board } = option;
    body = (
      <>
        {board.image_cover_url ? (
          <img className={styles.cover} src={board.image_cover_url} width={40} height={40} alt="" />
        ) : (
          <span className={styles.cover} aria-hidden="true" />
        )}
        <span className={styles.text}>
          <span className={styles.primary}>{board.name}</span>
          <span className={styles.secondary}>
            {t('search.typeahead.boardMeta', {
              owner: displayName(board.owner),
              ...countOptions(board.pin_count, i18n.language),
            })}
          </span>
        </span>
      </>
    );
  } else {
    const { user } = option;
    body = (
      <>
        <PinnerAvatar user={user} size={40} />
        <span className={styles.text}>
          <span className={styles.primary}>{displayName(user)}</span>
          <span className={styles.secondary}>
            {t('search.typeahead.userMeta', {
              username: user.username,
              ...countOptions(user.follower_count, i18n.language),
            })}
          </span>
        </span>
      </>
    );
  }
  return (
    // Options are chosen with the field's keys (aria-activedescendant) or a click; they never take focus.
    <li id={id} role="option" aria-selected={selected} className={styles.option} onClick={onChoose}>
      {body}
    </li>
  );
}

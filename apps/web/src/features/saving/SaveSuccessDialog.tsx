import { canPromotePin, promotePinPath, type RepinResult } from '@pinboard/shared';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { Dialog } from '../../ui/Dialog.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import { FollowRow } from './FollowRow.tsx';
import { PinMedia } from './PinMedia.tsx';
import styles from './SaveResult.module.css';
import { useWebsiteImages } from './useWebsiteImages.ts';
import { WebsiteImageGrid } from './WebsiteImageGrid.tsx';

interface SaveSuccessDialogProps {
  result: RepinResult;
  /** The board was made in the picker for this save: the title says 'Board created'. */
  boardCreated: boolean;
  /** Look for the images of the pin's website (the closeup's dialog only). */
  withWebsiteImages: boolean;
  onClose: () => void;
}

/**
 * 'Saved to {boardName}' (docs/product/saving.md#save-success-dialog): the pin, 'See it now', 'Promote your
 * Pin' for an eligible viewer or else 'Send', the follow row. The pin shows as its video, else its image; a
 * pin with a link swaps its image for a grid of the website's images if more than one comes back while the
 * dialog is open (never waiting for them).
 */
export function SaveSuccessDialog(props: SaveSuccessDialogProps) {
  const { result, boardCreated, withWebsiteImages, onClose } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const { viewer, session } = useViewer();
  const promote = session !== null && canPromotePin(session, new Date());
  // Partner (business) viewers see 'See it now' as a grey button
  // (docs/product/saving.md#save-success-dialog).
  const partner = session?.isPartner === true;
  const savedTo = result.section
    ? t('saving.savedToSection', { sectionName: result.section.title, boardName: result.board.name })
    : t('saving.savedToBoard', { boardName: result.board.name });
  const pinPath = `/pin/${result.pin.id}/`;
  const official = result.link_domain_official_user;
  const video = result.pin.video;
  const websiteImages = useWebsiteImages(withWebsiteImages && !video ? result.pin.link : null);

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('saving.close')} width={500}>
      <div className={styles.dialog}>
        <h2 id={titleId} className={styles.title}>
          {boardCreated ? t('saving.boardCreated') : savedTo}
        </h2>
        {boardCreated && <p className={styles.subtitle}>{savedTo}</p>}
        {websiteImages ? (
          <WebsiteImageGrid pin={result.pin} images={websiteImages} />
        ) : (
          <PinMedia pin={result.pin} />
        )}
        <div className={styles.actions}>
          <Link
            to={pinPath}
            className={partner ? styles.secondaryLink : styles.primaryLink}
            onClick={onClose}
            data-autofocus
          >
            {t('saving.seeItNow')}
          </Link>
          {promote ? (
            <Link to={promotePinPath(result.pin.id)} className={styles.secondaryLink} onClick={onClose}>
              {t('saving.promote')}
            </Link>
          ) : (
            <Link to={`${pinPath}?share=true`} className={styles.secondaryLink} onClick={onClose}>
              {t('saving.send')}
            </Link>
          )}
        </div>
        {official && <FollowRow user={official} viewerUsername={viewer?.username ?? null} />}
      </div>
    </Dialog>
  );
}

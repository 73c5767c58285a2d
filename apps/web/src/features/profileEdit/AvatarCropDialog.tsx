import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import {
  clampView,
  cropSquareOf,
  initialView,
  maxZoomOf,
  zoomView,
  type CropView,
  type PictureSize,
} from './cropGeometry.ts';
import styles from './ProfileEdit.module.css';

/** The square the picture is framed in, in CSS pixels. */
export const CROP_VIEWPORT = 280;
const ARROW_STEP = 10;
const ZOOM_STEP = 0.1;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [ARROW_STEP, 0],
  ArrowRight: [-ARROW_STEP, 0],
  ArrowUp: [0, ARROW_STEP],
  ArrowDown: [0, -ARROW_STEP],
};

export type CropSquare = ReturnType<typeof cropSquareOf>;

interface AvatarCropDialogProps {
  file: File;
  saving: boolean;
  error: string | null;
  onSave: (square: CropSquare) => void;
  onClose: () => void;
}

/**
 * Frames a chosen picture in a square: drag it (or use the arrow keys on it) to move it, the
 * slider (or + and -) to zoom. What the square shows is the crop the server cuts.
 */
export function AvatarCropDialog({ file, saving, error, onSave, onClose }: AvatarCropDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [picture, setPicture] = useState<PictureSize | null>(null);
  const [view, setView] = useState<CropView>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ pointer: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    // The picture's address lives as long as the dialog shows it: made here, revoked on close.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const move = (dx: number, dy: number) =>
    picture &&
    setView((current) =>
      clampView(picture, CROP_VIEWPORT, { ...current, x: current.x + dx, y: current.y + dy }),
    );
  const zoomTo = (zoom: number) =>
    picture && setView((current) => zoomView(picture, CROP_VIEWPORT, current, zoom));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const arrow = ARROWS[event.key];
    if (arrow) move(...arrow);
    else if (event.key === '+' || event.key === '=') zoomTo(view.zoom + ZOOM_STEP);
    else if (event.key === '-') zoomTo(view.zoom - ZOOM_STEP);
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    move(event.clientX - start.x, event.clientY - start.y);
    drag.current = { ...start, x: event.clientX, y: event.clientY };
  }
  const endDrag = () => {
    drag.current = null;
  };

  const scale = picture ? (CROP_VIEWPORT / Math.min(picture.width, picture.height)) * view.zoom : 1;
  return (
    <Dialog
      labelledBy={titleId}
      onClose={onClose}
      closeLabel={t('settings.profile.avatar.cancel')}
      width={400}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {t('settings.profile.avatar.cropTitle')}
      </h2>
      <p id={hintId} className={styles.hint}>
        {t('settings.profile.avatar.cropHint')}
      </p>
      <div
        className={styles.cropViewport}
        style={{ width: CROP_VIEWPORT, height: CROP_VIEWPORT }}
        role="group"
        tabIndex={0}
        data-autofocus
        aria-label={t('settings.profile.avatar.cropArea')}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {url && (
          <img
            src={url}
            alt=""
            draggable={false}
            className={styles.cropImage}
            style={
              picture
                ? {
                    width: picture.width * scale,
                    height: picture.height * scale,
                    transform: `translate(${view.x}px, ${view.y}px)`,
                  }
                : { visibility: 'hidden' }
            }
            onLoad={(event) => {
              const size = {
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              };
              setPicture(size);
              setView(initialView(size, CROP_VIEWPORT));
            }}
          />
        )}
      </div>
      <label className={styles.zoom}>
        <span>{t('settings.profile.avatar.zoom')}</span>
        <input
          type="range"
          min={1}
          max={picture ? maxZoomOf(picture) : 1}
          step={ZOOM_STEP}
          value={view.zoom}
          disabled={!picture}
          onChange={(event) => zoomTo(Number(event.target.value))}
        />
      </label>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <Button onClick={onClose}>{t('settings.profile.avatar.cancel')}</Button>
        <Button
          variant="primary"
          disabled={!picture || saving}
          onClick={() => picture && onSave(cropSquareOf(picture, CROP_VIEWPORT, view))}
        >
          {t('settings.profile.avatar.save')}
        </Button>
      </div>
    </Dialog>
  );
}

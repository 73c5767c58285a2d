import './words.ts';
import type { Pin, RepinResult } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { endpointKey } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { invalidateBoard } from '../boards/invalidateBoard.ts';
import { refreshProfileLists } from '../profile/refreshProfileLists.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { BoardPicker, type SaveChoice } from './BoardPicker.tsx';
import styles from './BoardPicker.module.css';
import type { RowStatus } from './BoardRow.tsx';
import { SaveConfirmation } from './SaveConfirmation.tsx';
import { SaveSuccessDialog } from './SaveSuccessDialog.tsx';
import { useSavePin } from './useSavePin.ts';

/** Where Save was pressed: the closeup shows the success dialog, the grid the overlay. */
export type SaveOrigin = 'closeup' | 'grid';

/** How long the saved row shows 'Saved' before the result replaces the picker. */
export const SUCCESS_PAUSE_MS = 400;
/** Toasts stay 5 s. */
const TOAST_MS = 5000;

type Stage =
  | { name: 'picking' }
  | { name: 'saved'; result: RepinResult; boardCreated: boolean }
  | { name: 'done'; result: RepinResult; boardCreated: boolean };

const rowKey = (boardId: string, sectionId: string | null) => `${boardId}:${sectionId ?? ''}`;

/**
 * Saving one pin, from Save to the result (docs/product/saving.md#save-success-dialog): the picker in a
 * dialog; the chosen row loading, then saved (or back, with an error toast); then the success
 * dialog or the confirmation overlay. This module is its own chunk, loaded on the first Save.
 */
export function SaveFlow({ pin, origin, onClose }: { pin: Pin; origin: SaveOrigin; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const toast = useToast();
  const { viewer } = useViewer();
  const save = useSavePin(pin.id, viewer?.username ?? null);
  const queryClient = useQueryClient();
  const [row, setRow] = useState<{ key: string; status: Exclude<RowStatus, null> } | null>(null);
  const [stage, setStage] = useState<Stage>({ name: 'picking' });

  useEffect(() => {
    if (stage.name !== 'saved') return;
    const timer = window.setTimeout(() => setStage({ ...stage, name: 'done' }), SUCCESS_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [stage]);

  // A new board or section is listed at once, even if the save that follows fails (the
  // owner's cached data and board lists are refreshed after a create).
  function refreshAfterCreate(boardId: string) {
    void queryClient.invalidateQueries({
      queryKey: endpointKey('getBoardPicker', { query: { pin_id: pin.id ?? undefined } }),
    });
    void invalidateBoard(queryClient, boardId);
    if (viewer) {
      refreshProfileLists(queryClient, viewer.username);
      void queryClient.invalidateQueries({
        queryKey: endpointKey('getUser', { params: { username: viewer.username.toLowerCase() } }),
      });
    }
  }

  function saveTo(choice: SaveChoice, boardCreated = false) {
    if (save.isPending || stage.name !== 'picking') return;
    const key = rowKey(choice.board.id, choice.section?.id ?? null);
    setRow({ key, status: 'loading' });
    save.mutate(
      { boardId: choice.board.id, sectionId: choice.section?.id ?? null },
      {
        onSuccess: (result) => {
          setRow({ key, status: 'success' });
          setStage({ name: 'saved', result, boardCreated });
        },
        onError: (error) => {
          setRow(null);
          toast.show(errorMessage(t, error, 'saving.saveFailed', { otherwise: 'detail' }), {
            durationMs: TOAST_MS,
            tone: 'error',
          });
        },
      },
    );
  }

  if (stage.name === 'done') {
    if (origin === 'grid' && !stage.boardCreated)
      return <SaveConfirmation result={stage.result} onDone={onClose} />;
    return (
      <SaveSuccessDialog
        result={stage.result}
        boardCreated={stage.boardCreated}
        withWebsiteImages={origin === 'closeup'}
        onClose={onClose}
      />
    );
  }
  // Where the viewer saved this picture comes with the pin (decision 44): no call of its own.
  const already = pin.viewer_saved;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('saving.close')} width={500}>
      <BoardPicker
        pinId={pin.id}
        titleId={titleId}
        banner={
          already && (
            <p className={styles.banner} role="note">
              {t('saving.alreadySaved', { board_name: already.board_name })}
            </p>
          )
        }
        statusOf={(boardId, sectionId) => (row?.key === rowKey(boardId, sectionId) ? row.status : null)}
        onChoose={(choice) => saveTo(choice)}
        onBoardCreated={(board) => {
          refreshAfterCreate(board.id);
          saveTo({ board, section: null }, true);
        }}
        onSectionCreated={(board, section) => {
          refreshAfterCreate(board.id);
          saveTo({ board, section });
        }}
      />
    </Dialog>
  );
}

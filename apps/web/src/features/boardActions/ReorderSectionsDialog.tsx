import './words.ts';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import styles from './BoardActions.module.css';
import reorder from './ReorderSections.module.css';
import { useSectionOrder } from './useSectionOrder.ts';

type Direction = 'up' | 'down';

/**
 * 'Reorder sections' (owner and collaborators): every section of the board (all pages of it),
 * moved by dragging a row or with its Move up / Move down buttons. Each move is saved at once
 * (`useSectionOrder`); the buttons keep the focus on the section that moved and a live region
 * says where it went.
 */
export function ReorderSectionsDialog({ boardId, onClose }: { boardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const order = useSectionOrder(boardId);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const { sections } = order;

  useEffect(() => {
    if (!focusAfterMove) return;
    const index = sections.findIndex((section) => section.id === focusAfterMove.id);
    // At an end its button is disabled: the other one of the same row takes the focus.
    const atEnd = focusAfterMove.direction === 'up' ? index === 0 : index === sections.length - 1;
    const direction = atEnd ? (focusAfterMove.direction === 'up' ? 'down' : 'up') : focusAfterMove.direction;
    buttons.current.get(`${focusAfterMove.id}:${direction}`)?.focus();
    // Once: a later change of the list (a refused save put back) does not take the focus again.
    setFocusAfterMove(null);
  }, [focusAfterMove, sections]);

  function move(from: number, to: number) {
    const section = sections[from];
    if (!section || to < 0 || to >= sections.length || from === to) return;
    order.move(from, to);
    setAnnouncement(
      t('boardActions.sectionMoved', { title: section.title, position: to + 1, count: sections.length }),
    );
  }
  function moveByButton(index: number, direction: Direction) {
    const section = sections[index]!;
    move(index, direction === 'up' ? index - 1 : index + 1);
    setFocusAfterMove({ id: section.id, direction });
  }
  const dropOn = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, index);
    setDragging(null);
  };
  const button = (index: number, direction: Direction, title: string, id: string) => (
    <button
      type="button"
      className={reorder.move}
      ref={(element) => {
        if (element) buttons.current.set(`${id}:${direction}`, element);
        else buttons.current.delete(`${id}:${direction}`);
      }}
      disabled={direction === 'up' ? index === 0 : index === sections.length - 1}
      aria-label={t(direction === 'up' ? 'boardActions.moveUp' : 'boardActions.moveDown', { title })}
      onClick={() => moveByButton(index, direction)}
    >
      {direction === 'up' ? '↑' : '↓'}
    </button>
  );

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('boardActions.close')} width={500}>
      <h2 id={titleId} className={styles.title}>
        {t('boardActions.reorderTitle')}
      </h2>
      {order.status === 'pending' ? (
        <LoadingState />
      ) : order.status === 'error' ? (
        <ErrorState onRetry={() => void order.refetch()} />
      ) : (
        <>
          <p className={styles.hint}>{t('boardActions.reorderHint')}</p>
          <ol className={reorder.list} aria-label={t('boardActions.reorderList')}>
            {sections.map((section, index) => (
              <li
                key={section.id}
                className={dragging === index ? `${reorder.row} ${reorder.dragging}` : reorder.row}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', section.id);
                  setDragging(index);
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={dropOn(index)}
                onDragEnd={() => setDragging(null)}
              >
                <span className={reorder.grip} aria-hidden="true">
                  ⠿
                </span>
                <span className={reorder.name}>{section.title}</span>
                {button(index, 'up', section.title, section.id)}
                {button(index, 'down', section.title, section.id)}
              </li>
            ))}
          </ol>
        </>
      )}
      <p role="status" className={reorder.announcement}>
        {announcement}
      </p>
      <div className={styles.buttons}>
        <Button variant="primary" onClick={onClose}>
          {t('boardActions.reorderDone')}
        </Button>
      </div>
    </Dialog>
  );
}

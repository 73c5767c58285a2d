import type { Board } from '@pinboard/shared';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ReportDialog } from '../pinMenu/ReportPinDialog.tsx';
import { ActionMenu } from './ActionMenu.tsx';

/**
 * The board menu of a signed-in person who neither owns nor collaborates on it: Report board, with
 * the pin menu's Report dialog (decision 54).
 */
export function ReportBoardMenu({ board }: { board: Board }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <ActionMenu
        label={t('boardActions.menu')}
        items={[{ label: t('boardActions.report'), onSelect: () => setReporting(true) }]}
      />
      {reporting && (
        <ReportDialog objectType="board" objectId={board.id} onClose={() => setReporting(false)} />
      )}
    </>
  );
}

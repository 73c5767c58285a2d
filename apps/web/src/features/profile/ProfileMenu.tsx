import type { UserProfile } from '@pinboard/shared';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ActionMenu } from '../boardActions/ActionMenu.tsx';
import { useBlockChoice } from '../messages/useBlockUser.ts';
import { displayName } from '../pins/pinText.ts';
import { ReportDialog } from '../pinMenu/ReportPinDialog.tsx';

/**
 * Someone else's profile's menu for a signed-in viewer: Block (or Unblock) and Report profile (the
 * pin menu's dialog).
 */
export function ProfileMenu({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const block = useBlockChoice({
    username: profile.username,
    name: displayName(profile),
    blocked: profile.blocked_by_me,
  });
  return (
    <>
      <ActionMenu
        label={t('profile.menu')}
        items={[block, { label: t('profile.report'), onSelect: () => setReporting(true) }]}
      />
      {reporting && (
        <ReportDialog objectType="user" objectId={profile.id} onClose={() => setReporting(false)} />
      )}
    </>
  );
}

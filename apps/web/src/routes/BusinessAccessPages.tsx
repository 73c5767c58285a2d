import { BUSINESS_ROLES, ROLE_PERMISSIONS, roleMay, type BusinessRole, type Member } from '@pinboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, endpointKey, queries } from '../api/endpoints.ts';
import { errorMessage } from '../api/errorMessage.ts';
import { useActiveProfile } from '../features/business/activeProfile.ts';
import { BusinessLayout } from '../features/business/BusinessLayout.tsx';
import styles from '../features/business/Business.module.css';
import '../features/business/words.ts';
import { useViewer } from '../features/viewer/useViewer.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';
import { TextField } from '../ui/TextField.tsx';

/** The written list of what each role may do. */
function RolesList() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="business-roles">
      <h2 id="business-roles">{t('business.access.rolesTitle')}</h2>
      <dl>
        {BUSINESS_ROLES.map((role) => (
          <div key={role}>
            <dt>
              <strong>{t(`business.roles.${role}`)}</strong>
            </dt>
            <dd>
              <ul>
                {ROLE_PERMISSIONS[role].map((permission) => (
                  <li key={permission}>{t(`business.permissions.${permission}`)}</li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The viewer's role on a profile, from the profiles map. */
function useRoleOn(profileId: string): BusinessRole | null {
  const { profiles } = useActiveProfile();
  return profiles.find((p) => p.id === profileId)?.permissions[0] ?? null;
}

/** `/business-access/{id}/dashboard` (and under `/business-manager/`): the people with access and invitations. */
export function BusinessAccessDashboardPage() {
  const { t } = useTranslation();
  const profileId = useParams().userBizId ?? '';
  const queryClient = useQueryClient();
  const role = useRoleOn(profileId);
  const members = useQuery(queries.listBusinessMembers({ params: { profileId } }));
  const manages = role !== null && roleMay(role, 'manage_people');
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<BusinessRole>('ANALYST');
  const [message, setMessage] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey('listBusinessMembers') });

  async function invite(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await api.inviteBusinessMember({ params: { profileId }, body: { email, role: inviteRole } });
      setEmail('');
      setMessage(t('business.access.invited'));
      await refresh();
    } catch (failure) {
      setMessage(errorMessage(t, failure, 'business.promote.errorGeneric', { otherwise: 'serverDetail' }));
    }
  }

  async function remove(member: Member) {
    try {
      if (member.state === 'invited' && member.invite_id) {
        await api.revokeBusinessInvite({ params: { profileId, inviteId: member.invite_id } });
      } else if (member.user_id) {
        await api.removeBusinessMember({ params: { profileId, userId: member.user_id } });
      }
      await refresh();
    } catch (failure) {
      setMessage(errorMessage(t, failure, 'business.promote.errorGeneric', { otherwise: 'serverDetail' }));
    }
  }

  return (
    <BusinessLayout title={t('business.access.title')} documentTitle={t('business.access.documentTitle')}>
      {members.isPending ? (
        <LoadingState />
      ) : members.isError ? (
        <ErrorState onRetry={() => void members.refetch()} />
      ) : (
        <>
          <ul className={styles.list}>
            {members.data.members.map((member) => (
              <li key={member.invite_id ?? member.user_id} className={styles.row}>
                <span>
                  {member.full_name || member.username || member.email} · {t(`business.roles.${member.role}`)}
                  {member.state === 'invited' && ` · ${t('business.access.pending')}`}
                </span>
                {manages && member.user_id !== profileId && (
                  <Button onClick={() => void remove(member)}>
                    {member.state === 'invited' ? t('business.access.revoke') : t('business.access.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {manages && (
            <form className={`${styles.section} ${styles.form}`} onSubmit={invite}>
              <h2>{t('business.access.invite')}</h2>
              <TextField
                label={t('business.access.email')}
                type="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <label className={styles.select}>
                <span>{t('business.access.role')}</span>
                <select
                  value={inviteRole}
                  onChange={(event) => setInviteRole(event.target.value as BusinessRole)}
                >
                  {BUSINESS_ROLES.filter((r) => r !== 'OWNER' || role === 'OWNER').map((r) => (
                    <option key={r} value={r}>
                      {t(`business.roles.${r}`)}
                    </option>
                  ))}
                </select>
              </label>
              <div className={styles.actions}>
                <Button type="submit" variant="primary">
                  {t('business.access.send')}
                </Button>
              </div>
            </form>
          )}
          {message && <p role="status">{message}</p>}
          <RolesList />
        </>
      )}
    </BusinessLayout>
  );
}

/** `/business-access/{id}/security`: the two-factor rule for acting for the business. */
export function BusinessAccessSecurityPage() {
  const { t } = useTranslation();
  const profileId = useParams().userBizId ?? '';
  const { profiles } = useActiveProfile();
  const profile = profiles.find((p) => p.id === profileId);
  return (
    <BusinessLayout title={t('business.security.title')} documentTitle={t('business.security.documentTitle')}>
      <p>{t('business.security.rule')}</p>
      {profile && (
        <p>
          {t('business.security.yours', {
            state: profile.viewerMeetsMfaRequirement ? t('business.security.on') : t('business.security.off'),
          })}
        </p>
      )}
      <Link to="/settings/security">{t('business.security.settings')}</Link>
      <RolesList />
    </BusinessLayout>
  );
}

/** `/business/invite/?token=…`: the mailed invitation, accepted by the person it was sent to. */
export function BusinessInvitePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { session } = useViewer();
  const queryClient = useQueryClient();
  const valid = /^[A-Za-z0-9_-]{20,64}$/.test(token);
  const invite = useQuery({
    ...queries.getBusinessInvite({ params: { token: valid ? token : 'x'.repeat(20) } }),
    enabled: valid && session?.type === 'AUTH',
    retry: false,
  });
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <BusinessLayout
      title={t('business.invite.documentTitle')}
      documentTitle={t('business.invite.documentTitle')}
      switcher={false}
    >
      {!valid || invite.isError ? (
        <p role="alert">
          {invite.error
            ? errorMessage(t, invite.error, 'business.invite.missing', { otherwise: 'serverDetail' })
            : t('business.invite.missing')}
        </p>
      ) : invite.isPending ? (
        <LoadingState />
      ) : (
        <section className={styles.section}>
          <h2>{t('business.invite.title', { business: invite.data.business_name })}</h2>
          <p>{t('business.invite.lead', { role: t(`business.roles.${invite.data.role}`) })}</p>
          {accepted || invite.data.status === 'accepted' ? (
            <p>
              {t('business.invite.accepted', { business: invite.data.business_name })}{' '}
              <Link to={`/business-access/${invite.data.profile_id}/dashboard`}>
                {t('business.invite.goToDashboard')}
              </Link>
            </p>
          ) : (
            <Button
              variant="primary"
              onClick={async () => {
                try {
                  await api.acceptBusinessInvite({ params: { token } });
                  setAccepted(true);
                  void queryClient.invalidateQueries({ queryKey: endpointKey('listBusinessAccessProfiles') });
                } catch (failure) {
                  setError(
                    errorMessage(t, failure, 'business.invite.missing', { otherwise: 'serverDetail' }),
                  );
                }
              }}
            >
              {t('business.invite.accept')}
            </Button>
          )}
          {error && <p role="alert">{error}</p>}
        </section>
      )}
    </BusinessLayout>
  );
}

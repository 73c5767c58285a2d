import {
  PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type LinkedIdentities,
  type SocialProvider,
} from '@pinboard/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Trans, useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { ApiRequestError } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { FormError } from '../../ui/FormError.tsx';
import { credentialFromPopup } from '../auth/social/credentials.ts';
import { PopupError } from '../auth/social/popup.ts';
import { socialErrorText } from '../auth/social/SocialErrorText.tsx';
import { useProviders } from '../auth/social/useProviders.ts';
import { useSocialPopup } from '../auth/social/useSocialPopup.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './Settings.module.css';
import { linkIdentity, unlinkIdentity } from './settingsApi.ts';
import { endpointKey, queries } from '../../api/endpoints.ts';
import { refreshViewer } from '../viewer/changeViewer.ts';

type LinkedIdentity = LinkedIdentities['identities'][number];

const TOAST_MS = 5000;

/**
 * The providers the account logs in with (decision 21): a row for each one the login view
 * would offer here (LINE only in Japan), and for each one already connected, so it can still
 * be disconnected wherever the viewer is.
 */
export function ConnectedAccountsSection({
  email,
  setPasswordTarget,
}: {
  email: string;
  /** The id of the page's own 'Set a password' section, when it shows one. */
  setPasswordTarget?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { session } = useViewer();
  const { shown } = useProviders('login', session?.client_context.country);
  const { data, isPending, isError } = useQuery(queries.getLinkedIdentities());
  const connected = new Map(data?.identities.map((identity) => [identity.provider, identity]));
  const rows = SOCIAL_PROVIDERS.filter((provider) => shown.includes(provider) || connected.has(provider));
  // The server refuses to remove the last way in; say so before the person tries.
  const onlyWayIn =
    data && !data.has_password && data.identities.length === 1 ? data.identities[0]?.provider : null;

  if (data && rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.connected.title')}</h2>
      <p className={styles.note}>{t('settings.connected.text')}</p>
      {isPending && <p role="status">{t('settings.loading')}</p>}
      {isError && <p role="alert">{t('settings.loadFailed')}</p>}
      {data && (
        <ul className={styles.sessions}>
          {rows.map((provider) => (
            <ConnectedAccountRow
              key={provider}
              provider={provider}
              identity={connected.get(provider) ?? null}
              onlyWayIn={onlyWayIn === provider}
              email={email}
              setPasswordTarget={setPasswordTarget}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface RowProps {
  provider: SocialProvider;
  identity: LinkedIdentity | null;
  /** No password and no other identity: disconnecting waits for a password. */
  onlyWayIn: boolean;
  /** The account's email, filled in on the forgot-password page that sets a password. */
  email: string;
  /** The page's 'Set a password' section: linked in place of the forgot-password page. */
  setPasswordTarget?: string;
}

function ConnectedAccountRow({ provider, identity, onlyWayIn, email, setPasswordTarget }: RowProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const popup = useSocialPopup();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = PROVIDER_NAMES[provider];

  async function run(action: () => Promise<LinkedIdentities>, doneText: string) {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(endpointKey('getLinkedIdentities'), await action());
      // The viewer's connected-to flags follow the identities.
      void refreshViewer(queryClient);
      toast.show(doneText, { durationMs: TOAST_MS });
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return; // Left the page.
      const code =
        caught instanceof PopupError || caught instanceof ApiRequestError ? caught.code : 'internal';
      setError(
        code === 'provider_unavailable'
          ? t('settings.connected.unavailable', { provider: name })
          : socialErrorText(t, code),
      );
      // The server knew better than this list (linked or unlinked elsewhere): take its view.
      if (caught instanceof ApiRequestError) {
        void queryClient.invalidateQueries({ queryKey: endpointKey('getLinkedIdentities') });
      }
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  function connect() {
    // Opened in the click itself: a popup opened after an await is blocked by browsers.
    const answer = popup.connect(provider, 'link');
    void run(
      async () => {
        const credential = credentialFromPopup(await answer);
        if (!credential) throw new PopupError('popup_closed');
        const { type: _type, ...tokens } = credential;
        return linkIdentity({ provider, ...tokens });
      },
      t('settings.connected.connectedToast', { provider: name }),
    );
  }

  const disconnect = () =>
    void run(() => unlinkIdentity(provider), t('settings.connected.disconnectedToast', { provider: name }));

  return (
    <li>
      <div>
        <strong>{name}</strong>
        <div className={styles.note}>
          {!identity
            ? t('settings.connected.notConnected')
            : identity.email
              ? t('settings.connected.connectedAs', { email: identity.email })
              : t('settings.connected.connectedNoEmail')}
        </div>
        {onlyWayIn && (
          <p id={noteId} className={styles.note}>
            {setPasswordTarget ? (
              <Trans
                i18nKey="settings.connected.needsPasswordHere"
                values={{ provider: name }}
                components={[<a key="set" href={`#${setPasswordTarget}`} />]}
              />
            ) : (
              <Trans
                i18nKey="settings.connected.needsPassword"
                values={{ provider: name }}
                components={[<Link key="reset" to={`/password/reset/?ue=${encodeURIComponent(email)}`} />]}
              />
            )}
          </p>
        )}
        {confirming && <p>{t('settings.connected.confirmText', { provider: name })}</p>}
        <FormError className={styles.error}>{error}</FormError>
      </div>
      <div className={styles.row}>
        {!identity && (
          <Button
            variant="primary"
            disabled={busy}
            aria-label={t('settings.connected.connectNamed', { provider: name })}
            onClick={connect}
          >
            {t('settings.connected.connect')}
          </Button>
        )}
        {identity && !confirming && (
          <Button
            disabled={busy || onlyWayIn}
            aria-describedby={onlyWayIn ? noteId : undefined}
            aria-label={t('settings.connected.disconnectNamed', { provider: name })}
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
          >
            {t('settings.connected.disconnect')}
          </Button>
        )}
        {identity && confirming && (
          <>
            <Button variant="primary" disabled={busy} onClick={disconnect}>
              {t('settings.connected.confirm')}
            </Button>
            <Button disabled={busy} onClick={() => setConfirming(false)}>
              {t('settings.cancel')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

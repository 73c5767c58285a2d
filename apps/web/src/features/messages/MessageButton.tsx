import './words.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { errorMessageLater } from '../../api/errorMessageLater.ts';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/toastContext.ts';

/** A profile's Message button: opens (making it on first use) the conversation with the person. */
export function MessageButton({ userId, blocked }: { userId: string; blocked: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const start = useMutation({
    mutationFn: () => api.createConversation({ body: { user_ids: [userId] } }),
    onSuccess: (result) => void navigate(`/conversation/${result.data.id}/`),
    onError: async (error) =>
      toast.show(await errorMessageLater(t, error, 'messages.loadError', { otherwise: 'detail' }), {
        durationMs: 5000,
        tone: 'error',
      }),
  });
  if (blocked) return null;
  return (
    <Button onClick={() => start.mutate()} aria-disabled={start.isPending || undefined}>
      {t('messages.sendMessage')}
    </Button>
  );
}

import { Navigate, useParams } from 'react-router';
import { ConversationView } from '../features/messages/ConversationView.tsx';
import { useViewer } from '../features/viewer/useViewer.ts';
import { LoadingState } from '../ui/PageStates.tsx';

/** `/conversation/{id}`: one of the signed-in person's conversations (a visitor goes home). */
export function ConversationPage() {
  const { id = '' } = useParams();
  const { session, isLoading } = useViewer();
  if (isLoading) return <LoadingState />;
  if (session?.type !== 'AUTH' || session.id === null) return <Navigate to="/" replace />;
  return <ConversationView key={id} id={id} viewerId={session.id} />;
}

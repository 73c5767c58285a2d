import { useViewer } from '../viewer/useViewer.ts';
import { useUserProfile } from '../users/useUserProfile.ts';

/** The signed-in viewer's own profile, through the one profile query (so saving updates it everywhere). */
export function useOwnProfile() {
  const { viewer } = useViewer();
  return useUserProfile(viewer?.username ?? '', { enabled: Boolean(viewer) });
}

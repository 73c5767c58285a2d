import type { Pin } from '@pinboard/shared';
import { endpointKey } from '../../api/endpoints.ts';
import { RemovalNotice } from './RemovalNotice.tsx';

/** What the pinner of a removed pin sees above its closeup (no one else sees the pin). */
export function RemovedPinNotice({ pin }: { pin: Pin }) {
  if (!pin.removal) return null;
  return (
    <RemovalNotice
      objectType="pin"
      objectId={pin.id}
      removal={pin.removal}
      refresh={endpointKey('getPin', { params: { id: pin.id } })}
    />
  );
}

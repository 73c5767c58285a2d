import type { Removal } from '@pinboard/shared';
import { endpointKey } from '../../api/endpoints.ts';
import { RemovalNotice } from './RemovalNotice.tsx';

/** What the author of a removed comment sees with it (no one else is shown the comment). */
export function RemovedCommentNotice({
  commentId,
  pinId,
  removal,
}: {
  commentId: string;
  pinId: string;
  removal: Removal;
}) {
  return (
    <RemovalNotice
      objectType="comment"
      objectId={commentId}
      removal={removal}
      refresh={endpointKey('listPinComments', { params: { id: pinId } })}
      headingLevel={3}
    />
  );
}

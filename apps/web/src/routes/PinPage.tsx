import { useParams } from 'react-router';
import { PinCloseup } from '../features/closeup/PinCloseup.tsx';

/** `/pin/{id}`: a pin's closeup. Keyed by id so moving to a related pin starts fresh. */
export function PinPage() {
  const { id = '' } = useParams();
  return <PinCloseup key={id} id={id} />;
}

import { ComingSoonPage } from '../../routes/ComingSoonPage.tsx';

/** Issue 8, being built: the coming-soon page until then. */
export function PinCreatePage() {
  return <ComingSoonPage />;
}

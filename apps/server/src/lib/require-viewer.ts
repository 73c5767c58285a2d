import { AppError } from './app-error.ts';

/** The signed-in viewer's id; a visitor is refused with `auth_required`. */
export function requireViewer(viewerId: number | null): number {
  if (viewerId === null) throw new AppError('auth_required');
  return viewerId;
}

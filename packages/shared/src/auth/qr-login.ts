import { z } from 'zod';
import { ViewerSchema } from '../viewer.ts';

/** `/v3/login/qr/{id}/...`: the code's id as the QR code carries it (16 random bytes, base64url). */
export const QrLoginParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
export type QrLoginParams = z.infer<typeof QrLoginParamsSchema>;

/**
 * `POST /v3/login/qr/{id}/claim/`: the asking screen's poll. `pending` until a signed-in device
 * decides; `approved` once, with the viewer it has become (the session cookies come with it);
 * `denied` or `expired` end the code (the screen offers a new one).
 */
export const QrLoginClaimResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved'), user: ViewerSchema }),
  z.object({ status: z.literal(['pending', 'denied', 'expired']) }),
]);
export type QrLoginClaimResult = z.infer<typeof QrLoginClaimResultSchema>;

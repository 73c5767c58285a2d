/**
 * How long a board action's toast shows. A module of its own so the visitor's invitation bar
 * does not bring useBoardWrites, and with it the error catalogue, into the board page.
 */
export const TOAST_MS = 5000;

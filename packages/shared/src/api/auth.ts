/** Sign-up, login, recovery, two-factor, social login, SSO and QR login. */
export const authEndpoints = {};

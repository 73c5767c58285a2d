/** People: profiles, their boards, following them, the signed-in viewer. */
export const userEndpoints = {};

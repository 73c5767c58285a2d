/** Outbound link checks. */
export const offsiteEndpoints = {};

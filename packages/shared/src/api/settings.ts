/** Account and security settings, connected accounts. */
export const settingsEndpoints = {};

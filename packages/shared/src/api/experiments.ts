/** Experiment groups. */
export const experimentEndpoints = {};

/** The home feed and the discover pages (ideas, today, topics). */
export const discoverEndpoints = {};

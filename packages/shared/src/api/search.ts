/** Search, the typeahead, autocomplete and recent searches. */
export const searchEndpoints = {};

// Written by `npm run generate:api` from the endpoint definitions in packages/shared/src/api.
// Do not edit: change a definition and run it again.
export const endpointRoutes = {
  followBoard: { method: 'PUT', path: '/v3/boards/{id}/follow/' },
  getBoard: { method: 'GET', path: '/v3/boards/{id}/' },
  getBoardByAddress: { method: 'GET', path: '/v3/users/{username}/boards/{slug}/' },
  getSectionBySlug: { method: 'GET', path: '/v3/boards/{id}/sections/{slug}/' },
  listBoardPins: { method: 'GET', path: '/v3/boards/{id}/pins/' },
  listBoardSections: { method: 'GET', path: '/v3/boards/{id}/sections/' },
  listSectionPins: { method: 'GET', path: '/v3/board_sections/{id}/pins/' },
  unfollowBoard: { method: 'DELETE', path: '/v3/boards/{id}/follow/' },
} as const;

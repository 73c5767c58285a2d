// Written by `npm run generate:api` from the endpoint definitions in packages/shared/src/api.
// Do not edit: change a definition and run it again.
export const endpointRoutes = {
  createMediaUpload: { method: 'POST', path: '/v3/media/uploads/' },
  createPin: { method: 'POST', path: '/v3/pins/' },
  findImages: { method: 'GET', path: '/v3/pins/find_images/' },
  followBoard: { method: 'PUT', path: '/v3/boards/{id}/follow/' },
  getBoard: { method: 'GET', path: '/v3/boards/{id}/' },
  getBoardByAddress: { method: 'GET', path: '/v3/users/{username}/boards/{slug}/' },
  getMediaUpload: { method: 'GET', path: '/v3/media/uploads/{id}/' },
  getPin: { method: 'GET', path: '/v3/pins/{id}/' },
  getSectionBySlug: { method: 'GET', path: '/v3/boards/{id}/sections/{slug}/' },
  listBoardPins: { method: 'GET', path: '/v3/boards/{id}/pins/' },
  listBoardSections: { method: 'GET', path: '/v3/boards/{id}/sections/' },
  listBoardTitleSuggestions: { method: 'GET', path: '/v3/pins/{id}/board_title_suggestions/' },
  listRelatedPins: { method: 'GET', path: '/v3/pins/{id}/related/' },
  listSavedTo: { method: 'GET', path: '/v3/pins/{id}/saved_to/' },
  listSectionPins: { method: 'GET', path: '/v3/board_sections/{id}/pins/' },
  listUserPins: { method: 'GET', path: '/v3/users/{username}/pins/' },
  movePins: { method: 'POST', path: '/v3/bulk_edit/' },
  registerImage: { method: 'PUT', path: '/v3/pins/image/' },
  repinPin: { method: 'POST', path: '/v3/pins/{id}/repin/' },
  unfollowBoard: { method: 'DELETE', path: '/v3/boards/{id}/follow/' },
} as const;

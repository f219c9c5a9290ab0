// The one harness of screen tests: a data router, an isolated SWR cache, and a typed stub of the API.
export { renderAppRoutes, renderScreen } from './renderScreen'
export { apiError, reply, stubApi, type ApiAnswers, type ApiStub, type RecordedCall } from './stubApi'
export { tappable } from './overlays'
export type { ApiResponses, ApiRoute } from './apiResponses'

/** The API's routes and its OpenAPI 3.1 document, generated from them (served at /api/openapi.json). */
export { API_ROUTE_GROUPS, docsRoutes } from './routes';
export { buildOpenApiDocument, operationId, requestJsonSchema, type OpenApiDocument } from './document';
export type {
  ApiMethod,
  ApiPath,
  ApiPathPattern,
  ApiRouteMap,
  BodyOf,
  DeclaredRoute,
  QueryOf,
  RouteAt,
  RoutesOf,
} from './api-map';

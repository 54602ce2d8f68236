/** The shared kernel: business constants, dates, money, and the field parsers path parameters use. */
export * from './constants';
export * from './dates';
export * from './time-zones';
export * from './money';
export * from './decimal-rules';
export * from './text';
export * from './file-sizes';
export * from './person-name';
export { jpegToPdf, type JpegImage } from './jpeg-pdf';
export { matchFileSignature, PDF_SIGNATURE_BYTES, type FileSignature } from './file-signatures';
export { changedFields, type FieldChanges } from './changes';
export { dateField, maybeDateField, monthField, requestMessages } from './fields';
export { idField, idMessages, MAX_ID, NOT_FOUND_ISSUE, optionalIdField } from './ids';
export { asOfField, asOfMessages, asOfQuerySchema, parseAsOf } from './as-of';
export {
  empty,
  errorsOf,
  file,
  impliedErrors,
  json,
  route,
  successStatusOf,
  XLSX,
  type ApiRoute,
  type EmptyResponse,
  type FileResponse,
  type JsonResponse,
  type ErrorStatus,
  type HttpMethod,
  type ResponseOf,
  type RouteAccess,
  type RouteGroup,
  type RouteResponse,
} from './api-routes';

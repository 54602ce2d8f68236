export { CurrentCaller, SYSTEM_PRINCIPAL, systemCaller, type Caller } from './caller';
export { Requires, authorize, permissionOf, type Permission } from './permissions';
export {
  PortalCommand,
  PortalCommandHandler,
  PortalQuery,
  PortalQueryHandler,
  type ResultOf,
} from './portal-bus';

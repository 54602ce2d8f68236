export { callerOf, CurrentCaller, SYSTEM_PRINCIPAL, systemCaller, type Caller } from './caller';
export {
  AuditorsMaySend,
  Requires,
  authorize,
  permissionOf,
  refuseAuditorWrites,
  type Permission,
} from './permissions';
export {
  PortalCommand,
  PortalCommandHandler,
  PortalQuery,
  PortalQueryHandler,
  SignedInQuery,
  type ResultOf,
} from './portal-bus';

// The auth feature's pieces the app shell needs on every page (no UI): imported from here, not
// from index.ts, so the sign-in dialogs and the access-pending page stay in the landing route's
// chunk instead of the initial JS (docs/decisions/0107-initial-js-budget.md).
export { useLogout } from './api/logout';
export { authConfigQuery, useAuthConfig } from './api/get-auth-config';
export { renewEntraToken } from './entra';

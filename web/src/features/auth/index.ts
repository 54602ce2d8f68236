export { SignInButton } from './sign-in-button';
export { AccessPendingPage } from './access-pending-page';
export { useLogout } from './api/logout';
export { authConfigQuery, useAuthConfig } from './api/get-auth-config';
export { renewEntraToken } from './entra';

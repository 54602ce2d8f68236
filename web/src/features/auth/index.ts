export { SignInButton } from './sign-in-button';
export { useLogout } from './api/logout';
export { authConfigQuery, useAuthConfig } from './api/get-auth-config';
export { renewEntraToken } from './entra';

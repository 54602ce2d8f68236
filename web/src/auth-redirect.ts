// The Entra sign-in popup lands here; MSAL hands the answer back to the window that opened it.
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

void broadcastResponseToMainFrame().catch((error: unknown) => {
  document.body.textContent = 'Sign-in could not be completed. Close this window and try again.';
  console.error(error);
});

import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';

export type ToastTone = 'success' | 'danger' | 'warning' | 'info';

export interface ToastMessage {
  readonly text: string;
  readonly tone: ToastTone;
}

/**
 * One queue for the whole app; any component may add to it. No view transition wraps its updates:
 * while one runs the page is covered by its snapshot, and a click in that moment is lost.
 */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });

export function showToast(text: string, tone: ToastTone = 'info'): void {
  toastQueue.add({ text, tone }, { timeout: tone === 'danger' ? 8000 : 5000 });
}

/** The live region where toasts appear (bottom right); placed once in the app shell. */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className="toast-region">
      {({ toast }) => (
        <AriaToast toast={toast} className={`toast toast--${toast.content.tone}`}>
          <ToastContent className="toast__content">
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
          <AriaButton slot="close" className="toast__close" aria-label="Dismiss notification">
            ×
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}

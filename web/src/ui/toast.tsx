import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { flushSync } from 'react-dom';

export type ToastTone = 'success' | 'danger' | 'warning' | 'info';

export interface ToastMessage {
  readonly text: string;
  readonly tone: ToastTone;
}

/** One queue for the whole app; any component may add to it. */
export const toastQueue = new ToastQueue<ToastMessage>({
  maxVisibleToasts: 4,
  wrapUpdate: (update) => {
    if ('startViewTransition' in document) {
      document.startViewTransition(() => flushSync(update));
    } else {
      update();
    }
  },
});

export function showToast(text: string, tone: ToastTone = 'info'): void {
  toastQueue.add({ text, tone }, { timeout: tone === 'danger' ? 8000 : 5000 });
}

/** The live region where toasts appear (bottom right); placed once in the app shell. */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className="toast-region">
      {({ toast }) => (
        <AriaToast
          toast={toast}
          className={`toast toast--${toast.content.tone}`}
          style={{ viewTransitionName: toast.key }}
        >
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

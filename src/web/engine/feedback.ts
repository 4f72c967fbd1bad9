// Toasts and confirm dialogs for the engine. antd's static message/Modal cannot read the app's theme and
// warn in the console; inside <App> the bridge swaps in the context-aware instances, and outside (unit
// renders without an App) the statics still work.
import { App, Modal, message } from 'antd';
import { createElement, Fragment, useEffect } from 'react';

type MessageApi = Pick<typeof message, 'success' | 'error' | 'info' | 'warning'>;
type ModalApi = Pick<typeof Modal, 'confirm'>;

export const feedback: { message: MessageApi; modal: ModalApi } = { message, modal: Modal };

/** Rendered once inside antd's <App>: from then on the engine's toasts and confirms use its context. */
export function FeedbackBridge() {
  const app = App.useApp();
  // Outside <App> the context holds empty objects: keep the statics then.
  if ((app.message as Partial<MessageApi>)?.success) feedback.message = app.message;
  if ((app.modal as Partial<ModalApi>)?.confirm) feedback.modal = app.modal as ModalApi;
  // Once this <App> is gone its instances show nothing: back to the statics (unless another bridge took over).
  useEffect(() => () => {
    if (feedback.message === app.message) feedback.message = message;
    if (feedback.modal === (app.modal as ModalApi)) feedback.modal = Modal;
  }, [app]);
  return createElement(Fragment);
}

// Toasts and confirm dialogs for the engine. antd's static message/Modal cannot read the app's theme and
// warn in the console; inside <App> the bridge swaps in the context-aware instances, and outside (unit
// renders without an App) the statics still work.
import { App, Modal, message } from 'antd';
import { createElement, Fragment, useEffect } from 'react';
import { CONFIRM_DIALOG_WIDTH } from './constants';

type MessageApi = Pick<typeof message, 'success' | 'error' | 'info' | 'warning'>;
type ModalApi = Pick<typeof Modal, 'confirm'>;

/** Every confirm is as wide as the product's confirm dialog (antd's own default is narrower), unless it says otherwise. */
const widened = new WeakMap<ModalApi, ModalApi>();
function widen(api: ModalApi): ModalApi {
  let w = widened.get(api);
  if (!w) {
    w = { confirm: (props) => api.confirm({ width: CONFIRM_DIALOG_WIDTH, ...props }) };
    widened.set(api, w);
  }
  return w;
}

export const feedback: { message: MessageApi; modal: ModalApi } = { message, modal: widen(Modal) };

/** Rendered once inside antd's <App>: from then on the engine's toasts and confirms use its context. */
export function FeedbackBridge() {
  const app = App.useApp();
  // Outside <App> the context holds empty objects: keep the statics then.
  if ((app.message as Partial<MessageApi>)?.success) feedback.message = app.message;
  if ((app.modal as Partial<ModalApi>)?.confirm) feedback.modal = widen(app.modal as ModalApi);
  // Once this <App> is gone its instances show nothing: back to the statics (unless another bridge took over).
  useEffect(
    () => () => {
      if (feedback.message === app.message) feedback.message = message;
      if ((app.modal as Partial<ModalApi>)?.confirm && feedback.modal === widen(app.modal as ModalApi))
        feedback.modal = widen(Modal);
    },
    [app],
  );
  return createElement(Fragment);
}

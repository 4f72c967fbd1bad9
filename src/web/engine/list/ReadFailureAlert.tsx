// What a list or tree says when it could not be read: no permission, no server (tried again by itself), or another
// refusal — never an empty list that looks like no data.
import { useEffect } from 'react';
import { Button } from 'antd';
import { Alert } from '../lazy-antd';
import { Messages, ReadMessages } from '../../../common/rules/messages';
import type { ReadFailure } from '../../api/data-provider';

/** How long a read waits before it is tried again while the server cannot be reached. */
export const UNREACHABLE_RETRY_MS = 5000;

/** While the server cannot be reached, `retry` runs again every UNREACHABLE_RETRY_MS until a read gets through. */
export function useRetryWhileUnreachable(failure: ReadFailure | null, retry: () => void) {
  useEffect(() => {
    if (failure !== 'unreachable') return;
    const t = setInterval(retry, UNREACHABLE_RETRY_MS);
    return () => clearInterval(t);
  }, [failure, retry]);
}

export const readFailureText = (failure: ReadFailure) =>
  failure === 'forbidden'
    ? ReadMessages.forbidden
    : failure === 'unreachable'
      ? ReadMessages.unreachable
      : Messages.networkError;

export function ReadFailureAlert({ failure, onRetry }: { failure: ReadFailure; onRetry: () => void }) {
  return (
    <Alert
      type={failure === 'forbidden' ? 'warning' : 'error'}
      showIcon
      role="alert"
      message={readFailureText(failure)}
      action={
        failure === 'forbidden' ? undefined : (
          <Button size="small" onClick={onRetry}>
            {ReadMessages.retry}
          </Button>
        )
      }
      style={{ marginBottom: 8 }}
    />
  );
}

// The record a notification points at, in its page's drawer (read-only, like the portal's work lists): loaded
// as a chunk of its own the first time a notification is opened, so the header carries no engine code.
import { useEffect, useState } from 'react';
import { App } from 'antd';
import { PageModuleContext, SideDrawer } from '../../../engine';
import { DataProviderContext } from '../../../api/data-provider';
import { httpDataProvider } from '../../../api/http-provider';
import type { PageSchema } from '../../../../common/schema/types';
import { formSchemaOf } from '../../pages/portal/WorkPanel';

export interface NotificationTarget {
  module: string;
  page: string;
  recordId: number;
}

export function NotificationRecord({ target, onClose }: { target: NotificationTarget; onClose: () => void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState<{ schema: PageSchema; record: Record<string, unknown> & { id: number } } | null>(
    null,
  );

  useEffect(() => {
    let live = true;
    setOpen(null);
    void (async () => {
      try {
        const schema = await formSchemaOf({ module: target.module, page: target.page });
        if (!schema?.drawer) {
          void message.error('该单据所在的页面不存在');
          return onClose();
        }
        const record = await httpDataProvider.getOne({ module: target.module, id: target.recordId });
        if (live) setOpen({ schema, record: record as Record<string, unknown> & { id: number } });
      } catch {
        // The client showed why (no right to see it, deleted since).
        if (live) onClose();
      }
    })();
    return () => {
      live = false;
    };
  }, [target, message, onClose]);

  if (!open?.schema.drawer) return null;
  return (
    <DataProviderContext.Provider value={httpDataProvider}>
      <PageModuleContext.Provider value={open.schema.module}>
        <SideDrawer
          open
          readOnly
          config={open.schema.drawer}
          record={open.record}
          onClose={onClose}
          onSuccess={onClose}
        />
      </PageModuleContext.Provider>
    </DataProviderContext.Provider>
  );
}

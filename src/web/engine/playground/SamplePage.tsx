// A page as the app renders it (PageView, the component SchemaPage renders), against the sample provider and with
// every permission, so 新增, the drawer, its line items, 提交 and the stage actions all open without a server.
import { useMemo } from 'react';
import { Alert, App as AntApp } from 'antd';
import type { AnyPageSchema, ButtonDef } from '../../../common/schema/types';
import { isFieldOptionsPage, isPlatformTablePage, isTeamAdminPage } from '../../../common/schema/types';
import { DataProviderContext } from '../../api/data-provider';
import { PermissionContext } from '../Permission';
import { TenantContext } from '../tenant';
import { PageView } from '../page/PageRenderer';
import { createSampleProvider } from './sample-provider';
import { everyPermission } from './every-permission';
import { SAMPLE_TODAY } from './sample-values';

export interface SamplePageProps {
  /** The page, validated and with its defaults filled in (as the app renders it). */
  schema: AnyPageSchema;
  file: string;
  /** The other pages (also with defaults): the modules its pickers name answer their records. */
  others: AnyPageSchema[];
  modules: { key: string; actions?: string[] }[];
  onNavigate?: (path: string) => void;
}

/** The demo member's team: the sample records' creator, whom `currentUser` defaults name. */
const TENANT = { tenantName: '易管示例', userId: 1 };

/** Counts the providers made, so each one mounts the page afresh (its lists read the new records). */
let made = 0;

export function SamplePage({ schema, file, others, modules, onNavigate }: SamplePageProps) {
  const { message } = AntApp.useApp();
  // A new provider (fresh sample records) for each version of the page: the records follow its fields. The edited
  // page comes last, so it stands for its module even when another file declares the same one (a pasted copy).
  const provider = useMemo(() => createSampleProvider([...others, schema]), [schema, others]);
  const mount = useMemo(() => `${file}#${++made}`, [provider, file]);
  const codes = useMemo(() => everyPermission([...others, schema], modules), [schema, others, modules]);
  // Prints and documents are PDFs the server makes.
  const onAction = (b: ButtonDef) => {
    void message.info(`「${b.text}」需要服务器生成，样例数据不提供`);
  };
  // These editors read and write their own server endpoints, not records: sample data cannot stand in for them.
  if (isFieldOptionsPage(schema) || isTeamAdminPage(schema) || isPlatformTablePage(schema)) {
    return (
      <Alert
        type="info"
        showIcon
        message="此类页面由专用编辑器渲染，直接读写服务器接口"
        description="样例数据只驱动记录页面与字典页面；右侧的校验结果仍然有效。"
      />
    );
  }
  return (
    <DataProviderContext.Provider value={provider}>
      <PermissionContext.Provider value={codes}>
        <TenantContext.Provider value={TENANT}>
          <PageView
            key={mount}
            schema={schema}
            file={file}
            now={SAMPLE_TODAY}
            onNavigate={onNavigate}
            onAction={onAction}
          />
        </TenantContext.Provider>
      </PermissionContext.Provider>
    </DataProviderContext.Provider>
  );
}

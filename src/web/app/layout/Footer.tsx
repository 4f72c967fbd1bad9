/** Copyright and the ICP record-filing link. The record number comes from VITE_ICP_RECORD at build time. */
export const ICP_URL = 'https://beian.miit.gov.cn/';
const ICP_TEXT = (import.meta.env?.VITE_ICP_RECORD as string | undefined) || 'ICP备案信息';

export function AppFooter({ className }: { className?: string }) {
  return (
    <div className={className ?? 'yg-footer'}>
      <span>© 2026 易管 让管理更简单</span>
      <a href={ICP_URL} target="_blank" rel="noopener noreferrer">
        {ICP_TEXT}
      </a>
    </div>
  );
}

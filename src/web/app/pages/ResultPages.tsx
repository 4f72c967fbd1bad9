import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

function Home() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate('/')}>
      返回首页
    </Button>
  );
}

/** /empty: where unknown paths land. */
export function EmptyPage() {
  return <Result status="404" title="页面不存在" subTitle="您访问的页面不存在或暂未开放" extra={<Home />} />;
}

export function NotFoundPage() {
  return <Result status="404" title="404" subTitle="抱歉，您访问的页面不存在" extra={<Home />} />;
}

export function UnauthorizedPage() {
  return <Result status="403" title="401" subTitle="抱歉，您无权访问此页面" extra={<Home />} />;
}

/** Routes the user menu already reaches and later issues fill (personal centre, team onboarding). */
export function ComingSoonPage({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle="即将开放" extra={<Home />} />;
}

// A zoomable tips image (the tab bar's 帮助): buttons and the mouse wheel scale it by 1.2 within bounds.
import { useState, type WheelEvent } from 'react';
import { Button, Empty, Space } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Messages } from '../../../common/rules/messages';
import { TIPS_POPOVER_WIDTH, zoomScale } from '../constants';

export function TipsImage({ src }: { src?: string }) {
  const [scale, setScale] = useState(1);
  if (!src) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={Messages.noData} />;
  const onWheel = (e: WheelEvent) => setScale((s) => zoomScale(s, e.deltaY < 0 ? 'in' : 'out'));
  return (
    <div style={{ width: TIPS_POPOVER_WIDTH - 32 }}>
      <Space style={{ marginBottom: 8 }}>
        <Button
          size="small"
          icon={<ZoomOutOutlined />}
          aria-label="缩小"
          onClick={() => setScale((s) => zoomScale(s, 'out'))}
        />
        <span className="yg-scale">{Math.round(scale * 100)}%</span>
        <Button
          size="small"
          icon={<ZoomInOutlined />}
          aria-label="放大"
          onClick={() => setScale((s) => zoomScale(s, 'in'))}
        />
      </Space>
      <div style={{ overflow: 'auto', maxHeight: '60vh' }} onWheel={onWheel}>
        <img
          src={src}
          alt={Messages.help}
          style={{ transform: `scale(${scale})`, transformOrigin: '0 0', maxWidth: '100%' }}
        />
      </div>
    </div>
  );
}

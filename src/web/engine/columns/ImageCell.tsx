import { EyeOutlined } from '@ant-design/icons';
import { Image } from 'antd';
import type { CellProps } from './types';

/**
 * 32×32 preview; click opens the full image. Arrays show their first image. The hover mask shows an eye only: the
 * word (预览) does not fit a 32 px thumbnail and was cut.
 */
export function ImageCell({ value }: CellProps) {
  const first = Array.isArray(value) ? value[0] : value;
  const src = typeof first === 'string' ? first : (first as { url?: string } | undefined)?.url;
  if (!src) return null;
  return (
    <Image
      width={32}
      height={32}
      src={src}
      style={{ objectFit: 'cover' }}
      preview={{ mask: <EyeOutlined aria-label="预览" /> }}
    />
  );
}

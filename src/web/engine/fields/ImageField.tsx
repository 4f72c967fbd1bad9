import { Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { UploadedFile } from '../../api/data-provider';
import { adapt } from './adapt';
import { compressImage, FIELD_IMAGE_BOUNDS } from './image-compress';
import { useUploader } from './UploadField';
import type { FieldAdapterProps } from './types';

/** Picture-card upload; large images are re-compressed before they leave the browser. */
export const ImageField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps<UploadedFile[]>) => {
  const up = useUploader(def, value, onChange, (f) => compressImage(f, FIELD_IMAGE_BOUNDS));
  const full = (value?.length ?? 0) >= (def.limit ?? 1);
  return (
    <Upload
      {...(def.props as object)}
      listType="picture-card"
      accept={def.accept ?? 'image/*'}
      disabled={disabled}
      {...up}
    >
      {!full && !disabled && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 4 }}>上传图片</div>
        </div>
      )}
    </Upload>
  );
});

import { FileTextOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Upload } from 'antd';
import { useState } from 'react';
import { checkUploadSize } from '../../../common/rules/field-rules';
import { uploadFile, type UploadedFile } from '../../api/team';
import { compressImage } from '../../engine/fields/image-compress';

interface Props {
  value?: string;
  onChange?(url: string): void;
  /** Called after a successful upload, with the stored file. */
  onUploaded?(file: UploadedFile): void | Promise<void>;
  label: string;
  accept?: string;
  /** Compress photos by quality bisection before uploading (ID card, licence). */
  compress?: boolean;
  testId?: string;
  width?: number;
  height?: number;
}

/** One image (or PDF) upload: ≤ 10 MB, a single file, preview in the box; the value is the file's url. */
export function ImageUpload({
  value,
  onChange,
  onUploaded,
  label,
  accept = 'image/*',
  compress,
  testId,
  width = 240,
  height = 150,
}: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const isPdf = !!value && /\.pdf$/i.test(decodeURIComponent(value));

  return (
    <div className="yg-upload" data-testid={testId} style={{ width }}>
      <Upload
        accept={accept}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          const tooBig = checkUploadSize(file.size);
          if (tooBig) {
            void message.error(tooBig);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const original = file as File;
            const body = compress ? await compressImage(original) : original;
            const stored = await uploadFile(body, body instanceof File ? body.name : original.name);
            onChange?.(stored.url);
            await onUploaded?.(stored);
            onSuccess?.(stored);
          } catch (e) {
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className="yg-upload-box" style={{ width, height }} role="button" aria-label={label}>
          {value && !busy ? (
            isPdf ? (
              <span className="yg-upload-file">
                <FileTextOutlined /> 已上传 PDF
              </span>
            ) : (
              <img src={value} alt={label} />
            )
          ) : (
            <span className="yg-upload-empty">
              {busy ? <LoadingOutlined /> : <PlusOutlined />}
              <span>{busy ? '上传中…' : label}</span>
            </span>
          )}
        </div>
      </Upload>
      {value && !busy && <div className="yg-upload-hint">点击图片可重新上传</div>}
    </div>
  );
}

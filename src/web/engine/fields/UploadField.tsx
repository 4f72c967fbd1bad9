import { useContext, useRef } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { DataProviderContext, type UploadedFile } from '../../api/data-provider';
import { adapt } from './adapt';
import { guardFile } from './upload-guards';
import type { FieldAdapterProps } from './types';

export function toFileList(value: UploadedFile[] | undefined): UploadFile[] {
  return (value ?? []).map((f, i) => ({
    uid: `${i}-${f.url}`,
    name: f.name ?? f.fileName ?? f.url,
    url: f.url,
    status: 'done',
  }));
}

/** Shared by file and image uploads: guards size/count, sends through the data provider. */
export function useUploader(
  def: FieldAdapterProps['def'],
  value: UploadedFile[] | undefined,
  onChange?: (v: UploadedFile[]) => void,
  prepare?: (f: File) => Promise<Blob>,
) {
  const provider = useContext(DataProviderContext);
  const latest = useRef(value ?? []);
  latest.current = value ?? [];
  // Accepted files still uploading count against the limit, so a multi-file pick cannot overshoot it.
  const pending = useRef(0);
  return {
    fileList: toFileList(value),
    beforeUpload: (file: File) => {
      if (!guardFile(def, file, latest.current.length + pending.current + 1)) return Upload.LIST_IGNORE;
      pending.current += 1;
      return true;
    },
    customRequest: async ({
      file,
      onSuccess,
      onError,
    }: {
      file: unknown;
      onSuccess?: (r: unknown) => void;
      onError?: (e: Error) => void;
    }) => {
      const f = file as File;
      try {
        const body = prepare ? await prepare(f) : f;
        const stored = provider
          ? await provider.upload(body, f.name)
          : { url: URL.createObjectURL(body), name: f.name };
        latest.current = [...latest.current, { ...stored, name: stored.name ?? f.name }];
        onChange?.(latest.current);
        onSuccess?.(stored);
      } catch (e) {
        onError?.(e as Error);
      } finally {
        pending.current = Math.max(0, pending.current - 1);
      }
    },
    onRemove: (file: UploadFile) => {
      onChange?.(latest.current.filter((f) => f.url !== file.url));
      return true;
    },
  };
}

export const UploadField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps<UploadedFile[]>) => {
  const up = useUploader(def, value, onChange);
  return (
    <Upload {...(def.props as object)} accept={def.accept} multiple={(def.limit ?? 1) > 1} disabled={disabled} {...up}>
      <Button icon={<UploadOutlined />} disabled={disabled}>
        上传文件
      </Button>
    </Upload>
  );
});
